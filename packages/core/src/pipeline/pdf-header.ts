/** How far into a body the `%PDF-` header may start; readers accept leading junk up to here. */
export const PDF_SNIFF_BYTES = 1024

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

/**
 * True when `%PDF-` lies within the first PDF_SNIFF_BYTES bytes. The bytes decide, never a
 * Content-Type or a `.pdf` in the name: origins mislabel HTML error pages as PDFs all the time.
 * Shared by the library, the server's fetcher and the CLI, so that all three agree.
 */
export function looksLikePdf(head: Uint8Array): boolean {
  const last = Math.min(head.length, PDF_SNIFF_BYTES) - PDF_MAGIC.length
  for (let start = 0; start <= last; start++) {
    let offset = 0
    while (offset < PDF_MAGIC.length && head[start + offset] === PDF_MAGIC[offset]) offset++
    if (offset === PDF_MAGIC.length) return true
  }
  return false
}
