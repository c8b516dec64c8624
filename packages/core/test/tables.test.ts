import { ExtractedDocumentSchema, type Table } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { extract, extractTables } from '../src/index.js'
import {
  buildPdf,
  drawTable,
  type LineSpec,
  type PageSpec,
  type RectSpec,
  TABLE_ROW_HEIGHT,
  type TableSpec,
  type TextSpec,
  textWidth,
  wrapText,
} from './pdf-builder.js'

function grid(table: Table): string[][] {
  const rows = Array.from({ length: table.rows }, () => new Array<string>(table.columns).fill(''))
  for (const cell of table.cells) (rows[cell.row] as string[])[cell.column] = cell.text
  return rows
}

const FIGURES = [
  ['Region', 'Units', 'Revenue', 'Margin'],
  ['North', '1,204', '$88,210', '12.5%'],
  ['South', '967', '$61,004', '9.8%'],
  ['East', '1,530', '$102,775', '14.1%'],
  ['West', '802', '$49,310', '7.2%'],
]

async function pageWithTable(rules: TableSpec['rules']): Promise<Uint8Array> {
  const intro = await wrapText('Quarterly results by region are summarised in the table below.', {
    x: 72,
    y: 72,
    width: 468,
  })
  const table = drawTable({
    x: 72,
    y: intro.bottom + 20,
    widths: [120, 80, 100, 80],
    rows: FIGURES,
    rules,
  })
  const outro = await wrapText('All figures are unaudited and rounded to the nearest unit.', {
    x: 72,
    y: table.bottom + 24,
    width: 468,
  })
  return buildPdf([{ texts: [...intro.texts, ...table.texts, ...outro.texts], lines: table.lines }])
}

