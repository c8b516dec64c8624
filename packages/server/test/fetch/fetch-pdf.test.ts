import type { IncomingHttpHeaders } from 'node:http'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createPdfFetcher,
  type PdfFetcher,
  type PdfFetcherOptions,
} from '../../src/fetch/fetch-pdf.js'
import type { ResolvedAddress } from '../../src/fetch/resolver.js'
import {
  closedLoopbackPort,
  type Handler,
  type LoopbackServer,
  PDF_BYTES,
  servePdf,
  startLoopbackServer,
} from './loopback-server.js'
import { staticResolver } from './static-resolver.js'

// Security rule of these tests: every URL points at loopback, so a broken guard can at worst
// reach a listener of this process, whose connection count then fails the test.

const ONE_MB = 1024 * 1024
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(handler: Handler, host?: '127.0.0.1' | '127.0.0.2'): Promise<LoopbackServer> {
  const server = await startLoopbackServer(handler, host)
  cleanups.push(() => server.close())
  return server
}

function fetcher(options: PdfFetcherOptions = {}): PdfFetcher {
  // Unknown names fail instead of falling through to real DNS.
  const created = createPdfFetcher({ resolve: staticResolver({}), timeoutMs: 3000, ...options })
  cleanups.push(() => created.close())
  return created
}

function pdfPrefixed(size: number): Buffer {
  const body = Buffer.alloc(size, 0x20)
  body.write('%PDF-1.4\n')
  return body
}

describe('fetchPdf on an allowed origin', () => {
  it('returns the exact bytes, the final URL and the name from the path', async () => {
    const origin = await serve(servePdf(PDF_BYTES))
    const result = await fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(`${origin.origin}/q3.pdf`)
    expect(result).toEqual({
      bytes: PDF_BYTES,
      finalUrl: `${origin.origin}/q3.pdf`,
      filename: 'q3.pdf',
    })
  })

  it('prefers the Content-Disposition name', async () => {
    const disposition = "attachment; filename*=UTF-8''Jahresbericht%202024.pdf"
    const origin = await serve(servePdf(PDF_BYTES, { 'content-disposition': disposition }))
    const result = await fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(`${origin.origin}/download`)
    expect(result.filename).toBe('Jahresbericht 2024.pdf')
  })

  it('sends a User-Agent and asks for PDFs', async () => {
    let seen: IncomingHttpHeaders = {}
    const origin = await serve((request, response) => {
      seen = request.headers
      servePdf(PDF_BYTES)(request, response)
    })
    await fetcher({ allow: ['127.0.0.1/32'], userAgent: 'pdfx-test' }).fetchPdf(origin.origin)
    expect(seen['user-agent']).toBe('pdfx-test')
    expect(seen.accept).toBe('application/pdf,*/*')
  })

  it('decodes a gzip body to the exact PDF bytes', async () => {
    const origin = await serve(servePdf(gzipSync(PDF_BYTES), { 'content-encoding': 'gzip' }))
    const result = await fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(`${origin.origin}/a.pdf`)
    expect(result.bytes).toEqual(PDF_BYTES)
  })
})

describe('fetchPdf refuses addresses before any connection', () => {
  it.each([
    'http://127.0.0.1:PORT/a.pdf',
    'http://2130706433:PORT/a.pdf',
    'http://017700000001:PORT/a.pdf',
    'http://0x7f.0.0.1:PORT/a.pdf',
    'http://0x7f.1:PORT/a.pdf',
    'http://127.1:PORT/a.pdf',
    'http://[::ffff:127.0.0.1]:PORT/a.pdf',
    'http://[::ffff:7f00:1]:PORT/a.pdf',
  ])('refuses %s and the listener sees no connection', async (template) => {
    const listener = await serve(servePdf(PDF_BYTES))
    const url = template.replace('PORT', String(listener.port))
    await expect(fetcher().fetchPdf(url)).rejects.toMatchObject({
      code: 'url_not_allowed',
      status: 400,
      message: 'The URL points to an address that is not allowed',
    })
    expect(listener.connections()).toBe(0)
  })

  it('refuses a name the resolver maps to loopback', async () => {
    const listener = await serve(servePdf(PDF_BYTES))
    const resolve = staticResolver({ 'evil.test': ['127.0.0.1'] })
    await expect(
      fetcher({ resolve }).fetchPdf(`http://evil.test:${listener.port}/a.pdf`),
    ).rejects.toMatchObject({ code: 'url_not_allowed' })
    expect(resolve.calls).toEqual(['evil.test'])
    expect(listener.connections()).toBe(0)
  })

  it('refuses localhost through the system resolver', async () => {
    const listener = await serve(servePdf(PDF_BYTES))
    const system = createPdfFetcher({ timeoutMs: 3000 })
    cleanups.push(() => system.close())
    await expect(system.fetchPdf(`http://localhost:${listener.port}/`)).rejects.toMatchObject({
      code: 'url_not_allowed',
    })
    expect(listener.connections()).toBe(0)
  })

  it.each([
    'ftp://127.0.0.1:PORT/a.pdf',
    'file:///etc/passwd',
    'http://user:pass@127.0.0.1:PORT/a.pdf',
  ])('refuses %s with 400 even when the address is allowed', async (template) => {
    const listener = await serve(servePdf(PDF_BYTES))
    const url = template.replace('PORT', String(listener.port))
    await expect(fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(url)).rejects.toMatchObject({
      code: 'url_not_allowed',
      status: 400,
    })
    expect(listener.connections()).toBe(0)
  })

  it('answers invalid_request for a string that is no URL', async () => {
    await expect(fetcher().fetchPdf('not a url')).rejects.toMatchObject({
      code: 'invalid_request',
      status: 400,
    })
  })
})

