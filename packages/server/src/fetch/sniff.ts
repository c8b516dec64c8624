/** How far into a body the `%PDF-` header may start; readers accept leading junk up to here. */
export const PDF_SNIFF_BYTES = 1024

const PDF_MAGIC = new TextEncoder().encode('%PDF-')

/**
 * True when `%PDF-` starts within the first PDF_SNIFF_BYTES bytes. The body decides, never the
 * Content-Type or a `.pdf` in the name: origins mislabel HTML error pages as PDFs all the time.
 */
export function looksLikePdf(head: Uint8Array): boolean {
  const limit = Math.min(head.length, PDF_SNIFF_BYTES) - PDF_MAGIC.length
  for (let start = 0; start <= limit; start++) {
    if (PDF_MAGIC.every((byte, offset) => head[start + offset] === byte)) return true
  }
  return false
}
