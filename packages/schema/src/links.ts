import { z } from 'zod'
import { DateTimeSchema, HttpUrlSchema } from './formats'

/** Alphabet of generated slugs and link ids: RFC 4648 base32, lowercased (no 0, 1, 8, 9). */
export const RANDOM_SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'
/** Characters in a generated slug: 16 base32 characters carry 80 random bits. */
export const RANDOM_SLUG_LENGTH = 16
/** Most links `GET /api/v1/links` returns. */
export const MAX_LINKS_PER_LIST = 100

/**
 * Vanity slugs that are refused: names of our own pages and words that would let a link pose as
 * the service itself.
 */
export const RESERVED_SLUGS = [
  'account',
  'admin',
  'api',
  'app',
  'assets',
  'billing',
  'dashboard',
  'docs',
  'health',
  'help',
  'login',
  'logout',
  'mcp',
  'new',
  'openapi',
  'pdfx',
  'settings',
  'signup',
  'static',
  'support',
] as const

const reservedSlugs: ReadonlySet<string> = new Set(RESERVED_SLUGS)

/** Doc Link item id: `lnk_` and 16 to 32 random lowercase letters or digits. */
export const LinkIdSchema = z.string().regex(/^lnk_[a-z0-9]{16,32}$/)

/** A generated slug: exactly 16 characters of RANDOM_SLUG_ALPHABET. */
export const RandomSlugSchema = z.string().regex(/^[a-z2-7]{16}$/)

// 3-64 characters of [a-z0-9-], neither first nor last a hyphen. Generated slugs match it too.
const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$/

/** Any public slug as the service reports it, generated or vanity. */
export const SlugSchema = z.string().regex(SLUG_PATTERN)

/** A slug a premium user may ask for: the slug rules, minus the reserved words. */
export const VanitySlugSchema = z
  .string()
  .regex(SLUG_PATTERN, {
    message: 'slug must be 3-64 of a-z, 0-9 and -, not starting or ending with -',
  })
  .refine((slug) => !reservedSlugs.has(slug), { message: 'slug is reserved' })
  // The refinement is invisible to JSON Schema, so state it there as well.
  .meta({ not: { enum: [...RESERVED_SLUGS] } })

/** Path parameter of the link endpoints: an item id (`lnk_...`) or a public slug. */
export const LinkIdOrSlugSchema = z
  .union([LinkIdSchema, SlugSchema])
  .describe('Doc Link item id (`lnk_...`) or its public slug.')

const CountSchema = z.int().min(0)
const PublicLinkSchema = HttpUrlSchema.describe('Public URL of the form {base_url}/d/<slug>.')

// SPEC 2.2: the public URL is `{base_url}/d/<slug>`; a mismatch means the server built it wrong.
const linkMatchesSlug = (value: { link: string; slug: string }) =>
  value.link.endsWith(`/d/${value.slug}`)
const linkMismatch = { path: ['link'], message: 'link must end with /d/<slug>' }

/** Response of `POST /api/v1/links`: the new Doc Link. */
export const DocLinkSchema = z
  .strictObject({
    id: LinkIdSchema,
    slug: SlugSchema,
    link: PublicLinkSchema,
    name: z.string().min(1),
    expiresAt: DateTimeSchema.nullable().optional(),
  })
  .refine(linkMatchesSlug, linkMismatch)
/** A newly created Doc Link. */
export type DocLink = z.infer<typeof DocLinkSchema>

/** One entry of `GET /api/v1/links`. */
export const DocLinkListItemSchema = z
  .strictObject({
    id: LinkIdSchema,
    slug: SlugSchema,
    link: PublicLinkSchema,
    name: z.string().min(1),
    disabled: z.boolean(),
    createdAt: DateTimeSchema,
    totalViews: CountSchema,
    expiresAt: DateTimeSchema.nullable().optional(),
    sizeBytes: CountSchema.nullable().optional(),
    lastViewAt: DateTimeSchema.nullable().optional(),
  })
  .refine(linkMatchesSlug, linkMismatch)
