// Python's `str.splitlines()` breaks at more characters than \n and \r; the reference scorer
// splits Markdown with it, so a U+2028 or a form feed starts a new line there, and here too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+001C..U+001E are line breaks to Python
const LINE_BREAK = /\r\n|[\n\v\f\r\x1c-\x1e\x85\u2028\u2029]/g

/** Python's `str.splitlines(keepends)`: lines split at every Unicode line boundary. */
export function splitLines(text: string, keepEnds = false): string[] {
  const lines: string[] = []
  let start = 0
  for (const match of text.matchAll(LINE_BREAK)) {
    const end = match.index + match[0].length
    lines.push(text.slice(start, keepEnds ? end : match.index))
    start = end
  }
  if (start < text.length) lines.push(text.slice(start))
  return lines
}