describe('fetchPdf checks every redirect hop', () => {
  function redirectTo(location: (port: number) => string, port: () => number): Handler {
    return (_request, response) => {
      response.writeHead(302, { location: location(port()) })
      response.end()
    }
  }

  it('refuses a redirect to a name that resolves outside the allow list', async () => {
    const target = await serve(servePdf(PDF_BYTES), '127.0.0.2')
    const origin = await serve(
      redirectTo(
        (port) => `http://evil.test:${port}/a.pdf`,
        () => target.port,
      ),
    )
    const resolve = staticResolver({ 'evil.test': ['127.0.0.2'] })
    await expect(
      fetcher({ allow: ['127.0.0.1/32'], resolve }).fetchPdf(`${origin.origin}/start`),
    ).rejects.toMatchObject({ code: 'url_not_allowed' })
    expect(origin.paths).toEqual(['/start'])
    expect(target.connections()).toBe(0)
  })

  it('refuses a redirect to a literal address outside the allow list', async () => {
    const target = await serve(servePdf(PDF_BYTES), '127.0.0.2')
    const origin = await serve(
      redirectTo(
        (port) => `http://2130706434:${port}/`,
        () => target.port,
      ),
    )
    await expect(
      fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(origin.origin),
    ).rejects.toMatchObject({ code: 'url_not_allowed' })
    expect(target.connections()).toBe(0)
  })

  it.each(['ftp://127.0.0.1/a.pdf', 'file:///etc/passwd', 'http://u:p@127.0.0.1/'])(
    'refuses a redirect to %s',
    async (location) => {
      const origin = await serve(
        redirectTo(
          () => location,
          () => 0,
        ),
      )
      await expect(
        fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(origin.origin),
      ).rejects.toMatchObject({ code: 'url_not_allowed' })
      expect(origin.paths).toHaveLength(1)
    },
  )

  it('resolves again for each new connection, so a rebinding name is caught', async () => {
    const target = await serve(servePdf(PDF_BYTES), '127.0.0.2')
    const origin = await serve((_request, response) => {
      // `connection: close` forces the next hop onto a new socket and thus a new lookup.
      response.writeHead(302, { location: '/next.pdf', connection: 'close' })
      response.end()
    })
    const answers: string[][] = [['127.0.0.1'], ['127.0.0.2']]
    const resolve = async (): Promise<ResolvedAddress[]> =>
      (answers.shift() ?? ['127.0.0.2']).map((address) => ({ address, family: 4 }))
    const rebinding = fetcher({ allow: ['127.0.0.1/32'], resolve })
    await expect(
      rebinding.fetchPdf(`http://rebind.test:${origin.port}/start`),
    ).rejects.toMatchObject({ code: 'url_not_allowed' })
    expect(origin.paths).toEqual(['/start'])
    expect(target.connections()).toBe(0)
  })

  it('follows allowed redirects and reports the final URL', async () => {
    const origin = await serve((request, response) => {
      if (request.url === '/final.pdf') return servePdf(PDF_BYTES)(request, response)
      response.writeHead(request.url === '/a' ? 301 : 307, {
        location: request.url === '/a' ? '/b' : '/final.pdf',
      })
      response.end()
    })
    const result = await fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(`${origin.origin}/a`)
    expect(result.finalUrl).toBe(`${origin.origin}/final.pdf`)
    expect(result.bytes).toEqual(PDF_BYTES)
    expect(origin.paths).toEqual(['/a', '/b', '/final.pdf'])
  })

  it('gives up after five redirects', async () => {
    const origin = await serve((request, response) => {
      response.writeHead(302, { location: `${request.url ?? ''}x` })
      response.end()
    })
    await expect(
      fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(`${origin.origin}/r`),
    ).rejects.toMatchObject({ code: 'fetch_failed', status: 424 })
    expect(origin.paths).toHaveLength(6)
  })

  it('treats a redirect without Location as a failed fetch', async () => {
    const origin = await serve((_request, response) => {
      response.writeHead(302)
      response.end()
    })
    await expect(
      fetcher({ allow: ['127.0.0.1/32'] }).fetchPdf(origin.origin),
    ).rejects.toMatchObject({ code: 'fetch_failed' })
  })
})

