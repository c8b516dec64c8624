/**
 * Vector rulings: the straight horizontal and vertical lines a page draws (stroked lines and
 * rectangles, thin filled rectangles used as rules, the edges of filled cell backgrounds), read
 * from the pdf.js operator list under the current transform, in top-left page coordinates.
 */

import { cellGapRulings } from './cell-tiling.js'

/** Operator codes of pdf.js (`OPS`) and its path commands (`DrawOPS`) that matter here. */
export const RULING_OPS = {
  save: 10,
  restore: 11,
  transform: 12,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
  shadingFill: 62,
  setFillColorN: 55,
  setFillRGBColor: 59,
  paintImageXObject: 85,
  paintInlineImageXObject: 86,
  constructPath: 91,
  stroke: 20,
  closeStroke: 21,
  fill: 22,
  eoFill: 23,
  fillStroke: 24,
  eoFillStroke: 25,
  closeFillStroke: 26,
  closeEOFillStroke: 27,
} as const

const MOVE_TO = 0
const LINE_TO = 1
const CURVE_TO = 2
const QUADRATIC_CURVE_TO = 3
const CLOSE_PATH = 4

/** Largest and smallest side (points) of a small filled shape that may be a drawn bullet. */
const MARK_MAX_SIZE = 10
const MARK_MIN_SIZE = 1.5
/** How much longer one side of such a mark may be than the other. */
const MARK_ASPECT = 1.5
/** Largest difference between the red, green and blue of a colour without hue (of 255). */
const GREY_SPREAD = 24
/** Filled rectangles thinner than this (points) are rules, not areas. */
const RULE_MAX_THICKNESS = 3
/** Lines shorter than this (points) are ticks, bullets or glyph parts, not rulings. */
const MIN_LENGTH = 4
/** A line this close to horizontal or vertical (points over its length) counts as straight. */
const SKEW = 1
/** How far (points) a filled shape may reach out of the one it is painted on. */
const INSIDE = 1
/** How many earlier filled shapes are searched for the one a new shape is painted on. */
const MAX_UNDER = 400
/** The colour of the page under everything painted on it. */
const PAGE_COLOUR = '#ffffff'

/** A horizontal (y1 = y2) or vertical (x1 = x2) line, x1 <= x2 and y1 <= y2. */
export interface Segment {
  x1: number
  y1: number
  x2: number
  y2: number
}

/** An image drawn on the page: the object id pdf.js gives it and where it lands. */
export interface PlacedImage {
  objectId: string
  bbox: [number, number, number, number]
}

/** What the drawing operators of a page contribute to layout analysis. */
export interface PageGraphics {
  horizontal: Segment[]
  vertical: Segment[]
  /** Filled rectangles larger than rules: shaded cells, chart bars, panels. */
  areas: Array<[number, number, number, number]>
  /**
   * Small shapes of about equal width and height, of any outline, filled in grey or black (a
   * chart's legend keys are in its series' colours) or stroked: dots, discs, rings, squares.
   */
  marks: Array<[number, number, number, number]>
  images: PlacedImage[]
}

type Matrix = [number, number, number, number, number, number]

/** A filled rectangle painted so far, and its colour (null for a pattern or a shading). */
interface Paint {
  box: [number, number, number, number]
  colour: string | null
}

/** The fill colour in force, and the rectangles filled before, that a new shape lands on. */
interface Fill {
  colour: string | null
  paints: Paint[]
}

/**
 * Walks a page's operator list once. `viewport` is the matrix from PDF user space to top-left
 * page coordinates (pdf.js `viewport.transform`).
 */
