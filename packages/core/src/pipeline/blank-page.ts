/**
 * Whether a page without text paints anything at all. A scan is a picture (or, once vectorised,
 * a mass of paths) with no text over it; a page left blank on purpose, as books and reports leave
 * the back of a title page, paints nothing, and is no sign of a missing text layer.
 */

/** pdf.js operator codes (`OPS`) that paint pictures and shadings. */
const PICTURE_OPS: ReadonlySet<number> = new Set([
  62, // shadingFill
  83, // paintImageMaskXObject
  84, // paintImageMaskXObjectGroup
  85, // paintImageXObject
  86, // paintInlineImageXObject
  87, // paintInlineImageXObjectGroup
  88, // paintImageXObjectRepeat
  89, // paintImageMaskXObjectRepeat
  90, // paintSolidColorImageMask
  94, // rawFillPath
])
const CONSTRUCT_PATH = 91
/** The path operator that ends a path without painting it (a clipping path). */
const END_PATH = 28

/** Whether the operator list paints a picture, a shading or a path (clipping paths paint nothing). */
export function paintsMarks(fnArray: ArrayLike<number>, argsArray: ArrayLike<unknown>): boolean {
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i] as number
    if (PICTURE_OPS.has(fn)) return true
    if (fn === CONSTRUCT_PATH && (argsArray[i] as [number])[0] !== END_PATH) return true
  }
  return false
}
