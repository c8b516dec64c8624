// Python's `str.isspace()` / regex `\s` set, which differs from JavaScript's `\s`: it adds
// U+001C..U+001F and U+0085 and lacks U+FEFF. The reference scorer is Python, so every
// whitespace rule of the metrics uses this set.

/** Body of a regex character class matching exactly Python's Unicode whitespace. */
export const PY_WHITESPACE_CLASS =
  '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'

const WHITESPACE_RUN = new RegExp(`[${PY_WHITESPACE_CLASS}]+`, 'g')
const LEADING = new RegExp(`^[${PY_WHITESPACE_CLASS}]+`)
const TRAILING = new RegExp(`[${PY_WHITESPACE_CLASS}]+$`)

/** Whether a code point is whitespace by Python's `str.isspace()`. */
export function isPyWhitespace(codePoint: number): boolean {
  if (codePoint <= 0x20)
    return codePoint === 0x20 || (codePoint >= 0x09 && codePoint <= 0x0d) || codePoint >= 0x1c
  if (codePoint < 0x85) return false
  return (
    codePoint === 0x85 ||
    codePoint === 0xa0 ||
    codePoint === 0x1680 ||
    (codePoint >= 0x2000 && codePoint <= 0x200a) ||
    codePoint === 0x2028 ||
    codePoint === 0x2029 ||
    codePoint === 0x202f ||
    codePoint === 0x205f ||
    codePoint === 0x3000
  )
}

/** Python's `str.strip()` without arguments. */
export function stripPy(text: string): string {
  return text.replace(LEADING, '').replace(TRAILING, '')
}

/** Every whitespace run collapsed to one space, then trimmed: the metrics' text normalisation. */
export function squashWhitespace(text: string): string {
  return stripPy(text.replace(WHITESPACE_RUN, ' '))
}
