/**
 * A one-page PDF with one line of Helvetica text, written object by object. A new child extracts
 * it once before it takes jobs, so that loading pdf.js and the first-use costs of the pipeline are
 * paid at start-up and not counted against the first real document's deadline.
 */
export function warmUpPdf(): Uint8Array {
  const content = 'BT /F1 12 Tf 72 720 Td (pdfx warm-up) Tj ET'
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]
  let text = '%PDF-1.4\n'
  const offsets: number[] = []
  for (const [index, object] of objects.entries()) {
    offsets.push(text.length) // ASCII only, so characters are bytes
    text += `${index + 1} 0 obj\n${object}\nendobj\n`
  }
  const xref = text.length
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(text)
}