/** A Doc Link as listed in the library. */
export type DocLinkListItem = z.infer<typeof DocLinkListItemSchema>

/** Response of `GET /api/v1/links`: at most 100 links, newest first. */
export const DocLinkListSchema = z.strictObject({
  links: z.array(DocLinkListItemSchema).max(MAX_LINKS_PER_LIST),
})
/** The account's Doc Links. */
export type DocLinkList = z.infer<typeof DocLinkListSchema>

/** Plan of the account that owns a link; `pro` is the premium plan. */
export const PlanSchema = z.enum(['free', 'pro'])
/** `free` or `pro`. */
export type Plan = z.infer<typeof PlanSchema>

const CountryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .describe('ISO 3166-1 alpha-2 country code, uppercase.')

/** One recent visit of a Doc Link. Visitors are an opaque hash: no raw IP is ever stored. */
export const VisitSchema = z
  .strictObject({
    id: z.string().min(1),
    startedAt: DateTimeSchema,
    lastSeenAt: DateTimeSchema,
    visitor: z.string().min(1).describe('Opaque hash identifying a returning visitor.'),
    country: CountryCodeSchema.optional(),
    company: z.string().min(1).optional().describe('Visitor organisation (premium plans).'),
    network: z
      .enum(['isp', 'hosting'])
      .optional()
      .describe(
        'Set when the visit came through an ISP or a hosting network, not an organisation.',
      ),
    email: z.email().optional().describe('Email the visitor entered, when one was captured.'),
    pagesViewed: CountSchema,
    durationMs: CountSchema,
    device: z.enum(['desktop', 'mobile', 'tablet']).optional(),
  })
  .refine((visit) => Date.parse(visit.lastSeenAt) >= Date.parse(visit.startedAt), {
    path: ['lastSeenAt'],
    message: 'lastSeenAt is before startedAt',
  })
/** One visit row. */
export type Visit = z.infer<typeof VisitSchema>

/** Response of `GET /api/v1/links/{id}`: summary always, breakdowns on premium plans. */
export const DocLinkStatsSchema = z
  .strictObject({
    id: LinkIdSchema,
    slug: SlugSchema,
    link: PublicLinkSchema,
    name: z.string().min(1),
    plan: PlanSchema,
    disabled: z.boolean(),
    expiresAt: DateTimeSchema.nullable().optional(),
    totalViews: CountSchema,
    visitors: CountSchema.describe('Unique visitors.'),
    lastVisit: DateTimeSchema.nullable().optional(),
    countries: z
      .array(z.strictObject({ country: CountryCodeSchema, visits: CountSchema }))
      .optional()
      .describe('Premium plans only.'),
    companies: z
      .array(z.strictObject({ company: z.string().min(1), visits: CountSchema }))
      .optional()
      .describe('Premium plans only.'),
    pages: z
      .array(
        z.strictObject({
          page: z.int().min(1),
          views: CountSchema,
          avgMs: CountSchema.describe('Average dwell time on the page, in milliseconds.'),
        }),
      )
      .optional()
      .describe('Premium plans only.'),
    visits: z.array(VisitSchema).optional().describe('Only with include=visits.'),
    upgradeNote: z.string().optional(),
  })
  .refine(linkMatchesSlug, linkMismatch)
/** Analytics of one Doc Link. */
export type DocLinkStats = z.infer<typeof DocLinkStatsSchema>

/** Response of `DELETE /api/v1/links/{id}`; repeating the call gives the same answer. */
export const DocLinkRevokedSchema = z.strictObject({
  id: LinkIdSchema,
  slug: SlugSchema,
  disabled: z.literal(true),
})
/** A revoked Doc Link. */
export type DocLinkRevoked = z.infer<typeof DocLinkRevokedSchema>
