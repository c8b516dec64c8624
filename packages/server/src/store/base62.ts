import { randomBytes } from 'node:crypto'

/** Digits, then upper case, then lower case: the alphabet of ids, API keys and their checksums. */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

// 248 = 4 × 62: bytes at or above it are dropped so that every character is equally likely.
const UNBIASED_BYTE_LIMIT = 248

/** A string of `length` uniformly random base62 characters from the system CSPRNG. */
export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length + 8)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue
      out += BASE62_ALPHABET[byte % 62]
      if (out.length === length) break
    }
  }
  return out
}

/** `value` (a non-negative integer) in base62, left-padded with `0` to `width` characters. */
export function encodeBase62(value: number, width: number): string {
  let out = ''
  let rest = value
  while (rest > 0) {
    out = BASE62_ALPHABET[rest % 62] + out
    rest = Math.floor(rest / 62)
  }
  return out.padStart(width, '0')
}