export function readPageGraphics(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  viewport: readonly number[],
  pageArea: number,
): PageGraphics {
  const graphics: PageGraphics = { horizontal: [], vertical: [], areas: [], marks: [], images: [] }
  let ctm: Matrix = [...(viewport as Matrix)]
  // pdf.js gives every plain fill colour as setFillRGBColor ('#rrggbb'); the page starts black.
  const fill: Fill = { colour: '#000000', paints: [] }
  const stack: Array<{ ctm: Matrix; colour: string | null }> = []
  // The box of each form being painted, in its own space, and the transform it is painted with.
  const forms: Array<{ bbox: ArrayLike<number>; ctm: Matrix } | null> = []
  const push = () => stack.push({ ctm, colour: fill.colour })
  const pop = () => {
    const state = stack.pop()
    if (state) {
      ctm = state.ctm
      fill.colour = state.colour
    }
  }
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]
    switch (fn) {
      case RULING_OPS.save:
        push()
        break
      case RULING_OPS.restore:
        pop()
        break
      case RULING_OPS.setFillRGBColor: {
        const colour = (argsArray[i] as unknown[])[0]
        fill.colour = typeof colour === 'string' ? colour.toLowerCase() : null
        break
      }
      case RULING_OPS.setFillColorN:
        fill.colour = null
        break
      case RULING_OPS.transform:
        ctm = multiply(ctm, argsArray[i] as Matrix)
        break
      case RULING_OPS.paintFormXObjectBegin: {
        // pdf.js wraps a form in save/transform of its own matrix; mirror that.
        push()
        const [matrix, bbox] = argsArray[i] as [Matrix | null, ArrayLike<number> | null]
        if (matrix) ctm = multiply(ctm, matrix)
        forms.push(bbox ? { bbox, ctm } : null)
        break
      }
      case RULING_OPS.paintFormXObjectEnd:
        forms.pop()
        pop()
        break
      case RULING_OPS.shadingFill: {
        // A shading fills the clip, here its form's box: LaTeX beamer's bullets are small forms
        // painted with a shaded ball.
        const form = forms[forms.length - 1]
        if (form) addMarkBox(graphics, form.bbox, form.ctm)
        break
      }
      case RULING_OPS.paintImageXObject:
      case RULING_OPS.paintInlineImageXObject: {
        const args = argsArray[i] as unknown[]
        const id = typeof args[0] === 'string' ? args[0] : ''
        graphics.images.push({ objectId: id, bbox: unitSquare(ctm) })
        break
      }
      case RULING_OPS.constructPath: {
        const [paint, data, minMax] = argsArray[i] as [
          number,
          [Float32Array | null],
          Float32Array | null,
        ]
        const path = data[0]
        if (path) addPath(graphics, paint, path, ctm, pageArea, fill)
        if (minMax && (isFill(paint) || isStroke(paint)))
          addMark(graphics, paint, minMax, ctm, fill)
        break
      }
    }
  }
  const gaps = cellGapRulings(graphics.areas)
  graphics.horizontal.push(...gaps.horizontal)
  graphics.vertical.push(...gaps.vertical)
  return graphics
}

function addPath(
  graphics: PageGraphics,
  paint: number,
  path: Float32Array,
  ctm: Matrix,
  pageArea: number,
  fill: Fill,
): void {
  const strokes = isStroke(paint)
  const fills = strokes
    ? paint !== RULING_OPS.stroke && paint !== RULING_OPS.closeStroke
    : isFill(paint)
  if (!strokes && !fills) return // endPath: a clipping path draws nothing

  // Points of the current subpath, in page coordinates; curves end a straight run.
  let points: number[] = []
  let straight = true
  const flush = () => {
    if (points.length >= 4) {
      if (fills && straight) addFilledShape(graphics, points, pageArea, fill)
      if (strokes) addPolyline(graphics, points)
    }
    points = []
    straight = true
  }
  for (let k = 0; k < path.length; ) {
    const op = path[k]
    if (op === MOVE_TO) {
      flush()
      pushPoint(points, ctm, path[k + 1] as number, path[k + 2] as number)
      k += 3
    } else if (op === LINE_TO) {
      pushPoint(points, ctm, path[k + 1] as number, path[k + 2] as number)
      k += 3
    } else if (op === CURVE_TO || op === QUADRATIC_CURVE_TO) {
      // A curve ends the straight run before it; the next piece starts at the curve's end point.
      const end = k + (op === CURVE_TO ? 5 : 3)
      straight = false
      if (strokes) addPolyline(graphics, points)
      points = []
      pushPoint(points, ctm, path[end] as number, path[end + 1] as number)
      k = end + 2
    } else if (op === CLOSE_PATH) {
      if (points.length >= 2) points.push(points[0] as number, points[1] as number)
      k += 1
    } else {
      break // unknown command: the rest of the path cannot be decoded
    }
  }
  flush()
}

