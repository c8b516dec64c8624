/** The code points of a string: Python measures and compares strings in code points, not UTF-16 units. */
export function toCodePoints(text: string): Int32Array {
  const out = new Int32Array(text.length)
  let length = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        out[length++] = ((unit - 0xd800) << 10) + (next - 0xdc00) + 0x10000
        i++
        continue
      }
    }
    out[length++] = unit
  }
  return length === text.length ? out : out.slice(0, length)
}

/** Number of code points in a string (Python's `len`). */
export function codePointLength(text: string): number {
  let length = text.length
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--
        i++
      }
    }
  }
  return length
}
