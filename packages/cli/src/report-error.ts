import { isPdfxError } from '@pdfx/schema'

/** One line for stderr: the stable error code first, so scripts can match on it. */
export function describeError(error: unknown): string {
  if (isPdfxError(error)) return `${error.code}: ${error.message}`
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'ENOENT') return `file_not_found: ${(error as Error).message}`
  if (code === 'EISDIR') return `invalid_request: ${(error as Error).message}`
  return `internal: ${error instanceof Error ? error.message : String(error)}`
}
