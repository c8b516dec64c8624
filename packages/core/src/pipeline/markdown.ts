import type { Element } from '@pdfx/schema'
import { oneLine, tableToMarkdown } from './table-markdown.js'

/** Options of the Markdown rendering. */
export interface MarkdownOptions {
  /** Keep running headers, footers and page numbers (left out by default). */
  keepFurniture?: boolean
}

/**
 * Renders elements as CommonMark/GFM: `#` headings, lists with their markers, fenced code,
 * tables, paragraphs separated by blank lines. The output ends with one newline, or is empty.
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
      return `${'#'.repeat(element.level ?? 1)} ${oneLine(element.text)}`
    case 'list':
      return element.text
    case 'code':
      return `\`\`\`\n${element.text}\n\`\`\``
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
 * Escapes what would change the meaning of a paragraph's first characters in Markdown: a `#`
 * would make it a heading, a `>` a quote.
 */
function escapeBlock(text: string): string {
  return /^[#>]/.test(text) ? `\\${text}` : text
}
