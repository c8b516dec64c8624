import { PdfxError, VisitSchema } from '@pdfx/schema'
import type { PageDwell } from '../links/link-store.js'
import { MAX_TOKEN_LENGTH } from './view-tokens.js'

/** Most page entries one events batch may carry. */
export const MAX_PAGES_PER_BATCH = 64

/** Highest page number accepted; no real PDF comes near it. */
export const MAX_PAGE_NUMBER = 100_000

/** Longest email address accepted (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254

// The email of a visit row as the API will serve it: a captured address must pass this check,
// or listing the link's visits would fail on it later.
const VisitEmailSchema = VisitSchema.shape.email.unwrap()

/** Body of `POST /d/:slug/visits`: the view ticket of the page, and the captured email if any. */
export interface VisitRequest {
  ticket: string
  email?: string | undefined
}

/** Body of `POST /d/:slug/events`: dwell per page since the previous batch. */
export interface EventsRequest {
  visitToken: string
  pages: PageDwell[]
}

/**
 * A recipient address from `?email=` or a visit request, lowercased, or undefined when it is
 * missing or no valid address: a bad `?email=` must not stop anyone from reading the document.
 */
export function parseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const email = value.trim().toLowerCase()
  if (email === '' || email.length > MAX_EMAIL_LENGTH) return undefined
  return VisitEmailSchema.safeParse(email).success ? email : undefined
}

/** Checks a visit request; unknown fields are refused, like everywhere in the API. */
export function parseVisitRequest(body: unknown): VisitRequest {
  const fields = objectOf(body, ['ticket', 'email'])
  const ticket = tokenOf(fields.ticket, 'ticket')
  if (fields.email === undefined) return { ticket }
  const email = parseEmail(fields.email)
  if (email === undefined) invalid('email: must be an email address of at most 254 characters')
  return { ticket, email }
}

/** Checks an events batch: page numbers from 1, whole non-negative milliseconds. */
export function parseEventsRequest(body: unknown): EventsRequest {
  const fields = objectOf(body, ['visitToken', 'pages'])
  const visitToken = tokenOf(fields.visitToken, 'visitToken')
  if (!Array.isArray(fields.pages)) invalid('pages: must be an array')
  if (fields.pages.length > MAX_PAGES_PER_BATCH) {
    invalid(`pages: at most ${MAX_PAGES_PER_BATCH} entries per batch`)
  }
  const pages = fields.pages.map((entry: unknown, index): PageDwell => {
    const { page, ms } = objectOf(entry, ['page', 'ms'], `pages.${index}`)
    if (!Number.isSafeInteger(page) || (page as number) < 1 || (page as number) > MAX_PAGE_NUMBER) {
      invalid(`pages.${index}.page: must be a whole number from 1 to ${MAX_PAGE_NUMBER}`)
    }
    if (!Number.isSafeInteger(ms) || (ms as number) < 0) {
      invalid(`pages.${index}.ms: must be a whole number of milliseconds, at least 0`)
    }
    return { page: page as number, ms: ms as number }
  })
  return { visitToken, pages }
}

function objectOf<Field extends string>(
  value: unknown,
  allowed: readonly Field[],
  where = 'body',
): Partial<Record<Field, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    invalid(`${where}: must be a JSON object`)
  }
  const unknown = Object.keys(value).find((key) => !(allowed as readonly string[]).includes(key))
  if (unknown !== undefined) invalid(`${where}: unknown field ${JSON.stringify(unknown)}`)
  return value as Partial<Record<Field, unknown>>
}

function tokenOf(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_TOKEN_LENGTH) {
    invalid(`${name}: must be a token string`)
  }
  return value
}

function invalid(message: string): never {
  throw new PdfxError('invalid_request', `Invalid body: ${message}`)
}
