import { describe, expect, it } from 'vitest'
import { contentDisposition, pdfFileName } from './pdf-file-name.js'

describe('download names', () => {
  it('keep the link name, end in .pdf once, and lose what a file name cannot hold', () => {
    expect(pdfFileName('Q3 report')).toBe('Q3 report.pdf')
    expect(pdfFileName('Q3 report.PDF')).toBe('Q3 report.pdf')
    expect(pdfFileName('../../etc/passwd')).toBe('etc passwd.pdf')
    expect(pdfFileName('a\r\nContent-Type: text/html "x"')).toBe('a Content-Type text html x.pdf')
    expect(pdfFileName('...')).toBe('document.pdf')
    expect(pdfFileName('x'.repeat(300))).toHaveLength(124)
  })

  it('are sent as ASCII and as exact UTF-8', () => {
    expect(contentDisposition('attachment', 'Plan für 2026 (v2).pdf')).toBe(
      `attachment; filename="Plan f_r 2026 (v2).pdf"; filename*=UTF-8''Plan%20f%C3%BCr%202026%20%28v2%29.pdf`,
    )
  })
})
