import { DocLinkSchema } from '@pdfx/schema'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Pdfx, type PdfxOptions } from '../src/index.js'
import { apiError } from './api-error.js'
import {
  type ContractServer,
  recordingFetch,
  startContractServer,
  TIMEOUT_MS,
} from './contract-server.js'

let server: ContractServer

beforeAll(async () => {
  server = await startContractServer()
}, TIMEOUT_MS)

afterAll(async () => {
  await server?.close()
})

beforeEach(() => server.clock.nextMinute())

async function client(plan: 'free' | 'pro' = 'free', options: PdfxOptions = {}) {
  const { key } = await server.newKey(plan)
  return new Pdfx({ baseUrl: server.url, apiKey: key, ...options })
}

describe('Doc Links against a real server', { timeout: TIMEOUT_MS }, () => {
  const pdf = (path = '/one.pdf') => `${server.origin.origin}${path}`

  it('creates, lists, reads and revokes a link', async () => {
    const { fetch, sent } = recordingFetch()
    const pdfx = await client('free', { fetch })

    const link = await pdfx.links.create({ url: pdf(), name: 'Invoice 42', notifyOnOpen: false })
    expect(DocLinkSchema.parse(link)).toEqual(link)
    expect(link).toMatchObject({
      name: 'Invoice 42',
      link: `${server.app.server.config.baseUrl}/d/${link.slug}`,
    })
    expect(sent[0]).toMatchObject({ method: 'POST', url: `${server.url}/api/v1/links` })
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      url: pdf(),
      name: 'Invoice 42',
      notifyOnOpen: false,
    })

    // A second later, so "newest first" has one answer.
    server.clock.advance(1_000)
    const second = await pdfx.links.create({ url: pdf('/report-2.pdf') })
    const { links } = await pdfx.links.list()
    expect(links.map((item) => item.id)).toEqual([second.id, link.id])
    expect(links[1]).toMatchObject({ slug: link.slug, disabled: false, totalViews: 0 })

    for (const idOrSlug of [link.id, link.slug]) {
      const stats = await pdfx.links.get(idOrSlug)
      expect(stats).toMatchObject({ id: link.id, plan: 'free', totalViews: 0, visitors: 0 })
      expect(stats.visits).toBeUndefined()
    }
    const withVisits = await pdfx.links.get(link.slug, { includeVisits: true })
    expect(withVisits.visits).toEqual([])
    expect(sent.at(-1)?.url).toBe(`${server.url}/api/v1/links/${link.slug}?include=visits`)

    const revoked = await pdfx.links.revoke(link.id)
    expect(revoked).toEqual({ id: link.id, slug: link.slug, disabled: true })
    // Idempotent: the same answer again, by slug this time.
    expect(await pdfx.links.revoke(link.slug)).toEqual(revoked)
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', body: '{}' })
    expect((await pdfx.links.get(link.id)).disabled).toBe(true)
  })

  it('401 unauthorized without a key, or with an unknown one', async () => {
    for (const apiKey of [null, 'pdfx_not-a-key']) {
      const pdfx = new Pdfx({ baseUrl: server.url, apiKey })
      for (const call of [
        () => pdfx.links.create({ url: pdf() }),
        () => pdfx.links.list(),
        () => pdfx.links.get('q3-report'),
        () => pdfx.links.revoke('q3-report'),
      ]) {
        expect(await apiError(call())).toMatchObject({ status: 401, code: 'unauthorized' })
      }
    }
  })

  it("404 not_found for a link that is not the key's", async () => {
    const owner = await client()
    const link = await owner.links.create({ url: pdf() })
    const stranger = await client()
    for (const call of [
      () => stranger.links.get(link.id),
      () => stranger.links.revoke(link.slug),
    ]) {
      const error = await apiError(call())
      expect(error).toMatchObject({ status: 404, code: 'not_found' })
      expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('400 invalid_request for a bad slug or expiry', async () => {
    const pdfx = await client('pro')
    for (const request of [
      { url: pdf(), slug: 'Not A Slug' },
      { url: pdf(), slug: 'api' },
      { url: pdf(), expiresAt: 'next friday' },
      { url: 'not a url' },
    ]) {
      expect(await apiError(pdfx.links.create(request))).toMatchObject({
        status: 400,
        code: 'invalid_request',
      })
    }
  })

  it('402 plan_limit for a vanity slug or a fourth active link on the free plan', async () => {
    const pdfx = await client('free')
    expect(await apiError(pdfx.links.create({ url: pdf(), slug: 'my-report' }))).toMatchObject({
      status: 402,
      code: 'plan_limit',
    })
    for (let i = 0; i < 3; i++) await pdfx.links.create({ url: pdf() })
    expect(await apiError(pdfx.links.create({ url: pdf() }))).toMatchObject({
      status: 402,
      code: 'plan_limit',
    })
  })

  it('403 forbidden for a DELETE whose JSON content type was stripped on the way', async () => {
    const pdfx = await client('free', {
      fetch: (url, init) => {
        const { 'content-type': _dropped, ...headers } = init.headers as Record<string, string>
        return globalThis.fetch(url, { ...init, headers, body: null })
      },
    })
    expect(await apiError(pdfx.links.revoke('q3-report'))).toMatchObject({
      status: 403,
      code: 'forbidden',
    })
  })

  it('409 slug_taken for a vanity slug in use', async () => {
    const pdfx = await client('pro')
    const slug = `taken-${Date.now()}`
    expect((await pdfx.links.create({ url: pdf(), slug })).slug).toBe(slug)
    expect(await apiError(pdfx.links.create({ url: pdf(), slug }))).toMatchObject({
      status: 409,
      code: 'slug_taken',
    })
  })

  it.each([
    ['413 pdf_too_large', '/huge.pdf', 413, 'pdf_too_large'],
    ['415 not_a_pdf', '/page.pdf', 415, 'not_a_pdf'],
    ['424 fetch_failed', '/error.pdf', 424, 'fetch_failed'],
  ])('%s', async (_name, path, status, code) => {
    const pdfx = await client('pro')
    expect(await apiError(pdfx.links.create({ url: pdf(path) }))).toMatchObject({ status, code })
  })

  it('429 rate_limited is never retried for a creation', async () => {
    const { fetch, sent } = recordingFetch()
    const pdfx = await client('free', { fetch })
    // A free key sends 10 requests a minute, whatever they are.
    for (let i = 0; i < 10; i++) await pdfx.links.list({ maxRetries: 0 })
    const error = await apiError(pdfx.links.create({ url: pdf() }))
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' })
    expect(error.retryAfter).toBeGreaterThan(0)
    expect(sent).toHaveLength(11)
  })
})
