import { describe, expect, it } from 'vitest'
import {
  type DocLink,
  type DocLinkListItem,
  DocLinkListItemSchema,
  DocLinkListSchema,
  DocLinkRevokedSchema,
  DocLinkSchema,
  type DocLinkStats,
  DocLinkStatsSchema,
  LinkIdOrSlugSchema,
  LinkIdSchema,
  RANDOM_SLUG_ALPHABET,
  RANDOM_SLUG_LENGTH,
  RandomSlugSchema,
  RESERVED_SLUGS,
  SlugSchema,
  VanitySlugSchema,
  type Visit,
  VisitSchema,
} from './links'

const docLink: DocLink = {
  id: 'lnk_k3j9x2m4p7q8r5t6',
  slug: 'mfrggzdfmztwq2lk',
  link: 'https://pdfx.example/d/mfrggzdfmztwq2lk',
  name: 'q3-report.pdf',
}

const listItem: DocLinkListItem = {
  ...docLink,
  disabled: false,
  createdAt: '2025-06-01T09:30:00.000Z',
  totalViews: 12,
  expiresAt: null,
  sizeBytes: 482113,
  lastViewAt: '2025-06-03T17:02:11Z',
}

const visit: Visit = {
  id: 'vis_000123',
  startedAt: '2025-06-03T17:00:00Z',
  lastSeenAt: '2025-06-03T17:02:11Z',
  visitor: '9f86d081884c7d659a2feaa0c55ad015',
  country: 'DE',
  company: 'Example GmbH',
  email: 'reader@example.com',
  pagesViewed: 4,
  durationMs: 131000,
  device: 'desktop',
}

const freeStats: DocLinkStats = {
  ...docLink,
  plan: 'free',
  disabled: false,
  expiresAt: null,
  totalViews: 12,
  visitors: 5,
  lastVisit: '2025-06-03T17:02:11Z',
  upgradeNote: 'Countries, companies and per-page views are available on the pro plan.',
}

describe('ids and slugs', () => {
  it('accepts a link id and refuses other prefixes or lengths', () => {
    expect(LinkIdSchema.safeParse('lnk_k3j9x2m4p7q8r5t6').success).toBe(true)
    expect(LinkIdSchema.safeParse('lnk_short').success).toBe(false)
    expect(LinkIdSchema.safeParse('link_k3j9x2m4p7q8r5t6').success).toBe(false)
    expect(LinkIdSchema.safeParse('lnk_K3J9X2M4P7Q8R5T6').success).toBe(false)
  })

  it('accepts a generated slug made from the alphabet', () => {
    const slug = RANDOM_SLUG_ALPHABET.slice(0, RANDOM_SLUG_LENGTH)
    expect(RandomSlugSchema.safeParse(slug).success).toBe(true)
    expect(SlugSchema.safeParse(slug).success).toBe(true)
    expect(RandomSlugSchema.safeParse('mfrggzdfmztwq2l0').success).toBe(false) // 0 is not base32
    expect(RandomSlugSchema.safeParse('mfrggzdfmztwq2l').success).toBe(false)
  })

  it.each(['q3-report', 'abc', 'a'.repeat(64), '2025-annual-report'])(
    'accepts the vanity slug %s',
    (slug) => {
      expect(VanitySlugSchema.safeParse(slug).success).toBe(true)
    },
  )

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(65)],
    ['a leading hyphen', '-report'],
    ['a trailing hyphen', 'report-'],
    ['uppercase letters', 'Q3-Report'],
    ['an underscore', 'q3_report'],
    ['a slash', 'q3/report'],
    ['a space', 'q3 report'],
    ['a reserved word', 'admin'],
  ])('refuses a vanity slug with %s', (_, slug) => {
    expect(VanitySlugSchema.safeParse(slug).success).toBe(false)
  })

  it('refuses every reserved slug although each is well formed', () => {
    for (const slug of RESERVED_SLUGS) {
      expect(SlugSchema.safeParse(slug).success).toBe(true)
      expect(VanitySlugSchema.safeParse(slug).success).toBe(false)
    }
  })

  it('takes an id or a slug as the path parameter', () => {
    expect(LinkIdOrSlugSchema.safeParse('lnk_k3j9x2m4p7q8r5t6').success).toBe(true)
    expect(LinkIdOrSlugSchema.safeParse('q3-report').success).toBe(true)
    expect(LinkIdOrSlugSchema.safeParse('lnk_').success).toBe(false)
    expect(LinkIdOrSlugSchema.safeParse('../etc/passwd').success).toBe(false)
  })
})

