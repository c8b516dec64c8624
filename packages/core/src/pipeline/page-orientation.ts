import type { Element, ExtractedImage } from '@pdfx/schema'
import type { PageViewport } from 'pdfjs-dist/types/src/display/display_utils.js'
import { type Box, roundBox } from './points.js'
import type { PageText } from './text-runs.js'

/** An affine map `[a, b, c, d, e, f]`: x' = a x + c y + e, y' = b x + d y + f. */
export type Affine = readonly [number, number, number, number, number, number]

/** A page read turned: how its boxes map back to the page as displayed, and that page's size. */
export interface PageTurn {
  toDisplayed: Affine
  width: number
  height: number
}

/** Quarter turns tried, beyond the page's own rotation, for a page whose text runs sideways. */
const TURNS = [90, 180, 270] as const

/**
 * Reads a page's text in the orientation that sets most of it upright. A page whose content is
 * drawn turned a quarter (LaTeX's `lscape` sets a wide table on its side without rotating the
 * page; a producer may rotate the page without turning its content) has most of its text
 * sideways, read letter by letter as stamps; turned back, it reads as lines. The viewport
 * returned is the one the text was read in, for the page's drawings too, and `turn` maps boxes
 * found in it back to the page as displayed. A page mostly upright is read once.
 */
export function readUpright(
  read: (viewport: PageViewport) => PageText,
  viewportTurned: (turn: number) => PageViewport,
): { text: PageText; viewport: PageViewport; turn?: PageTurn } {
  const displayed = viewportTurned(0)
  let viewport = displayed
  let text = read(viewport)
  if (text.rotated.length === 0) return { text, viewport }
  let upright = uprightChars(text)
  if (upright >= sidewaysChars(text)) return { text, viewport }
  for (const turn of TURNS) {
    const turned = viewportTurned(turn)
    const candidate = read(turned)
    const count = uprightChars(candidate)
    if (count > upright) {
      viewport = turned
      text = candidate
      upright = count
    }
  }
  if (viewport === displayed) return { text, viewport }
  const toDisplayed = compose(
    invert(viewport.transform as unknown as Affine),
    displayed.transform as unknown as Affine,
  )
  return { text, viewport, turn: { toDisplayed, width: displayed.width, height: displayed.height } }
}

/**
 * A box `[left, top, right, bottom]` mapped by `m`: the box around its four mapped corners, in
 * hundredths of a point as every box is given.
 */
function mapBox(m: Affine, [left, top, right, bottom]: readonly number[]): Box {
  const xs = [left, right, left, right] as number[]
  const ys = [top, top, bottom, bottom] as number[]
  const mx = xs.map((x, i) => m[0] * x + m[2] * (ys[i] as number) + m[4])
  const my = xs.map((x, i) => m[1] * x + m[3] * (ys[i] as number) + m[5])
  return roundBox([Math.min(...mx), Math.min(...my), Math.max(...mx), Math.max(...my)])
}

/**
 * Maps the boxes found on pages read turned (`turns`, by page number) back to those pages as
 * displayed, where the output's coordinates are measured.
 */
export function boxesAsDisplayed(
  items: readonly (Element | ExtractedImage)[],
  turns: ReadonlyMap<number, PageTurn>,
): void {
  if (turns.size === 0) return
  for (const item of items) {
    const turn = turns.get(item.page)
    if (turn === undefined) continue
    if (item.bbox) item.bbox = mapBox(turn.toDisplayed, item.bbox)
    if ('table' in item && item.table) {
      item.table.bbox = mapBox(turn.toDisplayed, item.table.bbox)
      for (const cell of item.table.cells) cell.bbox = mapBox(turn.toDisplayed, cell.bbox)
    }
  }
}

function invert([a, b, c, d, e, f]: Affine): Affine {
  const det = a * d - b * c
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det]
}

/** The map that applies `first`, then `second`. */
function compose(first: Affine, second: Affine): Affine {
  const [a1, b1, c1, d1, e1, f1] = first
  const [a2, b2, c2, d2, e2, f2] = second
  return [
    a2 * a1 + c2 * b1,
    b2 * a1 + d2 * b1,
    a2 * c1 + c2 * d1,
    b2 * c1 + d2 * d1,
    a2 * e1 + c2 * f1 + e2,
    b2 * e1 + d2 * f1 + f2,
  ]
}

function uprightChars(text: PageText): number {
  let count = 0
  for (const run of text.runs) count += run.text.length
  return count
}

function sidewaysChars(text: PageText): number {
  let count = 0
  for (const run of text.rotated) count += run.text.length
  return count
}
