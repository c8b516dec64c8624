/**
 * What CommonMark would take out of a PDF's text when it renders it, and so must be escaped:
 * a `<` opening what reads as raw HTML (`<filename>`, `</b>`, `<!-- x -->`, `<?php ?>`), which
 * renderers pass on as markup or drop; an `&` opening an entity (`&copy;`, `&#169;`), which would
 * show another character; a backslash before punctuation (`C:\*`), which would vanish as an
 * escape of its own. The HTML forms are CommonMark's own, so a `<` that cannot open one stays as
 * it is (`a < b`, `x<y and`, `<Re<4000`), and so does an autolink (`<https://example.org>`),
 * which renders as its text.
 */
const OPEN_TAG =
  /[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>/
const CLOSING_TAG = /\/[A-Za-z][A-Za-z0-9-]*\s*>/
const COMMENT = /!--(?:>|->|[\s\S]*?-->)/
const INSTRUCTION = /\?[\s\S]*?\?>/
const DECLARATION = /![A-Za-z][^>]*>/
const CDATA = /!\[CDATA\[[\s\S]*?\]\]>/
const ENTITY = /[A-Za-z][A-Za-z0-9]{0,31};|#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};/
const SWALLOWED = new RegExp(
  `<(?=${[OPEN_TAG, CLOSING_TAG, COMMENT, INSTRUCTION, DECLARATION, CDATA].map((form) => form.source).join('|')})` +
    `|&(?=${ENTITY.source})|\\\\(?=[!-/:-@[-\`{-~])`,
  'g',
)

/** Text as Markdown inline content that renders as the same characters. */
export function escapeInline(text: string): string {
  return text.replace(SWALLOWED, '\\$&')
}

/** A fence for code: longer than any run of backticks inside it, so the code cannot close it. */
export function codeFence(code: string): string {
  let longest = 0
  for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  return '`'.repeat(Math.max(3, longest + 1))
}
