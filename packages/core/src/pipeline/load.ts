import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PdfxError } from '@pdfx/schema'
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js'
import { assertNoFlateBomb } from './flate-guard.js'
import { MAX_IMAGE_PIXELS } from './images.js'
import { withLazyCanvas } from './lazy-canvas.js'
import { looksLikePdf } from './pdf-header.js'

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

let pdfjsPromise: Promise<PdfJs> | undefined

/** pdf.js, imported on first use so that merely importing @pdfx/core stays cheap. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= importPdfJs()
  return pdfjsPromise
}

/**
 * The legacy build bundles core-js, which on Node 20 replaces `Array.prototype.push`,
 * `JSON.parse` and `JSON.stringify` for the whole process with slow polyfills (push alone was a
 * tenth of our extraction time, and every server response is a JSON.stringify). The natives are
 * put back once both bundles have run. The worker bundle is imported here too, in this thread,
 * because pdf.js's "fake worker" would otherwise import it later and patch the natives again.
 */
async function importPdfJs(): Promise<PdfJs> {
  const natives = {
    push: Array.prototype.push,
    parse: JSON.parse,
    stringify: JSON.stringify,
  }
  const [pdfjs] = await withLazyCanvas(() =>
    Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      // @ts-expect-error pdfjs-dist ships no declarations for the worker bundle
      import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
    ]),
  )
  restore(Array.prototype, 'push', natives.push)
  restore(JSON, 'parse', natives.parse)
  restore(JSON, 'stringify', natives.stringify)
  return pdfjs
}

function restore(target: object, key: string, value: unknown): void {
  if (Reflect.get(target, key) !== value) {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      configurable: true,
      enumerable: false,
    })
  }
}

/**
 * Stands in for pdf.js's loader of the 14 standard fonts' programs, which a PDF may name without
 * embedding them, and refuses each one. pdf.js parses such a program only to draw its glyphs:
 * text, positions and widths come from the PDF and pdf.js's own metrics, and are the same for
 * every corpus PDF without the programs. Parsing them was about 7% of a fast extraction's work.
 */
class NoStandardFontPrograms {
  async fetch(): Promise<Uint8Array> {
    throw new Error('@pdfx/core reads text only: standard font programs are not loaded')
  }
}

let dataRoot: string | undefined

/**
 * Folder of the installed pdfjs-dist package, ending in '/' as pdf.js requires for data paths;
 * resolved once, as resolving reads the file system.
 */
function pdfjsDataRoot(): string {
  dataRoot ??= `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/`
  return dataRoot
}

/** A parsed PDF whose pages are read one at a time; call destroy() when done. */
export interface PdfSource {
  readonly pdfjs: PdfJs
  readonly document: PDFDocumentProxy
  readonly pageCount: number
  getPage(pageNumber: number): Promise<PDFPageProxy>
  destroy(): Promise<void>
}

export interface LoadOptions {
  /** Documents with more pages are refused with `pdf_too_complex`. */
  maxPages: number
  /** Decode embedded images while walking operator lists (only the images output needs them). */
  decodeImages: boolean
}

/** Opens PDF bytes with pdf.js in its safe configuration: no eval, no network, bundled font data. */
export async function loadPdf(bytes: Uint8Array, options: LoadOptions): Promise<PdfSource> {
  if (!looksLikePdf(bytes)) {
    throw new PdfxError(
      'not_a_pdf',
      'The input is not a PDF: no %PDF- header in its first 1024 bytes',
    )
  }
  // pdf.js has no limit on how far it inflates a stream: a bomb must not reach it.
  await assertNoFlateBomb(bytes)
  const pdfjs = await loadPdfJs()
  const root = pdfjsDataRoot()
  const task = pdfjs.getDocument({
    // pdf.js transfers the buffer it is given (and refuses Buffers): a plain copy keeps the
    // caller's bytes usable.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableAutoFetch: true,
    disableStream: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // Images larger than this many pixels are skipped before decoding: the fast engine never
    // needs pixels, and skipping them is most of the cost of an operator list.
    maxImageSize: options.decodeImages ? MAX_IMAGE_PIXELS : 1,
    StandardFontDataFactory: NoStandardFontPrograms,
    cMapUrl: join(root, 'cmaps/'),
    cMapPacked: true,
    wasmUrl: join(root, 'wasm/'),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  })
  let document: PDFDocumentProxy
  try {
    document = await task.promise
  } catch (error) {
    await task.destroy().catch(() => undefined)
    throw toLoadError(error)
  }
  if (document.numPages > options.maxPages) {
    await document.destroy()
    throw new PdfxError(
      'pdf_too_complex',
      `The PDF has ${document.numPages} pages; at most ${options.maxPages} are processed`,
    )
  }
  return {
    pdfjs,
    document,
    pageCount: document.numPages,
    getPage: (pageNumber) => document.getPage(pageNumber),
    destroy: () => document.destroy(),
  }
}

/** Maps pdf.js load failures onto our stable error codes. */
function toLoadError(error: unknown): PdfxError {
  const name = (error as { name?: string } | null)?.name
  const message = error instanceof Error ? error.message : String(error)
  if (name === 'PasswordException') {
    return new PdfxError('pdf_encrypted', 'The PDF is encrypted and needs a password', {
      cause: error,
    })
  }
  if (name === 'InvalidPDFException') {
    return new PdfxError('pdf_damaged', `The PDF is damaged and cannot be read: ${message}`, {
      cause: error,
    })
  }
  return new PdfxError('pdf_damaged', `The PDF could not be parsed: ${message}`, { cause: error })
}
