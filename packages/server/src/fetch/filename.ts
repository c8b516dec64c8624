/** Longest file name we keep; longer names are cut (most file systems stop at 255 bytes). */
const MAX_FILENAME_LENGTH = 255

// RFC 6266: `filename*` (RFC 8187 encoded) wins over the plain `filename` parameter.
const EXTENDED_PARAM = /(?:^|;)\s*filename\*\s*=\s*([^;]*)/i
const PLAIN_PARAM = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i

/**
 * The file name of a fetched PDF: from Content-Disposition when it names one, else the last path
 * segment of the final URL. Reduced to a bare name without directories or control characters.
 */
export function filenameOf(contentDisposition: string | null, url: URL): string | undefined {
  const candidates = [
    contentDisposition === null ? undefined : extendedFilename(contentDisposition),
    contentDisposition === null ? undefined : plainFilename(contentDisposition),
    decodeSafely(url.pathname.slice(url.pathname.lastIndexOf('/') + 1)),
  ]
  for (const candidate of candidates) {
    const name = candidate === undefined ? '' : sanitize(candidate)
    if (name !== '') return name
  }
  return undefined
}

function extendedFilename(header: string): string | undefined {
  const value = EXTENDED_PARAM.exec(header)?.[1]?.trim()
  if (value === undefined) return undefined
  // charset'language'percent-encoded-value; only UTF-8 (and its ASCII subset) is worth decoding.
  const parts = value.split("'")
  if (parts.length !== 3) return undefined
  const [charset, , encoded] = parts
  if (!/^(?:utf-8|us-ascii)$/i.test(charset ?? '')) return undefined
  return decodeSafely(encoded ?? '')
}

function plainFilename(header: string): string | undefined {
  const value = PLAIN_PARAM.exec(header)?.[1]?.trim()
  if (value === undefined) return undefined
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value
}

function decodeSafely(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded)
  } catch {
    return undefined // malformed percent-encoding: no name rather than a garbled one
  }
}

function sanitize(name: string): string {
  // A name from the origin must never act as a path, so only the part after the last separator.
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1)
  const clean = base.replace(/\p{Cc}/gu, '').trim()
  if (/^\.*$/.test(clean)) return ''
  return clean.slice(0, MAX_FILENAME_LENGTH)
}
