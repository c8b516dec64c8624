import {
  degrees,
  endMarkedContent,
  grayscale,
  PDFDocument,
  type PDFFont,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  StandardFonts,
} from 'pdf-lib'

/** One piece of text placed on a page; `y` is measured from the top of the page, in points. */
export interface TextSpec {
  text: string
  x: number
  y: number
  size?: number
  font?: 'regular' | 'bold' | 'italic' | 'mono'
  /** Degrees anticlockwise about the text's start: 90 runs it up the page. */
  rotate?: number
  /**
   * In a tagged document, the text is a list item's body and this disc its label, drawn just
   * before it in a label's marked content that holds no text, as browsers tag their lists.
   */
  drawnLabel?: DotSpec
}

/** A straight line drawn on a page; coordinates from the top-left, in points. */
export interface LineSpec {
  x1: number
  y1: number
  x2: number
  y2: number
  thickness?: number
}

/** A filled rectangle; `y` is its top edge measured from the top of the page. */
export interface RectSpec {
  x: number
  y: number
  width: number
  height: number
  /** Grey level 0 (black) to 1 (white); default 0.85. */
  grey?: number
}

/** A small disc, or a ring when `outline`, as browsers draw a list's bullets; centre from the top. */
export interface DotSpec {
  x: number
  y: number
  radius: number
  outline?: boolean
}

/** A PNG picture placed on a page; `y` is its top edge measured from the top of the page. */
export interface ImageSpec {
  png: Uint8Array
  x: number
  y: number
  width: number
  height: number
}

/** A page: its text pieces, drawings, and optionally its size in points (default US Letter). */
export interface PageSpec {
  texts: TextSpec[]
  lines?: LineSpec[]
  rects?: RectSpec[]
  dots?: DotSpec[]
  images?: ImageSpec[]
  width?: number
  height?: number
}

/** Options of the generated document. */
export interface BuildOptions {
  title?: string
  /** Outline entries are not supported by pdf-lib's high-level API; see buildPdf's callers. */
  userPassword?: string
  /**
   * Mark the document as tagged and put each text in marked content with an MCID, as the
   * structure of a tagged PDF would refer to it (the structure tree itself is left out).
   */
  tagged?: boolean
}

const FONT_NAMES = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
  mono: StandardFonts.Courier,
} as const

/** Builds a PDF from a description of its pages, for tests: fixtures are code, not files. */
export async function buildPdf(
  pages: readonly (PageSpec | TextSpec[])[],
  options: BuildOptions = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  if (options.title) pdf.setTitle(options.title)
  if (options.tagged) pdf.catalog.set(PDFName.of('MarkInfo'), pdf.context.obj({ Marked: true }))
  const fonts = new Map<keyof typeof FONT_NAMES, PDFFont>()
  for (const spec of pages) {
    const {
      texts,
      lines = [],
      rects = [],
      dots = [],
      images = [],
      width = 612,
      height = 792,
    } = Array.isArray(spec) ? { texts: spec } : spec
    const page = pdf.addPage([width, height])
    // Shading first, as a producer would paint cell backgrounds under the text.
    for (const rect of rects) {
      page.drawRectangle({
        x: rect.x,
        y: height - rect.y - rect.height,
        width: rect.width,
        height: rect.height,
        color: grayscale(rect.grey ?? 0.85),
      })
    }
    for (const image of images) {
      const embedded = await pdf.embedPng(image.png)
      page.drawImage(embedded, {
        x: image.x,
        y: height - image.y - image.height,
        width: image.width,
        height: image.height,
      })
    }
    for (const line of lines) {
      page.drawLine({
        start: { x: line.x1, y: height - line.y1 },
        end: { x: line.x2, y: height - line.y2 },
        thickness: line.thickness ?? 0.75,
      })
    }
    for (const dot of dots) drawDot(page, dot, height)
    let mcid = 0
    const mark = (tag: string) =>
      page.pushOperators(
        PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
          PDFName.of(tag),
          // pdf-lib writes a string argument as it is: here, the properties' inline dictionary.
          `<< /MCID ${mcid++} >>`,
        ]),
      )
    for (const piece of texts) {
      if (options.tagged && piece.drawnLabel) {
        mark('Lbl')
        drawDot(page, piece.drawnLabel, height)
        page.pushOperators(endMarkedContent())
      }
      if (options.tagged) mark(piece.drawnLabel ? 'LBody' : 'P')
      const kind = piece.font ?? 'regular'
      let font = fonts.get(kind)
      if (!font) {
        font = await pdf.embedFont(FONT_NAMES[kind])
        fonts.set(kind, font)
      }
      const size = piece.size ?? 11
      page.drawText(piece.text, {
        x: piece.x,
        y: height - piece.y,
        size,
        font,
        ...(piece.rotate !== undefined && { rotate: degrees(piece.rotate) }),
      })
      if (options.tagged) page.pushOperators(endMarkedContent())
    }
  }
  return pdf.save({ useObjectStreams: false })
}

