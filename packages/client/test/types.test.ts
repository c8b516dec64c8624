/**
 * Pins the public types. The assertions are checked by `tsc` (`pnpm -F @pdfx/client typecheck`);
 * calls are wrapped in functions that never run, so nothing is sent.
 */
import type {
  Chunk,
  DocLink,
  DocLinkList,
  DocLinkRevoked,
  DocLinkStats,
  Element,
  ErrorCode,
  ExtractedImage,
  OutputKind,
} from '@pdfx/schema'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type ExtractResult,
  isPdfxError,
  Pdfx,
  type PdfxApiError,
  type PdfxConnectionError,
  type PdfxError,
  type PdfxOptions,
  type PdfxResponseError,
  type PdfxTimeoutError,
  type RequestOptions,
} from '../src/index.js'

const pdfx = new Pdfx({ baseUrl: 'http://127.0.0.1:9', apiKey: null })
const url = 'https://example.com/report.pdf'

describe('extract', () => {
  it('types chunks and images by the outputs asked for', () => {
    const plain = () => pdfx.extract({ url })
    expectTypeOf(plain).returns.resolves.toHaveProperty('markdown').toEqualTypeOf<string>()
    expectTypeOf(plain).returns.resolves.toHaveProperty('elements').toEqualTypeOf<Element[]>()
    expectTypeOf(plain).returns.resolves.toHaveProperty('chunks').toEqualTypeOf<undefined>()
    expectTypeOf(plain).returns.resolves.toHaveProperty('images').toEqualTypeOf<undefined>()

    const chunked = () => pdfx.extract({ url, outputs: ['markdown', 'chunks'], chunkTokens: 256 })
    expectTypeOf(chunked).returns.resolves.toHaveProperty('chunks').toEqualTypeOf<Chunk[]>()
    expectTypeOf(chunked).returns.resolves.toHaveProperty('images').toEqualTypeOf<undefined>()

    const everything = () => pdfx.extract({ url, outputs: ['images', 'chunks'], mode: 'hybrid' })
    expectTypeOf(everything).returns.resolves.toHaveProperty('chunks').toEqualTypeOf<Chunk[]>()
    expectTypeOf(everything)
      .returns.resolves.toHaveProperty('images')
      .toEqualTypeOf<ExtractedImage[]>()
  })

  it('keeps chunks optional when the outputs are only known at run time', () => {
    const outputs: OutputKind[] = ['chunks']
    const doc = () => pdfx.extract({ url, outputs })
    expectTypeOf(doc).returns.resolves.toHaveProperty('chunks').toEqualTypeOf<Chunk[] | undefined>()
    expectTypeOf<ExtractResult<OutputKind[]>['images']>().toEqualTypeOf<
      ExtractedImage[] | undefined
    >()
  })

  it('refuses what the API does not take', () => {
    const refused = () => [
      // @ts-expect-error an unknown field
      pdfx.extract({ url, format: 'md' }),
      // @ts-expect-error an unknown output
      pdfx.extract({ url, outputs: ['html'] }),
      // @ts-expect-error an unknown mode
      pdfx.extract({ url, mode: 'ocr' }),
      // @ts-expect-error no url
      pdfx.extract({ outputs: ['markdown'] }),
      // @ts-expect-error an unknown link field
      pdfx.links.create({ url, password: 'secret' }),
    ]
    expectTypeOf(refused).returns.toBeArray()
  })

  it('takes request options last', () => {
    expectTypeOf(pdfx.extract).parameter(1).toEqualTypeOf<RequestOptions | undefined>()
    expectTypeOf<RequestOptions>().toEqualTypeOf<{
      signal?: AbortSignal | undefined
      timeoutMs?: number | undefined
      maxRetries?: number | undefined
    }>()
  })
})

describe('links', () => {
  it('returns the wire types of @pdfx/schema', () => {
    expectTypeOf(() =>
      pdfx.links.create({ url, name: 'Q3', notifyOnOpen: false }),
    ).returns.resolves.toEqualTypeOf<DocLink>()
    expectTypeOf(() => pdfx.links.list()).returns.resolves.toEqualTypeOf<DocLinkList>()
    expectTypeOf(() =>
      pdfx.links.get('q3-report', { includeVisits: true }),
    ).returns.resolves.toEqualTypeOf<DocLinkStats>()
    expectTypeOf(() =>
      pdfx.links.revoke('q3-report'),
    ).returns.resolves.toEqualTypeOf<DocLinkRevoked>()
  })
})

describe('options', () => {
  it('are all optional; apiKey null means anonymous', () => {
    expectTypeOf<PdfxOptions>().toEqualTypeOf<{
      apiKey?: string | null | undefined
      baseUrl?: string | undefined
      timeoutMs?: number | undefined
      maxRetries?: number | undefined
      fetch?: ((url: string, init: RequestInit) => Promise<Response>) | undefined
      validateResponses?: boolean | undefined
      sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined
    }>()
    expectTypeOf(Pdfx).constructorParameters.toEqualTypeOf<[options?: PdfxOptions]>()
    // The global fetch fits the fetch option.
    expectTypeOf(globalThis.fetch).toExtend<NonNullable<PdfxOptions['fetch']>>()
  })
})

describe('errors', () => {
  it('are one family under PdfxError', () => {
    expectTypeOf<PdfxApiError>().toExtend<PdfxError>()
    expectTypeOf<PdfxResponseError>().toExtend<PdfxApiError>()
    expectTypeOf<PdfxConnectionError>().toExtend<PdfxError>()
    expectTypeOf<PdfxTimeoutError>().toExtend<PdfxError>()
    expectTypeOf(isPdfxError).guards.toEqualTypeOf<PdfxError>()
  })

  it('carry status, code, message, retryAfter and the request id', () => {
    expectTypeOf<PdfxApiError['status']>().toEqualTypeOf<number>()
    expectTypeOf<PdfxApiError['code']>().toEqualTypeOf<ErrorCode>()
    expectTypeOf<PdfxApiError['message']>().toEqualTypeOf<string>()
    expectTypeOf<PdfxApiError['retryAfter']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<PdfxApiError['requestId']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<PdfxApiError['headers']>().toEqualTypeOf<Headers>()
    expectTypeOf<PdfxConnectionError['requestSent']>().toEqualTypeOf<boolean>()
    expectTypeOf<PdfxTimeoutError['timeoutMs']>().toEqualTypeOf<number>()
  })
})
