import { PdfxError } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { createExtractionPool } from '../../src/isolation/index.js'
import { endlessPdf, reportPdf } from './fixtures.js'

// Starting a child from sources (tsx compiling the engine) takes one to three seconds.
const TIMEOUT_MS = 30_000

// Each test has its own pool, so they run side by side.
describe.concurrent('extraction pool limits', () => {
  it('kills a document past its deadline and serves the next ones', {
    timeout: TIMEOUT_MS,
  }, async () => {
    // The deadline is far above what a small document needs (tens of milliseconds) and far
    // below what the endless document needs (many seconds), so neither outcome depends on speed.
    const pool = createExtractionPool({ size: 1, deadlineMs: 1000, prestart: true })
    try {
      const error = await pool.extract(endlessPdf()).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PdfxError)
      expect(error).toMatchObject({
        code: 'pdf_too_complex',
        message: 'The PDF took too long to process.',
      })
      expect((error as PdfxError).status).toBe(422)

      const document = await pool.extract(await reportPdf(1))
      expect(document.title).toBe('Quarterly report, part 1')
      // The memory limit is the default one: the document the starved pool refused passes here.
      const longer = await pool.extract(await reportPdf(20))
      expect(longer.source.pages).toBe(20)
      expect(pool.stats()).toMatchObject({ timedOut: 1, overMemory: 0, completed: 2, spawned: 2 })
    } finally {
      await pool.close()
    }
  })

  it('kills a document over the memory limit', { timeout: TIMEOUT_MS }, async () => {
    // Less than any Node.js process needs at rest: the first reading of the watchdog trips.
    const pool = createExtractionPool({ size: 1, maxMemoryMb: 30, prestart: true })
    try {
      const error = await pool.extract(await reportPdf(20)).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PdfxError)
      expect(error).toMatchObject({
        code: 'pdf_too_complex',
        message: 'The PDF needs more memory than allowed.',
      })
      expect(pool.stats()).toMatchObject({ overMemory: 1, completed: 0 })
    } finally {
      await pool.close()
    }
  })
})