function drawDot(page: PDFPage, dot: DotSpec, height: number): void {
  page.drawCircle({
    x: dot.x,
    y: height - dot.y,
    size: dot.radius,
    ...(dot.outline ? { borderColor: grayscale(0), borderWidth: 0.5 } : { color: grayscale(0) }),
  })
}

/** The width (points) of `text` set in one of the builder's fonts, to place what follows it. */
export async function textWidth(
  text: string,
  size = 11,
  kind: keyof typeof FONT_NAMES = 'regular',
) {
  const pdf = await PDFDocument.create()
  return (await pdf.embedFont(FONT_NAMES[kind])).widthOfTextAtSize(text, size)
}

/**
 * Lays out paragraphs as wrapped lines in a column, returning text pieces. Widths are measured
 * with Helvetica's metrics, like a word processor would.
 */
export async function wrapText(
  text: string,
  column: {
    x: number
    y: number
    width: number
    size?: number
    leading?: number
    font?: TextSpec['font']
  },
): Promise<{ texts: TextSpec[]; bottom: number }> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(FONT_NAMES[column.font ?? 'regular'])
  const size = column.size ?? 11
  const leading = column.leading ?? size * 1.3
  const texts: TextSpec[] = []
  let line = ''
  let y = column.y
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) > column.width && line) {
      texts.push({ text: line, x: column.x, y, size, font: column.font ?? 'regular' })
      y += leading
      line = word
    } else {
      line = candidate
    }
  }
  if (line) texts.push({ text: line, x: column.x, y, size, font: column.font ?? 'regular' })
  return { texts, bottom: y }
}

/** Rows of the table `ruledTablePdf` draws by default, header row first. */
export const TABLE_ROWS = [
  ['Region', 'Units', 'Revenue'],
  ['North', '1,204', '$88,210'],
  ['South', '967', '$61,004'],
  ['East', '1,530', '$102,775'],
]

/** Height of a row of the tables `drawTable` lays out. */
export const TABLE_ROW_HEIGHT = 18

export interface TableSpec {
  x: number
  y: number
  widths: number[]
  rows: readonly string[][]
  /** grid: every cell ruled; horizontal: top, header and bottom rules only; none: borderless. */
  rules: 'grid' | 'horizontal' | 'none'
}

/** Text and rules of a simple table, laid out like a word processor would. */
export function drawTable(spec: TableSpec): {
  texts: TextSpec[]
  lines: LineSpec[]
  bottom: number
} {
  const texts: TextSpec[] = []
  const lines: LineSpec[] = []
  const xs = [spec.x]
  for (const width of spec.widths) xs.push((xs[xs.length - 1] as number) + width)
  const right = xs[xs.length - 1] as number
  spec.rows.forEach((row, r) => {
    const top = spec.y + r * TABLE_ROW_HEIGHT
    row.forEach((text, c) => {
      if (text) texts.push({ text, x: (xs[c] as number) + 4, y: top + 13, size: 10 })
    })
  })
  const bottom = spec.y + spec.rows.length * TABLE_ROW_HEIGHT
  if (spec.rules === 'grid') {
    for (let r = 0; r <= spec.rows.length; r++) {
      const y = spec.y + r * TABLE_ROW_HEIGHT
      lines.push({ x1: spec.x, y1: y, x2: right, y2: y })
    }
    for (const x of xs) lines.push({ x1: x, y1: spec.y, x2: x, y2: bottom })
  } else if (spec.rules === 'horizontal') {
    for (const y of [spec.y, spec.y + TABLE_ROW_HEIGHT, bottom]) {
      lines.push({ x1: spec.x, y1: y, x2: right, y2: y })
    }
  }
  return { texts, lines, bottom }
}

/** One page: a sentence, then `rows` as a table with every cell ruled. */
export function ruledTablePdf(rows: readonly string[][] = TABLE_ROWS): Promise<Uint8Array> {
  const table = drawTable({ x: 72, y: 140, widths: [140, 90, 110], rows, rules: 'grid' })
  const intro: TextSpec = { text: 'Sales by region are shown below.', x: 72, y: 100 }
  return buildPdf([{ texts: [intro, ...table.texts], lines: table.lines }])
}