describe('DocLinkSchema', () => {
  it('accepts a new link with and without expiry', () => {
    expect(DocLinkSchema.parse(docLink)).toEqual(docLink)
    expect(
      DocLinkSchema.safeParse({ ...docLink, expiresAt: '2025-12-31T23:59:59+01:00' }).success,
    ).toBe(true)
    expect(DocLinkSchema.safeParse({ ...docLink, expiresAt: null }).success).toBe(true)
  })

  it.each([
    [
      'a link that does not end in /d/<slug>',
      { ...docLink, link: 'https://pdfx.example/d/other-slug' },
    ],
    ['a non-http link', { ...docLink, link: 'ftp://pdfx.example/d/mfrggzdfmztwq2lk' }],
    ['an expiry without an offset', { ...docLink, expiresAt: '2025-12-31T23:59:59' }],
    ['an impossible date', { ...docLink, expiresAt: '2025-02-30T00:00:00Z' }],
    ['an unknown field', { ...docLink, notifyOnOpen: true }],
    ['an empty name', { ...docLink, name: '' }],
  ])('rejects %s', (_, value) => {
    expect(DocLinkSchema.safeParse(value).success).toBe(false)
  })
})

describe('DocLinkListSchema', () => {
  it('accepts a list with a minimal and a complete item', () => {
    const minimal = { ...docLink, disabled: true, createdAt: '2025-06-01T09:30:00Z', totalViews: 0 }
    expect(DocLinkListSchema.safeParse({ links: [listItem, minimal] }).success).toBe(true)
  })

  it('accepts exactly 100 links and refuses 101', () => {
    expect(DocLinkListSchema.safeParse({ links: Array(100).fill(listItem) }).success).toBe(true)
    expect(DocLinkListSchema.safeParse({ links: Array(101).fill(listItem) }).success).toBe(false)
  })

  it.each([
    ['negative views', { ...listItem, totalViews: -1 }],
    ['a fractional size', { ...listItem, sizeBytes: 1.5 }],
    ['a date without time', { ...listItem, createdAt: '2025-06-01' }],
    ['a missing disabled flag', { ...listItem, disabled: undefined }],
  ])('rejects an item with %s', (_, value) => {
    expect(DocLinkListItemSchema.safeParse(value).success).toBe(false)
  })
})

describe('DocLinkStatsSchema', () => {
  it('accepts the free-plan summary', () => {
    expect(DocLinkStatsSchema.parse(freeStats)).toEqual(freeStats)
  })

  it('accepts premium breakdowns and visit rows', () => {
    const stats = {
      ...freeStats,
      plan: 'pro',
      countries: [{ country: 'DE', visits: 7 }],
      companies: [{ company: 'Example GmbH', visits: 3 }],
      pages: [{ page: 1, views: 12, avgMs: 8400 }],
      visits: [visit, { ...visit, id: 'vis_000124', country: undefined, email: undefined }],
    }
    expect(DocLinkStatsSchema.safeParse(stats).success).toBe(true)
  })

  it.each([
    ['an unknown plan', { ...freeStats, plan: 'enterprise' }],
    ['a lowercase country', { ...freeStats, countries: [{ country: 'de', visits: 1 }] }],
    ['page 0', { ...freeStats, pages: [{ page: 0, views: 1, avgMs: 1 }] }],
    ['a missing visitor count', { ...freeStats, visitors: undefined }],
    ['an unknown field', { ...freeStats, ips: ['203.0.113.9'] }],
  ])('rejects %s', (_, value) => {
    expect(DocLinkStatsSchema.safeParse(value).success).toBe(false)
  })
})

describe('VisitSchema', () => {
  it('accepts a minimal and an enriched visit', () => {
    const minimal = {
      id: 'vis_1',
      startedAt: visit.startedAt,
      lastSeenAt: visit.startedAt,
      visitor: 'h',
      pagesViewed: 0,
      durationMs: 0,
    }
    expect(VisitSchema.safeParse(minimal).success).toBe(true)
    expect(VisitSchema.parse(visit)).toEqual(visit)
  })

  it.each([
    ['a raw IP field', { ...visit, ip: '203.0.113.9' }],
    ['an invalid email', { ...visit, email: 'not an email' }],
    ['an unknown device', { ...visit, device: 'toaster' }],
    ['an end before its start', { ...visit, lastSeenAt: '2025-06-03T16:59:59Z' }],
  ])('rejects %s', (_, value) => {
    expect(VisitSchema.safeParse(value).success).toBe(false)
  })
})

describe('DocLinkRevokedSchema', () => {
  it('accepts a revoked link and refuses one that is still enabled', () => {
    const revoked = { id: docLink.id, slug: docLink.slug, disabled: true }
    expect(DocLinkRevokedSchema.parse(revoked)).toEqual(revoked)
    expect(DocLinkRevokedSchema.safeParse({ ...revoked, disabled: false }).success).toBe(false)
  })
})
