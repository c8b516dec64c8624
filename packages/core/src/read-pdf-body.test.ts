import { describe, expect, it } from 'vitest'
import { readPdfBody } from './read-pdf-body.js'

const PDF_HEAD = new TextEncoder().encode('%PDF-1.7\n')

/** A body handing out `chunks` one read at a time, counting the reads and the cancel. */
function body(chunks: Uint8Array[]) {
  const seen = { reads: 0, cancelled: false }
  let index = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.reads++
      const chunk = chunks[index++]
      if (chunk) controller.enqueue(chunk)
      else controller.close()
    },
    cancel() {
      seen.cancelled = true
    },
  })
  return { stream, seen }
}

describe('readPdfBody', () => {
  it('reads a PDF to its end', async () => {
    const { stream } = body([PDF_HEAD, new Uint8Array(2000).fill(32)])
    const bytes = await readPdfBody(stream)
    expect(bytes.length).toBe(PDF_HEAD.length + 2000)
    expect(bytes.subarray(0, 5)).toEqual(PDF_HEAD.subarray(0, 5))
  })

  it('refuses a body without a PDF header once its first kilobyte is in, and cancels it', async () => {
    const page = new TextEncoder().encode(`<html>${' '.repeat(2000)}</html>`)
    const { stream, seen } = body([page, page, page, page])
    await expect(
      readPdfBody(stream, { notAPdfMessage: 'the URL did not return a PDF' }),
    ).rejects.toMatchObject({ code: 'not_a_pdf', message: 'the URL did not return a PDF' })
    expect(seen.reads).toBeLessThan(4)
    expect(seen.cancelled).toBe(true)
  })

  it('refuses past the cap, counted or announced, without reading on', async () => {
    const counted = body([PDF_HEAD, new Uint8Array(600), new Uint8Array(600), new Uint8Array(600)])
    await expect(readPdfBody(counted.stream, { maxBytes: 1000 })).rejects.toMatchObject({
      code: 'pdf_too_large',
    })
    expect(counted.seen.cancelled).toBe(true)
    const announced = body([PDF_HEAD])
    await expect(
      readPdfBody(announced.stream, { maxBytes: 1000, declaredBytes: 5000 }),
    ).rejects.toMatchObject({ code: 'pdf_too_large' })
    expect(announced.seen.reads).toBeLessThanOrEqual(1)
    expect(announced.seen.cancelled).toBe(true)
  })
})
