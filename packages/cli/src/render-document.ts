import type { ExtractedDocument } from '@pdfx/schema'

/** What `pdfx extract` writes for each document. */
export type DocumentFormat = 'markdown' | 'json' | 'chunks'

/**
 * `whole`: the document on its own (one input on stdout, or a file of `--out`). `stream`: one of
 * several documents written one after another on stdout, each recognisable on its own:
 * Markdown behind a `<!-- file: name -->` line, JSON as one line per document (JSON Lines),
 * chunks as JSON lines that carry a `file` field first.
 */
export type DocumentLayout = 'whole' | 'stream'

/** Renders a document in the format and layout asked for; text that is not empty ends in a newline. */
export function renderDocument(
  document: ExtractedDocument,
  format: DocumentFormat,
  layout: DocumentLayout,
  label: string,
): string {
  const stream = layout === 'stream'
  switch (format) {
    case 'markdown': {
      const markdown = document.markdown
      const body = markdown === '' || markdown.endsWith('\n') ? markdown : `${markdown}\n`
      if (!stream) return body
      // A comment line is invisible in rendered Markdown, yet splits a stream reliably; `--`
      // may not appear inside an HTML comment.
      return `<!-- file: ${label.replaceAll('--', '- -')} -->\n\n${body}\n`
    }
    case 'json':
      return stream ? `${JSON.stringify(document)}\n` : `${JSON.stringify(document, null, 2)}\n`
    case 'chunks':
      return (document.chunks ?? [])
        .map((chunk) => `${JSON.stringify(stream ? { file: label, ...chunk } : chunk)}\n`)
        .join('')
  }
}
