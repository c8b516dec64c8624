import { isPdfxError, PdfxError } from '@pdfx/schema'

/** Codes of Node's file system errors and the PdfxError code each one means to a user. */
const FILE_ERROR_CODES = {
  ENOENT: ['not_found', 'no such file or directory'],
  ENOTDIR: ['not_found', 'no such file or directory'],
  EISDIR: ['invalid_request', 'is a directory'],
  EACCES: ['forbidden', 'permission denied'],
  EPERM: ['forbidden', 'permission denied'],
} as const

/**
 * The PdfxError behind anything thrown: a PdfxError stays as it is, a file system error becomes
 * the code it means (`not_found`, `forbidden`...), anything else is `internal`.
 */
export function toPdfxError(error: unknown): PdfxError {
  if (isPdfxError(error)) return error
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && Object.hasOwn(FILE_ERROR_CODES, code)) {
    const [pdfxCode, words] = FILE_ERROR_CODES[code as keyof typeof FILE_ERROR_CODES]
    return new PdfxError(pdfxCode, words, { cause: error })
  }
  const message = error instanceof Error ? error.message : String(error)
  return new PdfxError('internal', message, { cause: error })
}

/**
 * One stderr line for a failure: `pdfx: error [code] subject: message`. The stable code comes
 * first, in brackets, so scripts can match on it; `subject` names the input it concerns.
 */
export function formatError(error: unknown, subject?: string): string {
  const { code, message } = toPdfxError(error)
  return `pdfx: error [${code}] ${subject === undefined ? '' : `${subject}: `}${message}\n`
}

/** One stderr line for a warning of an extraction, e.g. a fallback from hybrid to fast. */
export function formatWarning(message: string, subject: string): string {
  return `pdfx: warning: ${subject}: ${message}\n`
}