/**
 * A painted path whose bounds (pdf.js's minMax, in the path's own space) make a small shape of
 * about equal width and height: a bullet a browser draws as a disc, a ring or a square, a dot.
 * A fill must be grey or black; a stroke's colour is not followed here.
 */
function addMark(
  graphics: PageGraphics,
  paint: number,
  minMax: Float32Array,
  ctm: Matrix,
  fill: Fill,
): void {
  if (isFill(paint) && !isGrey(fill.colour)) return
  addMarkBox(graphics, minMax, ctm)
}

/** Records the box `[x0, y0, x1, y1]` (in the space of `ctm`) as a mark if it is one's size. */
function addMarkBox(graphics: PageGraphics, box: ArrayLike<number>, ctm: Matrix): void {
  const corners: number[] = []
  pushPoint(corners, ctm, box[0] as number, box[1] as number)
  pushPoint(corners, ctm, box[2] as number, box[3] as number)
  const [ax, ay, bx, by] = corners as [number, number, number, number]
  const width = Math.abs(bx - ax)
  const height = Math.abs(by - ay)
  if (Math.max(width, height) > MARK_MAX_SIZE || Math.min(width, height) < MARK_MIN_SIZE) return
  if (width > MARK_ASPECT * height || height > MARK_ASPECT * width) return
  graphics.marks.push([Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)])
}

/** A plain fill colour without hue other than the page's white: black and the greys of text. */
function isGrey(colour: string | null): boolean {
  if (colour === null || colour === PAGE_COLOUR || !/^#[0-9a-f]{6}$/.test(colour)) return false
  const channels = [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16))
  return Math.max(...channels) - Math.min(...channels) <= GREY_SPREAD
}

function isStroke(paint: number): boolean {
  return (
    paint === RULING_OPS.stroke ||
    paint === RULING_OPS.closeStroke ||
    paint === RULING_OPS.fillStroke ||
    paint === RULING_OPS.eoFillStroke ||
    paint === RULING_OPS.closeFillStroke ||
    paint === RULING_OPS.closeEOFillStroke
  )
}

function isFill(paint: number): boolean {
  return paint === RULING_OPS.fill || paint === RULING_OPS.eoFill
}

