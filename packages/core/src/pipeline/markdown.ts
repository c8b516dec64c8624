import type { Element, Table } from '@pdfx/schema'
import { codeFence, escapeInline } from './markdown-escape.js'
import { repeatsHeader } from './table-continuation.js'
import { oneLine, tableToMarkdown } from './table-markdown.js'

/** Options of the Markdown rendering. */
export interface MarkdownOptions {
  /** Keep running headers, footers and page numbers (left out by default). */
  keepFurniture?: boolean
}

/**
 * Renders elements as CommonMark/GFM: `#` headings, lists with their markers, fenced code,
 * tables, paragraphs separated by blank lines. The output ends with one newline, or is empty.
 * Text is escaped where Markdown would render other characters than the PDF's.
 */
export function toMarkdown(elements: readonly Element[], options: MarkdownOptions = {}): string {
  const parts: (string | Table)[] = []
  // Where the last table was rendered, while nothing but page apparatus has followed it: a table
  // continued on the next page joins it there, so that a reader sees one table, not one per page.
  let open = -1
  /** The open table, when `element` is the part of it that the next page continues. */
  const continues = (element: Element | undefined): Table | undefined => {
    const previous = parts[open]
    const table = element?.table
    return element?.type === 'table' &&
      table &&
      element.continued &&
      typeof previous === 'object' &&
      previous.columns === table.columns
      ? previous
      : undefined
  }
  for (const [index, element] of elements.entries()) {
    const previous = continues(element)
    if (previous && element.table) {
      parts[open] = joinContinuation(previous, element.table)
      continue
    }
    // The caption repeated over the part that continues the open table: table-continuation
    // lets a table go on past its own caption only.
    if (element.type === 'caption' && continues(elements[index + 1])) continue
    if (element.type === 'table' && element.table) {
      open = parts.push(element.table) - 1
      continue
    }
    if (!isPageApparatus(element)) open = -1
    const rendered = renderElement(element, options)
    if (rendered.length > 0) parts.push(rendered)
  }
  if (parts.length === 0) return ''
  const rendered = parts.map((part) => (typeof part === 'string' ? part : tableToMarkdown(part)))
  return `${rendered.join('\n\n')}\n`
}

/** Elements a page break puts between the two parts of a table: they do not end the table. */
function isPageApparatus(element: Element): boolean {
  return element.type === 'header' || element.type === 'footer' || element.type === 'footnote'
}

/**
 * The rows of `continuation` added under `table`'s; the header rows it repeats from the page
 * before, word for word, are left out.
 */
function joinContinuation(table: Table, continuation: Table): Table {
  const repeated = repeatsHeader(table, continuation) ? table.headerRows : 0
  const offset = table.rows - repeated
  const cells = [...table.cells]
  for (const cell of continuation.cells) {
    if (cell.row >= repeated) cells.push({ ...cell, row: cell.row + offset })
  }
  return { ...table, rows: table.rows + continuation.rows - repeated, cells }
}

function renderElement(element: Element, options: MarkdownOptions): string {
  switch (element.type) {
    case 'heading':
      return `${'#'.repeat(element.level ?? 1)} ${escapeHeading(oneLine(element.text))}`
    case 'list':
      return escapeInline(element.text)
    case 'code': {
      const fence = codeFence(element.text)
      return `${fence}\n${element.text}\n${fence}`
    }
    case 'header':
    case 'footer':
      return options.keepFurniture ? escapeBlock(oneLine(element.text)) : ''
    case 'image':
      return element.text
    case 'table':
      return element.text
    default:
      return escapeBlock(element.text.trim())
  }
}

/**
 * Escapes a paragraph's text, and first characters that would change its kind: a `#` would make
 * it a heading, a `>` a quote, a `*`, `-` or `+` before a space a bullet that hides the character
 * ("* University of Somewhere", a note marked with an asterisk; "- 5 degrees"), a row of them a
 * thematic break, a fence a code block. A number before `.` or `)` is left: a numbered list
 * shows the number it starts at, and text set as numbered paragraphs reads as such a list.
 */
function escapeBlock(text: string): string {
  const escaped = escapeInline(text)
  return /^(?:[#>]|[*+-](?:\s|$)|([*_-])(?:\s*\1){2,}\s*$|```|~~~)/.test(escaped)
    ? `\\${escaped}`
    : escaped
}

/** A heading's text; `#`s that end it after a space would be read as its closing sequence. */
function escapeHeading(text: string): string {
  return escapeInline(text).replace(/(^|\s)#(#*)$/, '$1\\#$2')
}
