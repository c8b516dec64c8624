import { describe, expect, it } from 'vitest'
import { RULING_OPS, readPageGraphics } from './rulings.js'

/** US Letter, as pdf.js builds `viewport.transform` at scale 1: y flipped, origin at the top. */
const VIEWPORT = [1, 0, 0, -1, 0, 792]
const PAGE_AREA = 612 * 792
/** pdf.js `OPS.endPath`: the paint operator of a clipping path, which draws nothing. */
const END_PATH = 28

const MOVE_TO = 0
const LINE_TO = 1
const CURVE_TO = 2
const CLOSE_PATH = 4

type Op = [number, unknown]

/** A `constructPath` operator as pdf.js 5 emits it: `[paintOp, [path data], minMax]`. */
function path(paint: number, data: number[]): Op {
  return [RULING_OPS.constructPath, [paint, [new Float32Array(data)], null]]
}

/** A rectangle in PDF user space (`re`): lower-left corner, width and height. */
function rect(x: number, y: number, width: number, height: number): number[] {
  return [
    MOVE_TO,
    x,
    y,
    LINE_TO,
    x + width,
    y,
    LINE_TO,
    x + width,
    y + height,
    LINE_TO,
    x,
    y + height,
    CLOSE_PATH,
  ]
}

/**
 * A disc of radius `r` around (x, y), four Bézier quarters as browsers draw a list's bullet, with
 * the bounds pdf.js computes for the operator.
 */
function disc(paint: number, x: number, y: number, r: number): Op {
  const k = 0.5523 * r
  const data = [
    MOVE_TO,
    x + r,
    y,
    CURVE_TO,
    x + r,
    y + k,
    x + k,
    y + r,
    x,
    y + r,
    CURVE_TO,
    x - k,
    y + r,
    x - r,
    y + k,
    x - r,
    y,
    CURVE_TO,
    x - r,
    y - k,
    x - k,
    y - r,
    x,
    y - r,
    CURVE_TO,
    x + k,
    y - r,
    x + r,
    y - k,
    x + r,
    y,
    CLOSE_PATH,
  ]
  const bounds = new Float32Array([x - r, y - r, x + r, y + r])
  return [RULING_OPS.constructPath, [paint, [new Float32Array(data)], bounds]]
}

function read(ops: Op[], viewport: readonly number[] = VIEWPORT) {
  return readPageGraphics(
    ops.map(([fn]) => fn),
    ops.map(([, args]) => args),
    viewport,
    PAGE_AREA,
  )
}