describe('hybrid tables', () => {
  for (const rules of ['grid', 'horizontal', 'none'] as const) {
    it(`rebuilds a ${rules === 'none' ? 'borderless' : `${rules}-ruled`} table as rows and columns, in place`, async () => {
      const doc = await extract(await pageWithTable(rules), { mode: 'hybrid' })
      expect(ExtractedDocumentSchema.parse(doc)).toBeTruthy()
      expect(doc.source.engine).toBe('hybrid')
      const tables = doc.elements.filter((element) => element.type === 'table')
      expect(tables).toHaveLength(1)
      const table = tables[0]?.table as Table
      expect(grid(table)).toEqual(FIGURES)
      expect(table.headerRows).toBe(1)
      // In reading order between the two paragraphs, and its text is not repeated as prose.
      expect(doc.elements.map((element) => element.type)).toEqual([
        'paragraph',
        'table',
        'paragraph',
      ])
      expect(doc.markdown).toContain(
        '| Region | Units | Revenue | Margin |\n| --- | --- | --- | --- |',
      )
      expect(doc.markdown.match(/\$88,210/g)).toHaveLength(1)
      // Boxes in top-left page coordinates: the table lies below the intro and inside the page.
      const [left, top, right, bottom] = table.bbox
      expect(left).toBeGreaterThanOrEqual(60)
      expect(right).toBeLessThanOrEqual(460)
      expect(top).toBeGreaterThan(doc.elements[0]?.bbox?.[3] ?? Number.POSITIVE_INFINITY)
      expect(bottom).toBeLessThan(doc.elements[2]?.bbox?.[1] ?? 0)
    })
  }

  it('rebuilds a table drawn as separately filled cells with white gaps between them', async () => {
    // Each cell is its own shaded box, 3.6 pt from its neighbours, with no rule anywhere; some
    // cells wrap onto a second line.
    const rows = [
      ['Macro', 'Description', 'Predecessors'],
      ['.TBL', 'Begin a new table', '.TD .TH .ETB cell|content'],
      ['.CPTN', 'Optional numbered or unnumbered|table caption', '.TBL'],
      ['.TR', 'Begin a new table row', '.TBL .CPTN'],
      ['.TH', 'Optional table header cell', '.TR .TD .TH|.ETB cell content'],
    ]
    const widths = [50, 170, 110]
    const gap = 3.6
    const texts: TextSpec[] = []
    const rects: RectSpec[] = []
    let y = 120
    for (const [r, row] of rows.entries()) {
      const height = row.some((text) => text.includes('|')) ? 28 : 16
      let x = 72
      for (const [c, text] of row.entries()) {
        const width = widths[c] as number
        rects.push({ x, y, width, height, grey: r === 0 ? 0.7 : 0.9 })
        for (const [k, part] of text.split('|').entries()) {
          texts.push({ text: part, x: x + 3, y: y + 11 + k * 12, size: 10 })
        }
        x += width + gap
      }
      y += height + gap
    }
    const doc = await extract(await buildPdf([{ texts, rects }]), { mode: 'hybrid' })
    const tables = doc.elements.filter((element) => element.type === 'table')
    expect(tables).toHaveLength(1)
    expect(grid(tables[0]?.table as Table)).toEqual(
      rows.map((row) => row.map((text) => text.replace('|', ' '))),
    )
  })

  it("rebuilds a spreadsheet's tight columns of figures, each drawn with a trailing space", async () => {
    // As a spreadsheet prints: titles flush left in their cells, figures flush right and drawn
    // with the space after them, whose box reaches 3 pt past the cell's edge, over the next
    // column's title, and nearly touches the next figure's.
    const sheet = [
      ['Department', 'Q1', 'Q2', 'Q3', 'Q4'],
      ['Administration', '12400', '12650', '12900', '13100'],
      ['Engineering', '130500', '128700', '141200', '138900'],
      ['Marketing', '22000', '31500', '18200', '26700'],
      ['Total', '213100', '220750', '221600', '229700'],
    ]
    const cellLefts = [58, 366, 407, 448, 489]
    const cellWidth = 41
    const texts: TextSpec[] = []
    for (const [r, row] of sheet.entries()) {
      for (const [c, text] of row.entries()) {
        const drawn = c < row.length - 1 ? `${text} ` : text
        const left = cellLefts[c] as number
        const x = r === 0 || c === 0 ? left : left + cellWidth - (await textWidth(drawn, 10)) + 3
        texts.push({ text: drawn, x, y: 100 + 13 * r, size: 10 })
      }
    }
    const doc = await extract(await buildPdf([texts]), { mode: 'hybrid' })
    const tables = doc.elements.filter((element) => element.type === 'table')
    expect(tables.map((element) => grid(element.table as Table))).toEqual([sheet])
  })

  it('reads a statement whose rules and shading mark out its figures alone as one table, labels and all', async () => {
    // An income statement as annual reports set it: the current year's column shaded, stretch
    // by stretch, subtotal rules drawn over the figure columns only, and the row labels outside
    // every rule.
    const rows = [
      ['Revenue', '3', '1,284.6', '1,197.3'],
      ['Cost of sales', '4', '(846.2)', '(801.9)'],
      ['Gross profit', '', '438.4', '395.4'],
      ['Distribution costs', '', '(97.5)', '(92.8)'],
      ['Administrative expenses', '4', '(171.0)', '(158.6)'],
      ['Other operating income', '5', '6.2', '4.9'],
      ['Operating profit', '', '179.9', '151.5'],
      ['Finance costs', '7', '(38.6)', '(27.4)'],
      ['Profit before taxation', '', '145.4', '125.3'],
    ]
    const subtotals = new Set([2, 6, 8])
    // The header's titles stand on its foot, ruled off across the table, in up to three lines.
    const texts: TextSpec[] = [
      { text: 'Note', x: 322, y: 130, size: 9 },
      { text: '2023', x: 430, y: 118, size: 9 },
      { text: '£m', x: 438, y: 130, size: 9 },
      { text: '2022', x: 510, y: 106, size: 9 },
      { text: '£m', x: 518, y: 118, size: 9 },
      { text: '(re-presented)', x: 472, y: 130, size: 9 },
    ]
    const lines: LineSpec[] = [
      { x1: 62, y1: 94, x2: 533, y2: 94 },
      { x1: 62, y1: 136, x2: 533, y2: 136 },
    ]
    const rects: RectSpec[] = [{ x: 374, y: 96, width: 80, height: 40, grey: 0.93 }]
    // A little space after each subtotal, left unshaded.
    let y = 137
    for (const [r, [label, note, current, prior]] of rows.entries()) {
      y += subtotals.has(r - 1) ? 21 : 15
      texts.push({ text: label as string, x: 62, y, size: 9 })
      if (note) texts.push({ text: note, x: 330, y, size: 9 })
      texts.push({
        text: current as string,
        x: 450 - (await textWidth(current as string, 9)),
        y,
        size: 9,
      })
      texts.push({
        text: prior as string,
        x: 530 - (await textWidth(prior as string, 9)),
        y,
        size: 9,
      })
      rects.push({ x: 374, y: y - 11, width: 80, height: 15, grey: 0.93 })
      if (subtotals.has(r)) lines.push({ x1: 374, y1: y - 10, x2: 533, y2: y - 10 })
    }
    const doc = await extract(await buildPdf([{ texts, lines, rects }]), { mode: 'hybrid' })
    const tables = doc.elements.filter((element) => element.type === 'table')
    expect(tables).toHaveLength(1)
    expect(grid(tables[0]?.table as Table).slice(-rows.length)).toEqual(rows)
  })

  it('gives every element a bounding box in hybrid mode and none in fast mode', async () => {
    const pdf = await pageWithTable('grid')
    const hybrid = await extract(pdf, { mode: 'hybrid' })
    expect(hybrid.elements.every((element) => element.bbox !== undefined)).toBe(true)
    const fast = await extract(pdf)
    expect(fast.elements.some((element) => element.bbox !== undefined || element.table)).toBe(false)
    expect(fast.confidence.tables).toBeLessThan(hybrid.confidence.tables)
  })

  it('reads a table row by row in fast mode, as paragraphs rather than a table', async () => {
    const doc = await extract(await pageWithTable('grid'))
    expect(doc.elements.some((element) => element.type === 'table')).toBe(false)
    const paragraphs = doc.elements.filter((element) => element.type === 'paragraph')
    for (const row of FIGURES) {
      expect(paragraphs.map((element) => element.text)).toContain(row.join(' '))
    }
  })

  it('reads a table of prose cells with row labels row by row in fast mode', async () => {
    const columns = [140, 310, 480]
    const texts: TextSpec[] = ['Starter', 'Team', 'Enterprise'].map((text, c) => ({
      text,
      x: (columns[c] as number) + 20,
      y: 96,
      size: 12,
    }))
    const rows = [
      [
        'Support',
        'Answers by email within two working days',
        'A named contact who answers within one working day',
        'A support engineer on call at any hour of every day',
      ],
      [
        'Storage',
        'Ten gigabytes shared by every member of the account',
        'One terabyte, with older versions kept for a month',
        'As much as the contract says, kept for seven years',
      ],
    ]
    let top = 130
    for (const [label, ...cells] of rows) {
      let bottom = top
      for (const [c, cell] of cells.entries()) {
        const wrapped = await wrapText(cell, { x: columns[c] as number, y: top, width: 140 })
        texts.push(...wrapped.texts)
        bottom = Math.max(bottom, wrapped.bottom)
      }
      // The label stands in the middle of its row, level with none of the cells' first lines.
      texts.push({ text: label as string, x: 60, y: (top + bottom) / 2, size: 12 })
      top = bottom + 40
    }
    const doc = await extract(await buildPdf([texts]))
    expect(doc.elements.map((element) => element.text)).toEqual([
      'Starter Team Enterprise',
      ...rows.map((row) => row.join(' ')),
    ])
  })

  it('keeps cells that span columns as one cell and renders them as HTML', async () => {
    const { texts, lines } = drawTable({
      x: 72,
      y: 100,
      widths: [100, 80, 80],
      rows: [
        ['Item', 'Q1', 'Q2'],
        ['Paper', '10', '12'],
        ['Ink', '4', '5'],
      ],
      rules: 'grid',
    })
    // A title row above the grid whose cell spans all three columns.
    const title: TextSpec = {
      text: 'Office supplies',
      x: 76,
      y: 100 - TABLE_ROW_HEIGHT + 13,
      size: 10,
    }
    const frame: LineSpec[] = [
      { x1: 72, y1: 100 - TABLE_ROW_HEIGHT, x2: 332, y2: 100 - TABLE_ROW_HEIGHT },
      { x1: 72, y1: 100 - TABLE_ROW_HEIGHT, x2: 72, y2: 100 },
      { x1: 332, y1: 100 - TABLE_ROW_HEIGHT, x2: 332, y2: 100 },
    ]
    const doc = await extract(
      await buildPdf([{ texts: [title, ...texts], lines: [...frame, ...lines] }]),
      { mode: 'hybrid' },
    )
    const table = doc.elements.find((element) => element.type === 'table')?.table as Table
    expect(table.rows).toBe(4)
    expect(table.columns).toBe(3)
    expect(table.cells[0]).toMatchObject({ row: 0, column: 0, colSpan: 3, text: 'Office supplies' })
    expect(grid(table).slice(1)).toEqual([
      ['Item', 'Q1', 'Q2'],
      ['Paper', '10', '12'],
      ['Ink', '4', '5'],
    ])
    expect(doc.markdown).toContain('<td colspan="3">\nOffice supplies\n</td>')
  })

  it('does not call two columns of prose a table', async () => {
    const words =
      'The committee met in spring and again in the autumn, when it reviewed the progress made on each of the recommendations and agreed on the next steps for the coming year. '
    const left = await wrapText(words.repeat(3), { x: 72, y: 72, width: 220 })
    const right = await wrapText(words.repeat(3), { x: 320, y: 72, width: 220 })
    const doc = await extract(await buildPdf([[...left.texts, ...right.texts]]), { mode: 'hybrid' })
    expect(doc.elements.some((element) => element.type === 'table')).toBe(false)
  })

  it('marks a table continued on the next page and recognises its repeated header', async () => {
    const first = drawTable({
      x: 72,
      y: 600,
      widths: [120, 80, 100, 80],
      rows: FIGURES.slice(0, 4),
      rules: 'grid',
    })
    const second = drawTable({
      x: 72,
      y: 72,
      widths: [120, 80, 100, 80],
      rows: [FIGURES[0] as string[], ...FIGURES.slice(4)],
      rules: 'grid',
    })
    const intro = await wrapText('The regional figures follow.', { x: 72, y: 560, width: 468 })
    const pages: PageSpec[] = [
      { texts: [...intro.texts, ...first.texts], lines: first.lines },
      { texts: second.texts, lines: second.lines },
    ]
    const doc = await extract(await buildPdf(pages), { mode: 'hybrid' })
    const tables = doc.elements.filter((element) => element.type === 'table')
    expect(tables.map((element) => [element.page, element.continued ?? false])).toEqual([
      [1, false],
      [2, true],
    ])
    expect(tables[1]?.table?.headerRows).toBe(1)
    // Markdown readers get one table: the repeated header is not a row of it.
    expect(doc.markdown.match(/^\| --- /gm)).toHaveLength(1)
    expect(doc.markdown.match(/\| Region \|/g)).toHaveLength(1)
    expect(doc.markdown).toContain('| West | 802 | $49,310 | 7.2% |')
  })

  it('lists every table of a document with its element, page and box', async () => {
    const pdf = await pageWithTable('grid')
    const { tables, warnings } = await extractTables(pdf)
    expect(warnings).toEqual([])
    expect(tables).toHaveLength(1)
    const doc = await extract(pdf, { mode: 'hybrid' })
    const element = doc.elements.find((candidate) => candidate.type === 'table')
    expect(tables[0]).toMatchObject({ elementId: element?.id, page: 1, continued: false })
    expect(tables[0]?.cells).toEqual(element?.table?.cells)
  })

  it('falls back to the fast engine with a warning when hybrid is disabled', async () => {
    const doc = await extract(await pageWithTable('grid'), { mode: 'hybrid', hybridBudgetMs: 0 })
    expect(doc.source.engine).toBe('fast')
    expect(doc.warnings?.join(' ')).toMatch(/hybrid/)
    expect(doc.elements.some((element) => element.type === 'table')).toBe(false)
  })
})
