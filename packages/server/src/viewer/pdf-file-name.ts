/** Longest download name, in characters, before `.pdf`. */
const MAX_BASE_LENGTH = 120

/**
 * The file name a downloaded copy of a link gets: the link's display name without control
 * characters, path separators or quotes, ending in `.pdf`; `document.pdf` when nothing is left.
 */
export function pdfFileName(linkName: string): string {
  const base = linkName
    .replace(/\.pdf$/i, '')
    .replace(/[\p{Cc}\p{Cf}/\\"*:<>?|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_BASE_LENGTH)
    // A leading dot would hide the file on Unix systems, and `..` means nothing in a name.
    .replace(/^[.\s]+/, '')
    .trim()
  return `${base === '' ? 'document' : base}.pdf`
}

/**
 * A `Content-Disposition` value for a file name from `pdfFileName`: an ASCII `filename` for old
 * clients and the exact name as RFC 8187 `filename*`, which current browsers prefer (RFC 6266).
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
