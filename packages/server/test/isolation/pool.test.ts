import { extract } from '@pdfx/core'
import { isPdfxError, PdfxError } from '@pdfx/schema'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import { endlessPdf, reportPdf } from './fixtures.js'

// Starting a child from sources (tsx compiling the engine) takes one to three seconds.
const TIMEOUT_MS = 30_000
const NOT_A_PDF = new TextEncoder().encode('not a pdf')

/** Resolves once every child of the pool is started and idle. */
function allIdle(pool: ExtractionPool): Promise<void> {
  return vi.waitFor(
    () => {
      const stats = pool.stats()
      expect(stats.idle).toBe(stats.size)
    },
    { timeout: TIMEOUT_MS, interval: 20 },
  )
}

/** Resolves once `count` jobs run in children. */
function busy(pool: ExtractionPool, count: number): Promise<void> {
  return vi.waitFor(() => expect(pool.stats().busy).toBe(count), {
    timeout: TIMEOUT_MS,
    interval: 5,
  })
}

describe('extraction pool', () => {
  let pool: ExtractionPool
  beforeAll(() => {
    pool = createExtractionPool({ size: 2, prestart: true })
  })
  afterAll(() => pool.close())

  it('extracts exactly what extract() produces in this process', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const pdf = await reportPdf(3)
    const [isolated, local] = await Promise.all([
      pool.extract(pdf, { outputs: ['markdown', 'elements', 'chunks'] }),
      extract(pdf, { outputs: ['markdown', 'elements', 'chunks'] }),
    ])
    expect(isolated.markdown).toBe(local.markdown)
    expect(isolated.markdown).toContain('# Quarterly report, part 1')
    expect(isolated.elements).toHaveLength(local.elements.length)
    expect(isolated.elements.length).toBeGreaterThan(0)
    expect(isolated).toEqual(local)
    expect(pool.stats()).toMatchObject({ completed: 1, spawned: 2 })
  })

  it('queues jobs beyond its size and reuses its children', { timeout: TIMEOUT_MS }, async () => {
    const pdfs = await Promise.all(
      Array.from({ length: 7 }, (_, index) => reportPdf(2, `Report ${index}`)),
    )
    const jobs = pdfs.map((pdf) => pool.extract(pdf))
    expect(pool.stats().queued).toBeGreaterThan(0)
    const documents = await Promise.all(jobs)
    documents.forEach((document, index) => {
      expect(document.title).toBe(`Report ${index}, part 1`)
      expect(document.source.pages).toBe(2)
    })
    // Seven documents, two children: no process per document.
    expect(pool.stats()).toMatchObject({ spawned: 2, completed: 8, queued: 0 })
  })

  it("keeps the code and message of the engine's PdfxError", { timeout: TIMEOUT_MS }, async () => {
    const local = await extract(NOT_A_PDF).catch((error: unknown) => error)
    const isolated = await pool.extract(NOT_A_PDF).catch((error: unknown) => error)
    expect(isolated).toBeInstanceOf(PdfxError)
    expect(isolated).toMatchObject({ code: 'not_a_pdf', message: (local as Error).message })

    const pdf = await reportPdf(1)
    await expect(pool.extract(pdf, { mode: 'bogus' as never })).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })

  it('turns any other error into internal without details', { timeout: TIMEOUT_MS }, async () => {
    const pdf = await reportPdf(1)
    // A number where a list belongs makes the engine throw a plain TypeError.
    const error = await pool.extract(pdf, { outputs: 42 as never }).catch((e: unknown) => e)
    expect(isPdfxError(error)).toBe(true)
    expect(error).toMatchObject({
      code: 'internal',
      message: 'The extraction failed unexpectedly.',
    })
    expect(String((error as Error).cause)).toContain('TypeError')

    const uncloneable = { outputs: ['markdown'], transform: () => 1 } as never
    await expect(pool.extract(pdf, uncloneable)).rejects.toMatchObject({ code: 'invalid_request' })
    expect(pool.stats().pids).toHaveLength(2)
  })

  it('stays responsive, drops aborted jobs and replaces a child killed mid-job', {
    timeout: TIMEOUT_MS,
  }, async () => {
    await allIdle(pool)
    const spawned = pool.stats().spawned
    const endless = endlessPdf()
    const first = new AbortController()
    const third = new AbortController()
    const running = [pool.extract(endless, {}, first.signal), pool.extract(endless)]
    const queued = pool.extract(await reportPdf(1), {}, third.signal)
    const outcomes = running.map((job) => job.catch((error: unknown) => error))
    await busy(pool, 2)
    expect(pool.stats().queued).toBe(1)
    const busyPids = pool.stats().pids

    // The engine runs elsewhere, so this event loop keeps ticking while both children work.
    let ticks = 0
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (++ticks === 10) {
          clearInterval(timer)
          resolve()
        }
      }, 5)
    })
    expect(pool.stats().busy).toBe(2)

    const reason = new Error('client went away')
    third.abort(reason)
    await expect(queued).rejects.toBe(reason)
    expect(pool.stats().queued).toBe(0)

    first.abort(reason)
    expect(await outcomes[0]).toBe(reason)

    // The other child dies under its job, as a crash or an outside kill would do it.
    const survivor = busyPids.find((pid) => pool.stats().pids.includes(pid)) as number
    process.kill(survivor, 'SIGKILL')
    const crashed = await outcomes[1]
    expect(crashed).toBeInstanceOf(PdfxError)
    expect(crashed).toMatchObject({ code: 'pdf_too_complex' })
    expect(pool.stats()).toMatchObject({ aborted: 2, crashed: 1 })
    expect(pool.stats().pids).not.toContain(survivor)
    // Both children are replaced: the aborted one as soon as its kill completes.
    await vi.waitFor(() => expect(pool.stats().spawned).toBe(spawned + 2), { interval: 5 })

    const document = await pool.extract(await reportPdf(2))
    expect(document.source.pages).toBe(2)
  })

  it('closes: queued jobs fail as unavailable, running ones finish', {
    timeout: TIMEOUT_MS,
  }, async () => {
    await allIdle(pool)
    const pdf = await reportPdf(1)
    const jobs = Array.from({ length: 4 }, () =>
      pool.extract(pdf).then(
        () => 'done',
        (error: unknown) => (isPdfxError(error) ? error.code : 'other'),
      ),
    )
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 2 })
    await pool.close()
    expect(await Promise.all(jobs)).toEqual(['done', 'done', 'unavailable', 'unavailable'])
    expect(pool.stats().pids).toEqual([])
    await expect(pool.extract(pdf)).rejects.toMatchObject({ code: 'unavailable' })
  })
})