function pushPoint(points: number[], m: Matrix, x: number, y: number): void {
  points.push(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/** Every straight horizontal or vertical piece of a stroked polyline. */
function addPolyline(graphics: PageGraphics, points: readonly number[]): void {
  for (let k = 0; k + 3 < points.length; k += 2) {
    addLine(
      graphics,
      points[k] as number,
      points[k + 1] as number,
      points[k + 2] as number,
      points[k + 3] as number,
    )
  }
}

function addLine(graphics: PageGraphics, ax: number, ay: number, bx: number, by: number): void {
  const dx = Math.abs(bx - ax)
  const dy = Math.abs(by - ay)
  if (dy <= SKEW && dx >= MIN_LENGTH) {
    const y = (ay + by) / 2
    graphics.horizontal.push({ x1: Math.min(ax, bx), y1: y, x2: Math.max(ax, bx), y2: y })
  } else if (dx <= SKEW && dy >= MIN_LENGTH) {
    const x = (ax + bx) / 2
    graphics.vertical.push({ x1: x, y1: Math.min(ay, by), x2: x, y2: Math.max(ay, by) })
  }
}

/**
 * A filled subpath: a thin axis-aligned rectangle is a rule along its long side; a larger one
 * (a shaded cell or row) contributes its four edges. Shapes covering most of the page are
 * backgrounds and say nothing about tables, and shapes filled in the colour they are painted on
 * draw nothing at all.
 */
function addFilledShape(
  graphics: PageGraphics,
  points: readonly number[],
  pageArea: number,
  fill: Fill,
): void {
  let left = Number.POSITIVE_INFINITY
  let top = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  for (let k = 0; k < points.length; k += 2) {
    const x = points[k] as number
    const y = points[k + 1] as number
    if (x < left) left = x
    if (x > right) right = x
    if (y < top) top = y
    if (y > bottom) bottom = y
  }
  if (!isAxisAlignedBox(points, left, top, right, bottom)) return
  const width = right - left
  const height = bottom - top
  // A speck (a chart's marker, a dot) draws no ruling and holds nothing painted on it.
  if (width < MIN_LENGTH && height < MIN_LENGTH) return
  if (invisible(fill, left, top, right, bottom)) return
  if (height <= RULE_MAX_THICKNESS && width >= MIN_LENGTH) {
    const y = (top + bottom) / 2
    graphics.horizontal.push({ x1: left, y1: y, x2: right, y2: y })
  } else if (width <= RULE_MAX_THICKNESS && height >= MIN_LENGTH) {
    const x = (left + right) / 2
    graphics.vertical.push({ x1: x, y1: top, x2: x, y2: bottom })
  } else if (width * height < 0.5 * pageArea && width >= MIN_LENGTH && height >= MIN_LENGTH) {
    graphics.areas.push([left, top, right, bottom])
    graphics.horizontal.push({ x1: left, y1: top, x2: right, y2: top })
    graphics.horizontal.push({ x1: left, y1: bottom, x2: right, y2: bottom })
    graphics.vertical.push({ x1: left, y1: top, x2: left, y2: bottom })
    graphics.vertical.push({ x1: right, y1: top, x2: right, y2: bottom })
  }
}

/**
 * Whether a rectangle is filled in the colour of what lies under it, the last rectangle painted
 * that holds it or else the white page: the boxes word processors paint behind each line of a
 * shaded cell's text, a cell's thick border in the cell's own shade, white cell backgrounds.
 * They draw no edge. Rectangles that show are remembered as what later ones are painted on.
 */
function invisible(fill: Fill, left: number, top: number, right: number, bottom: number): boolean {
  const { colour, paints } = fill
  if (colour === null) return false
  let under = PAGE_COLOUR
  for (let k = paints.length - 1; k >= Math.max(0, paints.length - MAX_UNDER); k--) {
    const paint = paints[k] as Paint
    const [l, t, r, b] = paint.box
    if (left >= l - INSIDE && top >= t - INSIDE && right <= r + INSIDE && bottom <= b + INSIDE) {
      if (paint.colour === null) return false
      under = paint.colour
      break
    }
  }
  if (colour === under) return true
  if (right - left > RULE_MAX_THICKNESS && bottom - top > RULE_MAX_THICKNESS) {
    paints.push({ box: [left, top, right, bottom], colour })
  }
  return false
}

/** Every vertex sits on the bounding box's corners (a rectangle, possibly with repeated points). */
function isAxisAlignedBox(
  points: readonly number[],
  left: number,
  top: number,
  right: number,
  bottom: number,
): boolean {
  for (let k = 0; k < points.length; k += 2) {
    const x = points[k] as number
    const y = points[k + 1] as number
    const onX = Math.abs(x - left) <= SKEW || Math.abs(x - right) <= SKEW
    const onY = Math.abs(y - top) <= SKEW || Math.abs(y - bottom) <= SKEW
    if (!onX || !onY) return false
  }
  return points.length >= 8
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    n[0] * m[0] + n[1] * m[2],
    n[0] * m[1] + n[1] * m[3],
    n[2] * m[0] + n[3] * m[2],
    n[2] * m[1] + n[3] * m[3],
    n[4] * m[0] + n[5] * m[2] + m[4],
    n[4] * m[1] + n[5] * m[3] + m[5],
  ]
}

/** Where the unit square of image space lands on the page. */
function unitSquare(m: Matrix): [number, number, number, number] {
  const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]]
  const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]]
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}
