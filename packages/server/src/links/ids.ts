import { randomBytes } from 'node:crypto'
import { RANDOM_SLUG_ALPHABET, RANDOM_SLUG_LENGTH } from '@pdfx/schema'
import { randomBase62 } from '../store/base62.js'

/** `length` uniformly random characters of the lower-case base32 alphabet (5 bits each). */
export function randomBase32(length: number): string {
  let out = ''
  // 256 is a multiple of 32, so masking a byte keeps every character equally likely.
  for (const byte of randomBytes(length)) out += RANDOM_SLUG_ALPHABET[byte & 31]
  return out
}

/** A Doc Link item id: `lnk_` and 16 base32 characters (80 bits). */
export function newLinkId(): string {
  return `lnk_${randomBase32(16)}`
}

/** A generated public slug: 16 base32 characters, 80 bits nobody can guess. */
export function newSlug(): string {
  return randomBase32(RANDOM_SLUG_LENGTH)
}

/** A visit id: `vis_` and 16 base62 characters. */
export function newVisitId(): string {
  return `vis_${randomBase62(16)}`
}