describe('fetchPdf against hostile bodies', () => {
  const allow = ['127.0.0.1/32']

  it('refuses a Content-Length above the cap without waiting for the body', async () => {
    const origin = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': String(2 * ONE_MB) })
      response.flushHeaders() // the body never comes: only the header can end this fetch early
    })
    await expect(
      fetcher({ allow, maxBytes: ONE_MB }).fetchPdf(origin.origin),
    ).rejects.toMatchObject({ code: 'pdf_too_large', status: 413 })
  })

  it('stops a chunked body at the cap', async () => {
    const origin = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' })
      const chunk = pdfPrefixed(64 * 1024)
      for (let sent = 0; sent < 2 * ONE_MB; sent += chunk.length) response.write(chunk)
      response.end()
    })
    await expect(
      fetcher({ allow, maxBytes: ONE_MB }).fetchPdf(origin.origin),
    ).rejects.toMatchObject({ code: 'pdf_too_large' })
  })

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('counts decoded bytes of a %s bomb', async (encoding, compress) => {
    const bomb = compress(pdfPrefixed(16 * ONE_MB))
    expect(bomb.length).toBeLessThan(ONE_MB / 4)
    const origin = await serve(servePdf(bomb, { 'content-encoding': encoding }))
    await expect(
      fetcher({ allow, maxBytes: ONE_MB }).fetchPdf(origin.origin),
    ).rejects.toMatchObject({ code: 'pdf_too_large' })
  })

  it('fails a slow drip at the overall deadline', async () => {
    const origin = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '100' })
      response.write('%PDF-')
      const timer = setInterval(() => response.write(' '), 200)
      response.on('close', () => clearInterval(timer))
    })
    const started = Date.now()
    await expect(fetcher({ allow, timeoutMs: 1000 }).fetchPdf(origin.origin)).rejects.toMatchObject(
      { code: 'fetch_failed', status: 424 },
    )
    expect(Date.now() - started).toBeLessThan(1800)
  })

  it('refuses HTML named report.pdf and labelled application/pdf', async () => {
    const html = new TextEncoder().encode('<!doctype html><title>Sign in</title>'.padEnd(4096))
    const origin = await serve(servePdf(html))
    await expect(fetcher({ allow }).fetchPdf(`${origin.origin}/report.pdf`)).rejects.toMatchObject({
      code: 'not_a_pdf',
      status: 415,
    })
  })

  it('sniffs before the size cap, so a large HTML page is not_a_pdf', async () => {
    const origin = await serve(servePdf(Buffer.alloc(2 * ONE_MB, '<p>')))
    await expect(
      fetcher({ allow, maxBytes: 4 * ONE_MB }).fetchPdf(origin.origin),
    ).rejects.toMatchObject({ code: 'not_a_pdf' })
  })

  it('refuses an empty body', async () => {
    const origin = await serve(servePdf(new Uint8Array()))
    await expect(fetcher({ allow }).fetchPdf(origin.origin)).rejects.toMatchObject({
      code: 'not_a_pdf',
    })
  })
})

describe('fetchPdf when the origin fails', () => {
  const allow = ['127.0.0.1/32']

  it.each([404, 500, 304])('maps HTTP %i to fetch_failed', async (status) => {
    const origin = await serve((_request, response) => {
      response.writeHead(status)
      response.end()
    })
    await expect(fetcher({ allow }).fetchPdf(origin.origin)).rejects.toMatchObject({
      code: 'fetch_failed',
      message: `The origin answered with HTTP status ${status}`,
    })
  })

  it('maps a refused connection to fetch_failed', async () => {
    const port = await closedLoopbackPort()
    await expect(
      fetcher({ allow }).fetchPdf(`http://127.0.0.1:${port}/a.pdf`),
    ).rejects.toMatchObject({ code: 'fetch_failed', status: 424 })
  })

  it('maps a name that does not resolve to fetch_failed', async () => {
    await expect(fetcher({ allow }).fetchPdf('http://missing.test/a.pdf')).rejects.toMatchObject({
      code: 'fetch_failed',
    })
  })

  it('maps a TLS failure to fetch_failed', async () => {
    // A plain-HTTP listener answering a TLS handshake.
    const origin = await serve(servePdf(PDF_BYTES))
    await expect(
      fetcher({ allow }).fetchPdf(`https://127.0.0.1:${origin.port}/`),
    ).rejects.toMatchObject({ code: 'fetch_failed' })
  })

  it('stops when the caller aborts', async () => {
    const origin = await serve(() => undefined) // never answers
    const controller = new AbortController()
    const pending = fetcher({ allow }).fetchPdf(origin.origin, controller.signal)
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toMatchObject({
      code: 'fetch_failed',
      message: 'The fetch was cancelled',
    })
  })
})