describe('readPageGraphics', () => {
  it('applies `transform` to a stroked line, and `restore` brings the matrix back', () => {
    const line = [MOVE_TO, 0, 0, LINE_TO, 50, 0]
    const graphics = read([
      [RULING_OPS.save, null],
      [RULING_OPS.transform, [2, 0, 0, 2, 10, 20]],
      path(RULING_OPS.stroke, line),
      [RULING_OPS.restore, null],
      path(RULING_OPS.stroke, line),
    ])
    expect(graphics.horizontal).toEqual([
      { x1: 10, y1: 772, x2: 110, y2: 772 },
      { x1: 0, y1: 792, x2: 50, y2: 792 },
    ])
    expect(graphics.vertical).toEqual([])
    expect(graphics.areas).toEqual([])
  })

  it('flips PDF y-up coordinates to top-left y-down, ordering the ends top to bottom', () => {
    const graphics = read([path(RULING_OPS.stroke, [MOVE_TO, 100, 100, LINE_TO, 100, 300])])
    expect(graphics.vertical).toEqual([{ x1: 100, y1: 492, x2: 100, y2: 692 }])
    // Without the viewport, the same line stays in PDF space.
    const unflipped = read(
      [path(RULING_OPS.stroke, [MOVE_TO, 100, 300, LINE_TO, 100, 100])],
      [1, 0, 0, 1, 0, 0],
    )
    expect(unflipped.vertical).toEqual([{ x1: 100, y1: 100, x2: 100, y2: 300 }])
  })

  it('turns every side of a stroked rectangle into a ruling', () => {
    const graphics = read([path(RULING_OPS.stroke, rect(72, 600, 200, 50))])
    expect(graphics.horizontal).toEqual([
      { x1: 72, y1: 192, x2: 272, y2: 192 },
      { x1: 72, y1: 142, x2: 272, y2: 142 },
    ])
    expect(graphics.vertical).toEqual([
      { x1: 272, y1: 142, x2: 272, y2: 192 },
      { x1: 72, y1: 142, x2: 72, y2: 192 },
    ])
    expect(graphics.areas).toEqual([])
  })

  it('skips diagonals and ticks shorter than a ruling', () => {
    const graphics = read([
      path(RULING_OPS.stroke, [MOVE_TO, 100, 100, LINE_TO, 200, 150]),
      path(RULING_OPS.stroke, [MOVE_TO, 100, 100, LINE_TO, 103, 100]),
    ])
    expect(graphics.horizontal).toEqual([])
    expect(graphics.vertical).toEqual([])
  })

  it('reads a thin filled rectangle as a rule along its long side', () => {
    const graphics = read([
      path(RULING_OPS.fill, rect(72, 700, 468, 1)),
      path(RULING_OPS.eoFill, rect(300, 400, 0.5, 100)),
    ])
    expect(graphics.horizontal).toEqual([{ x1: 72, y1: 91.5, x2: 540, y2: 91.5 }])
    expect(graphics.vertical).toEqual([{ x1: 300.25, y1: 292, x2: 300.25, y2: 392 }])
    expect(graphics.areas).toEqual([])
  })

  it('reads a larger filled rectangle as an area and its four edges', () => {
    const graphics = read([path(RULING_OPS.fill, rect(100, 600, 100, 20))])
    expect(graphics.areas).toEqual([[100, 172, 200, 192]])
    expect(graphics.horizontal).toEqual([
      { x1: 100, y1: 172, x2: 200, y2: 172 },
      { x1: 100, y1: 192, x2: 200, y2: 192 },
    ])
    expect(graphics.vertical).toEqual([
      { x1: 100, y1: 172, x2: 100, y2: 192 },
      { x1: 200, y1: 172, x2: 200, y2: 192 },
    ])
  })

  it('ignores a page-sized background and a clipping path', () => {
    const graphics = read([
      path(RULING_OPS.fill, rect(0, 0, 612, 792)),
      path(END_PATH, rect(100, 600, 100, 20)),
      path(END_PATH, [MOVE_TO, 72, 700, LINE_TO, 540, 700]),
    ])
    expect(graphics).toEqual({ horizontal: [], vertical: [], areas: [], marks: [], images: [] })
  })

  it('draws nothing for a box filled in the colour of what it is painted on', () => {
    const fillColour = (hex: string): Op => [RULING_OPS.setFillRGBColor, [hex]]
    const graphics = read([
      // A white box on the white page: a text background that shows nothing.
      fillColour('#ffffff'),
      path(RULING_OPS.fill, rect(300, 600, 100, 20)),
      // A shaded cell, and the same shade painted again behind one line of its text.
      fillColour('#dddddd'),
      path(RULING_OPS.fill, rect(100, 600, 100, 40)),
      path(RULING_OPS.fill, rect(104, 620, 92, 12)),
    ])
    expect(graphics.areas).toEqual([[100, 152, 200, 192]])
    expect(graphics.horizontal).toHaveLength(2)
    // A white cell on a dark table background shows, and draws its edges.
    const cells = read([
      fillColour('#333333'),
      path(RULING_OPS.fill, rect(100, 600, 200, 40)),
      fillColour('#ffffff'),
      path(RULING_OPS.fill, rect(102, 602, 96, 36)),
    ])
    expect(cells.areas).toEqual([
      [100, 152, 300, 192],
      [102, 154, 198, 190],
    ])
  })

  it('uses the operator codes of the installed pdf.js', async () => {
    const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs')
    for (const [name, code] of Object.entries(RULING_OPS)) {
      expect([name, OPS[name as keyof typeof OPS]]).toEqual([name, code])
    }
  })

  it('ignores curves, but keeps the straight stroke that follows one', () => {
    const arc = [MOVE_TO, 100, 100, CURVE_TO, 120, 150, 180, 150, 200, 100]
    const rounded = [...arc, LINE_TO, 200, 50, LINE_TO, 100, 50, CLOSE_PATH]
    const graphics = read([
      path(RULING_OPS.stroke, arc),
      // A filled shape with a curved side is not a rectangle: no area, no edges.
      path(RULING_OPS.fill, rounded),
      path(RULING_OPS.stroke, [...arc, LINE_TO, 300, 100]),
    ])
    expect(graphics.horizontal).toEqual([{ x1: 200, y1: 692, x2: 300, y2: 692 }])
    expect(graphics.vertical).toEqual([])
    expect(graphics.areas).toEqual([])
  })

  it('places an image where the current matrix maps the unit square', () => {
    const graphics = read([
      [RULING_OPS.save, null],
      [RULING_OPS.transform, [200, 0, 0, 100, 50, 600]],
      [RULING_OPS.paintImageXObject, ['img_p0_1', 640, 320]],
      [RULING_OPS.restore, null],
      [RULING_OPS.paintInlineImageXObject, [{ width: 1, height: 1 }]],
    ])
    expect(graphics.images).toEqual([
      { objectId: 'img_p0_1', bbox: [50, 92, 250, 192] },
      { objectId: '', bbox: [0, 791, 1, 792] },
    ])
  })

  it('draws a form XObject under its matrix, and restores the matrix after it', () => {
    const line = [MOVE_TO, 0, 0, LINE_TO, 50, 0]
    const graphics = read([
      [
        RULING_OPS.paintFormXObjectBegin,
        [
          [1, 0, 0, 1, 100, 100],
          [0, 0, 50, 50],
        ],
      ],
      path(RULING_OPS.stroke, line),
      [RULING_OPS.paintFormXObjectBegin, [null, [0, 0, 50, 50]]],
      path(RULING_OPS.stroke, line),
      [RULING_OPS.paintFormXObjectEnd, null],
      [RULING_OPS.paintFormXObjectEnd, null],
      path(RULING_OPS.stroke, line),
    ])
    expect(graphics.horizontal).toEqual([
      { x1: 100, y1: 692, x2: 150, y2: 692 },
      { x1: 100, y1: 692, x2: 150, y2: 692 },
      { x1: 0, y1: 792, x2: 50, y2: 792 },
    ])
  })

  it("keeps a small form painted with a shading as a mark (beamer's balls), but not a shaded panel", () => {
    const shadedForm = (x: number, y: number, side: number): Op[] => [
      [
        RULING_OPS.paintFormXObjectBegin,
        [
          [1, 0, 0, 1, x, y],
          [0, 0, side, side],
        ],
      ],
      [RULING_OPS.shadingFill, ['pattern_p1_1']],
      [RULING_OPS.paintFormXObjectEnd, null],
    ]
    const graphics = read([...shadedForm(22, 600, 5.1), ...shadedForm(100, 300, 200)])
    expect(graphics.marks.map((box) => box.map((v) => Number(v.toFixed(1))))).toEqual([
      [22, 186.9, 27.1, 192],
    ])
  })

  it('keeps small discs and rings as marks, but not coloured keys or larger shapes', () => {
    const fillColour = (hex: string): Op => [RULING_OPS.setFillRGBColor, [hex]]
    const graphics = read([
      disc(RULING_OPS.fill, 120, 700, 1.9),
      disc(RULING_OPS.stroke, 160, 680, 1.9),
      fillColour('#336699'),
      disc(RULING_OPS.fill, 300, 700, 2),
      fillColour('#555555'),
      disc(RULING_OPS.fill, 300, 600, 12),
    ])
    expect(graphics.marks.map((box) => box.map((v) => Number(v.toFixed(1))))).toEqual([
      [118.1, 90.1, 121.9, 93.9],
      [158.1, 110.1, 161.9, 113.9],
    ])
    // curved shapes draw no rulings
    expect(graphics.horizontal).toEqual([])
  })
})
