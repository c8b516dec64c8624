import { Module } from 'node:module'

// pdf.js's Node build requires @napi-rs/canvas as it is imported, to install DOMMatrix,
// ImageData and Path2D, which it needs only to draw pages. Loading that native package costs
// about 400 ms and 50 MB in every process (a CLI run, a server's extraction child), though
// @pdfx/core draws nothing. While pdf.js is imported, the package is answered by stand-ins that
// load it on first real use: drawing a page, or a Type3 glyph that pdf.js turns into a path.

const CANVAS = '@napi-rs/canvas'
/** A file of the pdfjs-dist package, whichever way it was installed. */
const PDFJS_FILE = /[\\/]pdfjs-dist[\\/]/

type Load = (request: string, parent: unknown, isMain: boolean) => unknown
type Constructor = new (...args: unknown[]) => object
type CanvasClasses = Record<'DOMMatrix' | 'ImageData' | 'Path2D', Constructor>

/**
 * Runs `importPdfJs` with @napi-rs/canvas answered by stand-ins. Node's module loader is asked
 * through its `_load`, the one hook a CommonJS `require` made by `createRequire` passes; where a
 * Node lacks it, pdf.js loads the package as it would without us.
 */
export async function withLazyCanvas<T>(importPdfJs: () => Promise<T>): Promise<T> {
  const loader = Module as unknown as { _load?: Load }
  const load = loader._load
  if (typeof load !== 'function') return importPdfJs()
  let importing = true
  loader._load = function (this: unknown, request, parent, isMain) {
    // Only pdf.js's own request: other code loading the package meanwhile gets the package.
    const from = (parent as { filename?: unknown } | undefined)?.filename
    if (request !== CANVAS || typeof from !== 'string' || !PDFJS_FILE.test(from)) {
      return load.call(this, request, parent, isMain)
    }
    let real: CanvasClasses | undefined
    const canvas = () => {
      real ??= load.call(this, request, parent, false) as CanvasClasses
      return real
    }
    return {
      DOMMatrix: standIn('DOMMatrix', canvas, () => importing),
      ImageData: standIn('ImageData', canvas, () => false),
      Path2D: standIn('Path2D', canvas, () => false),
    }
  }
  try {
    return await importPdfJs()
  } finally {
    loader._load = load
    importing = false
  }
}

/**
 * A class that constructs, and recognises, the canvas package's own `name` objects, loading the
 * package then. The identity matrix pdf.js makes as it is imported (a scratch matrix it fills in
 * before each use) is a plain one, which the package's methods take as well.
 */
function standIn(
  name: keyof CanvasClasses,
  canvas: () => CanvasClasses,
  importing: () => boolean,
): Constructor {
  function StandIn(...args: unknown[]): object {
    if (importing() && args.length === 0) return { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }
    return new (canvas()[name])(...args)
  }
  Object.defineProperty(StandIn, Symbol.hasInstance, {
    value: (value: unknown) => value instanceof canvas()[name],
  })
  Object.defineProperty(StandIn, 'name', { value: name })
  return StandIn as unknown as Constructor
}
