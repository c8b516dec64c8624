import { PY_WHITESPACE_CLASS } from './whitespace'

const INT_LITERAL = new RegExp(
  `^[${PY_WHITESPACE_CLASS}]*([+-]?)(\\p{Nd}(?:_?\\p{Nd})*)[${PY_WHITESPACE_CLASS}]*$`,
  'u',
)
const DECIMAL_DIGIT = /^\p{Nd}$/u

// Unicode decimal digits come in runs of ten consecutive code points, each starting at its
// zero (longer runs, like the mathematical digits, are several such runs back to back).
function digitValue(char: string): number {
  const code = char.codePointAt(0) as number
  let first = code
  while (DECIMAL_DIGIT.test(String.fromCodePoint(first - 1))) first--
  return (code - first) % 10
}

/** Python's `int(text)`: surrounding whitespace, a sign, Unicode digits and `_` separators; throws like Python on anything else. */
export function parsePythonInt(text: string): number {
  const match = INT_LITERAL.exec(text)
  if (!match) throw new Error(`invalid literal for int() with base 10: '${text}'`)
  let value = 0
  for (const char of (match[2] as string).replaceAll('_', '')) {
    value = value * 10 + (char >= '0' && char <= '9' ? Number(char) : digitValue(char))
  }
  return match[1] === '-' ? -value : value
}
