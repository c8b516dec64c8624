import { createHmac, randomBytes } from 'node:crypto'
import { utcDay } from '../store/calendar.js'
import { clientBucket } from '../store/client-bucket.js'

/** Name of the first-party cookie that recognises a returning browser. */
export const VISITOR_COOKIE = 'pdfx_visitor'

/** How long the visitor cookie lives, in seconds: a year, like most first-party analytics. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** A browser's id in the visitor cookie: `vst_` and 16 random bytes in base64url. */
const VISITOR_ID = /^vst_[A-Za-z0-9_-]{22}$/

/** A fresh random browser id for the visitor cookie. */
export function newVisitorId(): string {
  return `vst_${randomBytes(16).toString('base64url')}`
}

/** True for a value `newVisitorId` could have made; anything else in a cookie is ignored. */
export function isVisitorId(value: string): boolean {
  return VISITOR_ID.test(value)
}

/**
 * The visitor stored on a visit: a keyed hash of the link and the browser's cookie id. One cookie
 * serves every link (it is scoped to `/d`), so storing its id would let the owners of different
 * links recognise the same reader across their links; a per-link pseudonym does not.
 */
export function linkVisitor(key: Buffer, linkId: string, visitorId: string): string {
  const digest = createHmac('sha256', key).update(`${linkId}\n${visitorId}`).digest('base64url')
  return `v_${digest.slice(0, 22)}`
}

/**
 * The daily hash of a client: a keyed hash of the UTC day, the client's network bucket (IPv4
 * address, IPv6 /64) and user agent. It recognises a returning browser that keeps no cookie,
 * for the rest of the day only: the day is part of what is hashed, so tomorrow's hashes share
 * nothing with today's, and the address itself is never stored.
 */
export function dailyHash(
  key: Buffer,
  now: Date,
  ip: string,
  userAgent: string | undefined,
): string {
  return createHmac('sha256', key)
    .update(`${utcDay(now)}\n${clientBucket(ip)}\n${userAgent ?? ''}`)
    .digest('hex')
}

/** Midnight UTC of the day `now` falls on: daily hashes are looked up from there on. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}
