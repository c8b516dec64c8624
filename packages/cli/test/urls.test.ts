import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ExtractedDocumentSchema } from '@pdfx/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pagedPdf } from './pdfs.js'
import { pdfx } from './run-pdfx.js'

// A loopback origin (the only network these tests touch) serving generated PDFs and failures.
let server: Server
let origin: string
let dir: string
const MIB = 2 ** 20

beforeAll(async () => {
  const pdf = await pagedPdf(2, 'Fetched report')
  server = createServer((request, response) => {
    switch (request.url) {
      case '/files/fetched%20report.pdf':
        response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf)
        return
      case '/moved':
        response.writeHead(302, { location: '/files/fetched%20report.pdf' }).end()
        return
      case '/page.html':
        response.writeHead(200, { 'content-type': 'text/html' }).end(`<html>${'x'.repeat(4000)}`)
        return
      case '/announced-huge.pdf':
        // Announces 26 MB and sends nothing: the length alone must refuse it.
        response.writeHead(200, { 'content-length': String(26 * MIB) })
        response.flushHeaders()
        return
      case '/streamed-huge.pdf': {
        // No length announced; the body runs past 25 MB.
        response.writeHead(200, { 'content-type': 'application/pdf' })
        response.write('%PDF-1.7\n')
        const block = Buffer.alloc(MIB)
        let sent = 0
        const pump = () => {
          while (sent < 26 && response.write(block)) sent++
          if (sent < 26) response.once('drain', pump)
          else response.end()
        }
        pump()
        return
      }
      default:
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dir = await mkdtemp(join(tmpdir(), 'pdfx-cli-urls-'))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

describe('pdfx extract <url>', { timeout: 60_000 }, () => {
  it('fetches a PDF over http, following redirects', async () => {
    const direct = await pdfx([
      'extract',
      `${origin}/files/fetched%20report.pdf`,
      '--format',
      'json',
    ])
    expect(direct.code).toBe(0)
    expect(ExtractedDocumentSchema.parse(JSON.parse(direct.stdout)).title).toBe('Fetched report')
    const moved = await pdfx(['extract', `${origin}/moved`])
    expect(moved.code).toBe(0)
    expect(moved.stdout).toMatch(/^# Fetched report\n/)
  })

  it('names --out files after the URL path, decoded', async () => {
    const out = join(dir, 'out')
    const { code } = await pdfx(['extract', `${origin}/files/fetched%20report.pdf`, '--out', out])
    expect(code).toBe(0)
    expect(await readdir(out)).toEqual(['fetched report.md'])
  })

  it.each([
    ['/page.html', 'not_a_pdf', /did not return a PDF \(content-type text\/html\)/],
    ['/missing.pdf', 'fetch_failed', /answered HTTP 404/],
    ['/announced-huge.pdf', 'pdf_too_large', /larger than 25 MB/],
    ['/streamed-huge.pdf', 'pdf_too_large', /larger than 25 MB/],
  ])('refuses %s with %s', async (path, code, message) => {
    const run = await pdfx(['extract', `${origin}${path}`])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(`pdfx: error [${code}] ${origin}${path}: `)
    expect(run.stderr).toMatch(message)
  })

  it('reports an origin that refuses connections as fetch_failed', async () => {
    // A port that was just free: nothing listens there any more.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as AddressInfo
    await new Promise((resolve) => probe.close(resolve))
    const run = await pdfx(['extract', `http://127.0.0.1:${port}/a.pdf`])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/\[fetch_failed\] .*could not fetch the URL \(ECONNREFUSED\)/)
  })

  it('accepts only http(s) among URLs', async () => {
    const run = await pdfx(['extract', 'ftp://127.0.0.1/a.pdf'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('[invalid_request]')
  })

  it('refuses a malformed URL as a bad request, not an internal error', async () => {
    const run = await pdfx(['extract', 'http://127.0.0.1:99999/a.pdf'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/\[invalid_request\] .*: not a valid URL/)
  })
})
