/**
 * Writes PDFs object by object, for the cases pdf-lib cannot produce: encrypted files, pages
 * without a text layer, broken cross-reference tables.
 */
export function rawPdf(objects: readonly string[], trailerExtra = ''): Uint8Array {
  let body = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(body, 'latin1'))
}

/** A one-page PDF whose page draws only a filled rectangle: what a scan without OCR looks like. */
export function pdfWithoutText(): Uint8Array {
  const content = '0.5 g 72 72 468 648 re f'
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ])
}

/**
 * A PDF protected by the standard security handler with a user password: the /U entry matches no
 * empty password, so a reader must ask for one.
 */
export function pdfNeedingPassword(): Uint8Array {
  const hex = (byte: number) => byte.toString(16).padStart(2, '0')
  const o = Array.from({ length: 32 }, (_, i) => hex((i * 37 + 11) & 0xff)).join('')
  const u = Array.from({ length: 32 }, (_, i) => hex((i * 53 + 7) & 0xff)).join('')
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `<< /Filter /Standard /V 1 /R 2 /O <${o}> /U <${u}> /P -44 >>`,
    ],
    '/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] ',
  )
}
