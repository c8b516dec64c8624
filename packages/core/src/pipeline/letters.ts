/**
 * How many letters a text holds, in any script. Plain ASCII, most of nearly every page's text, is
 * counted by character code: the Unicode pattern's match array was a hot spot of line grouping.
 * The first other character hands the rest of the text to the pattern.
 */
export function countLetters(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x80) return count + (text.slice(i).match(/\p{L}/gu)?.length ?? 0)
    // Setting bit 5 folds A-Z onto a-z and moves no other ASCII character into a-z.
    const folded = code | 0x20
    if (folded >= 0x61 && folded <= 0x7a) count++
  }
  return count
}
