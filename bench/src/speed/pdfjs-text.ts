import { createRequire } from 'node:module'
import { dirname } from 'node:path'

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

let pdfjsPromise: Promise<PdfJs> | undefined

/** The legacy (Node) build of pdf.js, imported once. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs')
  return pdfjsPromise
}

/** Folder of the installed pdfjs-dist package, ending in '/' as pdf.js requires for data URLs. */
const PDFJS_ROOT = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/`

/** Opens a PDF with bare pdf.js and the same safety settings as @pdfx/core. */
async function openPdf(bytes: Uint8Array) {
  const pdfjs = await loadPdfJs()
  return pdfjs.getDocument({
    // pdf.js transfers the buffer it is given: a copy keeps the caller's bytes for the next run.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${PDFJS_ROOT}standard_fonts/`,
    cMapUrl: `${PDFJS_ROOT}cmaps/`,
    cMapPacked: true,
    wasmUrl: `${PDFJS_ROOT}wasm/`,
    verbosity: 0,
  }).promise
}

/**
 * The baseline of the speed benchmark: bare pdf.js reading the text of every page, with the
 * same safety settings as @pdfx/core and nothing else. Returns the number of pages read.
 */
export async function readTextWithPdfJs(bytes: Uint8Array): Promise<number> {
  const doc = await openPdf(bytes)
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number)
      await page.getTextContent()
      page.cleanup()
    }
    return doc.numPages
  } finally {
    await doc.destroy()
  }
}

/** Number of pages of a PDF, as pdf.js reads it (for per-page timings of other runs). */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  const doc = await openPdf(bytes)
  try {
    return doc.numPages
  } finally {
    await doc.destroy()
  }
}
