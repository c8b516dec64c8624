import { createHash } from 'node:crypto'
import { encodeBase62, randomBase62 } from './base62'

/** Every API key starts with this, so leaked keys are easy to recognise (secret scanners, logs). */
export const API_KEY_PREFIX = 'pdfx_'

/** Random base62 characters after the prefix: 32 × log2(62) ≈ 190 bits. */
const BODY_LENGTH = 32
/** Base62 characters of checksum after the body; a random typo passes with odds 1 in 62⁴. */
const CHECKSUM_LENGTH = 4
/** Body characters kept in the display prefix, enough to tell keys apart in a list. */
const DISPLAY_BODY_LENGTH = 4

const API_KEY_PATTERN = new RegExp(
  `^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH}}[0-9A-Za-z]{${CHECKSUM_LENGTH}}$`,
)

function checksumOf(body: string): string {
  const digest = createHash('sha256').update(body).digest()
  return encodeBase62(digest.readUInt32BE(0) % 62 ** CHECKSUM_LENGTH, CHECKSUM_LENGTH)
}

/** A new API key: `pdfx_` + 32 random base62 characters + a 4-character checksum of them. */
export function generateApiKey(): string {
  const body = randomBase62(BODY_LENGTH)
  return `${API_KEY_PREFIX}${body}${checksumOf(body)}`
}

/**
 * Whether `candidate` has the shape and checksum of a key we issued; lets the server refuse
 * mistyped or made-up keys without a database query.
 */
export function isWellFormedApiKey(candidate: string): boolean {
  if (!API_KEY_PATTERN.test(candidate)) return false
  const body = candidate.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + BODY_LENGTH)
  return candidate.endsWith(checksumOf(body))
}

/** SHA-256 of the whole key as lower-case hex: the only form of a key the database holds. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** The first characters of a key (`pdfx_AbCd`), stored so people can recognise it in a list. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + DISPLAY_BODY_LENGTH)
}
