import type { Element } from '@pdfx/schema'
import { codeFence, escapeInline } from './markdown-escape.js'
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
  const parts: string[] = []
  for (const element of elements) {
    const rendered = renderElement(element, options)
    if (rendered.length > 0) parts.push(rendered)
  }
  return parts.length > 0 ? `${parts.join('\n\n')}\n` : ''
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
      return element.table ? tableToMarkdown(element.table) : element.text
    default:
      return escapeBlock(element.text.trim())
  }
}

/**
 * Escapes a paragraph's text, and first characters that would change its kind: a `#` would make
 * it a heading, a `>` a quote.
 */
function escapeBlock(text: string): string {
  const escaped = escapeInline(text)
  return /^[#>]/.test(escaped) ? `\\${escaped}` : escaped
}

/** A heading's text; `#`s that end it after a space would be read as its closing sequence. */
function escapeHeading(text: string): string {
  return escapeInline(text).replace(/(^|\s)#(#*)$/, '$1\\#$2')
}
