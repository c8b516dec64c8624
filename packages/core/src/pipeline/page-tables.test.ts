import type { Table } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { detectTables } from './page-tables.js'
import { findRulings } from './ruled-grids.js'
import { gridRulings, run, wordsIn } from './test-helpers.js'
import type { TextRun } from './types.js'

const NO_RULINGS = { grids: [], bands: [], horizontal: [] }

/** The table structure of a fully ruled grid with column edges `xs` and row edges `ys`. */
const ruledGrid = (xs: number[], ys: number[]) => findRulings(gridRulings(xs, ys))

/** Rows of text with baselines from `y` at `pitch`, one run per cell at the column positions. */
function textRows(rows: string[][], xs: number[], y: number, pitch = 14): TextRun[] {
  return rows.flatMap((texts, r) =>
    texts.flatMap((text, c) => (text ? [run(text, xs[c] as number, y + pitch * r)] : [])),
  )
}

const texts = (table: Table | undefined) =>
  Array.from({ length: table?.rows ?? 0 }, (_, row) =>
    (table?.cells ?? []).filter((cell) => cell.row === row).map((cell) => cell.text),
  )

describe('detectTables', () => {
  it("fills a ruled grid's cells with its text and takes that text out of the page", () => {
    const cells = textRows(
      [
        ['Name', 'Qty'],
        ['Apples', '12'],
        ['Pears', '7'],
      ],
      [104, 204],
      // Baselines 114, 134, 154 sit inside the rows 100-120, 120-140 and 140-160.
      114,
      20,
    )
    const outside = run('Running text below the table.', 100, 200)
    const { tables, rest } = detectTables(
      [outside, ...cells],
      ruledGrid([100, 200, 300], [100, 120, 140, 160]),
      [],
      3,
      false,
    )
    expect(rest).toEqual([outside])
    expect(tables).toHaveLength(1)
    const [block] = tables
    expect(block?.kind).toBe('table')
    expect(block?.page).toBe(3)
    expect(block?.tableEvidence).toBe(1)
    expect(block?.table).toMatchObject({ page: 3, bbox: [100, 100, 300, 160], rows: 3, columns: 2 })
    expect(block?.table?.headerRows).toBe(1)
    expect(texts(block?.table)).toEqual([
      ['Name', 'Qty'],
      ['Apples', '12'],
      ['Pears', '7'],
    ])
    expect(block?.table?.cells[3]?.bbox).toEqual([200, 120, 300, 140])
  })

  it('refuses a chart: a grid with empty filled bars and a few numeric labels', () => {
    const xs = [100, 150, 200, 250, 300]
    const ys = [100, 140, 180, 220, 260]
    // Axis labels in the first column, one per gridline row.
    const labels = ['30', '20', '10', '0'].map((text, i) => run(text, 104, 124 + 40 * i))
    const bars = [
      [160, 180, 190, 260],
      [210, 140, 240, 260],
      [260, 100, 290, 260],
    ]
    const chart = detectTables(labels, ruledGrid(xs, ys), bars, 1, false)
    expect(chart.tables).toEqual([])
    expect(chart.rest).toEqual(labels)
    // The same grid and labels without the bars is a (sparse) table.
    expect(detectTables(labels, ruledGrid(xs, ys), [], 1, false).tables).toHaveLength(1)
  })

  it("refuses a bar chart whose bars' edges rule a staircase, its values over the bars", () => {
    // Four bars on one axis, each outlined: their edges cut a grid in which half of the cells hold
    // a bar's value and the rest stand empty.
    const bars = [
      [60, 40, 110, 190],
      [150, 110, 200, 190],
      [240, 140, 290, 190],
      [330, 165, 380, 190],
    ]
    const horizontal = [
      { x1: 40, y1: 190, x2: 400, y2: 190 },
      ...bars.map(([l, t, r]) => ({
        x1: l as number,
        y1: t as number,
        x2: r as number,
        y2: t as number,
      })),
    ]
    const vertical = bars.flatMap(([l, t, r, b]) => [
      { x1: l as number, y1: t as number, x2: l as number, y2: b as number },
      { x1: r as number, y1: t as number, x2: r as number, y2: b as number },
    ])
    const values = bars.map(([l, t, r], i) =>
      run(
        ['352', '188', '117', '59'][i] as string,
        ((l as number) + (r as number)) / 2 - 7,
        (t as number) - 5,
      ),
    )
    const rulings = findRulings({ horizontal, vertical })
    expect(detectTables(values, rulings, bars, 1, false).tables).toEqual([])
  })

  it('accepts a borderless numeric table and leaves the caption above it', () => {
    const caption = run('Sales by region, in thousands of euros.', 72, 80)
    const cells = textRows(
      [
        ['Region', 'Units', 'Revenue'],
        ['North', '1,204', '1,350'],
        ['South', '980', '1,020'],
        ['West', '1,530', '1,611'],
      ],
      [72, 200, 300],
      100,
    )
    const { tables, rest } = detectTables([caption, ...cells], NO_RULINGS, [], 1, true)
    expect(rest).toEqual([caption])
    expect(tables).toHaveLength(1)
    const table = tables[0]?.table
    expect(table).toMatchObject({ rows: 4, columns: 3, headerRows: 1 })
    expect(texts(table)).toEqual([
      ['Region', 'Units', 'Revenue'],
      ['North', '1,204', '1,350'],
      ['South', '980', '1,020'],
      ['West', '1,530', '1,611'],
    ])
    // Borderless tables are only looked for when asked.
    expect(detectTables(cells, NO_RULINGS, [], 1, false).tables).toEqual([])
  })

  it("reads a borderless table's labels set over their figures, level with their last lines", () => {
    // A statistical table: each row's figures stand level with its label's last line, the
    // label's lines at their pitch (12), rows a little further apart (16). Its labels read down
    // their column flow like running text, but beside columns of figures alone.
    const lines: Array<[string, ...string[]]> = [
      ['Lowest fifth of households,'],
      ['including those receiving'],
      ['income-related benefits', '5,412', '1,284'],
      ['Second fifth', '5,398', '1,402'],
      ['Fourth fifth of households,'],
      ['after housing costs', '5,405', '1,710'],
      ['Highest fifth', '5,390', '2,145'],
    ]
    const baselines = [116, 128, 140, 156, 172, 184, 200]
    const body = lines.flatMap((texts, r) =>
      texts.map((text, c) => run(text, [72, 260, 340][c] as number, baselines[r] as number)),
    )
    // The column titles stand flush right over the figures (right at 285 and 365), wrapped
    // upward from the header's foot, two of them closer than a cell's gap.
    const header = [
      run('Households', 235, 88),
      run('Mean', 345, 88),
      run('Income group', 72, 100),
      run('(thousands)', 228, 100, { right: 283 }),
      run('annual spend (£)', 290, 100, { right: 365 }),
    ]
    const { tables } = detectTables([...header, ...body], NO_RULINGS, [], 1, true)
    expect(texts(tables[0]?.table)).toEqual([
      ['Income group', 'Households (thousands)', 'Mean annual spend (£)'],
      [
        'Lowest fifth of households, including those receiving income-related benefits',
        '5,412',
        '1,284',
      ],
      ['Second fifth', '5,398', '1,402'],
      ['Fourth fifth of households, after housing costs', '5,405', '1,710'],
      ['Highest fifth', '5,390', '2,145'],
    ])
  })

  it('reads a borderless table whose long labels wrap to fill their column, figures on their last lines', () => {
    // Most of the label column's lines fill it, as running text set in columns does; but those
    // beside figures vary in length, and the full ones stand alone, a label's wrapped lines.
    const lines: Array<[string, ...string[]]> = [
      ['Income group', 'Households', 'Spend'],
      ['Lowest fifth of households, including'],
      ['those receiving income-related'],
      ['benefits', '5,412', '1,284'],
      ['Second fifth of households', '5,398', '1,530'],
      ['Middle fifth of households, excluding'],
      ['those in shared accommodation', '5,405', '1,802'],
      ['Fourth fifth of households', '5,390', '2,116'],
      ['Highest fifth of households, including'],
      ['those with income from self-'],
      ['employment', '5,401', '2,904'],
    ]
    const baselines = [100, 118, 130, 142, 158, 174, 186, 202, 218, 230, 242]
    const runs = lines.flatMap((texts, r) =>
      texts.map((text, c) => run(text, [72, 300, 360][c] as number, baselines[r] as number)),
    )
    const { tables } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(texts(tables[0]?.table)).toEqual([
      ['Income group', 'Households', 'Spend'],
      [
        'Lowest fifth of households, including those receiving income-related benefits',
        '5,412',
        '1,284',
      ],
      ['Second fifth of households', '5,398', '1,530'],
      ['Middle fifth of households, excluding those in shared accommodation', '5,405', '1,802'],
      ['Fourth fifth of households', '5,390', '2,116'],
      [
        'Highest fifth of households, including those with income from self- employment',
        '5,401',
        '2,904',
      ],
    ])
  })

  it('reads a borderless table whose titles and labels are centred on their rows, their lines interleaved', () => {
    // As a browser prints an HTML table: each cell centred on its row's middle. The titles,
    // broken over one to three lines, interleave at half a line's pitch; a label's first line
    // stands above its row's figures.
    const cells: Array<[string, number, number]> = [
      ['Mean', 354, 139],
      ['Households', 260, 144.6],
      ['Share of', 395, 144.6],
      ['Income group', 75, 150.2],
      ['annual', 344, 150.2],
      ['(thousands)', 255, 155.8],
      ['income (%)', 385, 155.8],
      ['spend (£)', 329, 161.4],
      ['Lowest fifth of households,', 75, 176.2],
      ['including those receiving', 75, 187.5],
      ['5,412', 285, 187.5],
      ['1,284', 349, 187.5],
      ['9.8', 420, 187.5],
      ['income-related benefits', 75, 198.7],
      ['Second fifth of households', 75, 213.7],
      ['5,398', 285, 213.7],
      ['1,530', 349, 213.7],
      ['8.7', 420, 213.7],
      ['Middle fifth of households,', 75, 228.7],
      ['5,405', 285, 234.4],
      ['1,802', 349, 234.4],
      ['7.9', 420, 234.4],
      ['excluding shared homes', 75, 240],
      ['Fourth fifth of households', 75, 255],
      ['5,390', 285, 255],
      ['2,116', 349, 255],
      ['7.1', 420, 255],
    ]
    const runs = cells.map(([text, x, y]) => run(text, x, y))
    const { tables, rest } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(rest).toEqual([])
    expect(texts(tables[0]?.table)).toEqual([
      ['Income group', 'Households (thousands)', 'Mean annual spend (£)', 'Share of income (%)'],
      [
        'Lowest fifth of households, including those receiving income-related benefits',
        '5,412',
        '1,284',
        '9.8',
      ],
      ['Second fifth of households', '5,398', '1,530', '8.7'],
      ['Middle fifth of households, excluding shared homes', '5,405', '1,802', '7.9'],
      ['Fourth fifth of households', '5,390', '2,116', '7.1'],
    ])
  })

  it('reads a borderless label wrapped onto an indented line over its figures, rows as close as lines', () => {
    // A statistical abstract: one pitch for rows and lines alike, a label's wrapped line hung
    // one em in; the line after a complete row opens with a capital and opens the next label.
    const cells: Array<[string, number, number]> = [
      ['Kind of business', 72, 88],
      ['Sales', 260, 88],
      ['Payroll', 340, 88],
      ['Motor vehicle dealers', 72, 100],
      ['122,633', 260, 100],
      ['645,368', 340, 100],
      ['Recreational vehicle dealers', 72, 112],
      ['3,014', 260, 112],
      ['10,070', 340, 112],
      ['Motorcycle, boat, & other motor', 72, 124],
      ['vehicle dealers', 82, 136],
      ['10,575', 260, 136],
      ['18,821', 340, 136],
      ['Tire dealers', 72, 148],
      ['17,288', 260, 148],
      ['19,659', 340, 148],
    ]
    const runs = cells.map(([text, x, y]) => run(text, x, y))
    const { tables } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(texts(tables[0]?.table)).toEqual([
      ['Kind of business', 'Sales', 'Payroll'],
      ['Motor vehicle dealers', '122,633', '645,368'],
      ['Recreational vehicle dealers', '3,014', '10,070'],
      ['Motorcycle, boat, & other motor vehicle dealers', '10,575', '18,821'],
      ['Tire dealers', '17,288', '19,659'],
    ])
  })

  it("reads a borderless row whose figures stand centred between a wrapped cell's lines", () => {
    // LibreOffice centres a row's cells on the one that wraps: its first line stands above the
    // figures, its second below them.
    const cells: Array<[string, number, number]> = [
      ['Activity', 72, 100],
      ['Description', 160, 100],
      ['2024', 400, 100],
      ['2025', 460, 100],
      ['Visits to schools and community groups', 160, 120],
      ['Outreach', 72, 126],
      ['412', 400, 126],
      ['455', 460, 126],
      ['including transport and materials', 160, 132],
      ['Training', 72, 156],
      ['Courses for volunteers', 160, 156],
      ['96', 400, 156],
      ['120', 460, 156],
      ['Administration', 72, 180],
      ['Staff costs and office', 160, 180],
      ['88', 400, 180],
      ['91', 460, 180],
    ]
    const runs = cells.map(([text, x, y]) => run(text, x, y))
    const { tables } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(texts(tables[0]?.table)).toEqual([
      ['Activity', 'Description', '2024', '2025'],
      [
        'Outreach',
        'Visits to schools and community groups including transport and materials',
        '412',
        '455',
      ],
      ['Training', 'Courses for volunteers', '96', '120'],
      ['Administration', 'Staff costs and office', '88', '91'],
    ])
  })

  it('reads a borderless table whose rows are centred on their wrapped labels', () => {
    // LibreOffice's statistical table: each wrapped label's lines stand above and below its
    // figures. They are lines of their rows, not rows of one piece that would outnumber the rows
    // of several and make the text no table.
    const cells: Array<[string, number, number]> = [
      ['Income group', 72, 100],
      ['Households', 260, 100],
      ['Spend', 340, 100],
      ['Lowest fifth of households,', 72, 120],
      ['5,412', 260, 126],
      ['1,284', 340, 126],
      ['including those receiving', 72, 132],
      ['Second fifth', 72, 156],
      ['5,398', 260, 156],
      ['1,402', 340, 156],
      ['Fourth fifth of households,', 72, 174],
      ['5,405', 260, 180],
      ['1,710', 340, 180],
      ['after housing costs', 72, 186],
      ['Highest fifth', 72, 210],
      ['5,390', 260, 210],
      ['2,145', 340, 210],
    ]
    const runs = cells.map(([text, x, y]) => run(text, x, y))
    const { tables } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(texts(tables[0]?.table)).toEqual([
      ['Income group', 'Households', 'Spend'],
      ['Lowest fifth of households, including those receiving', '5,412', '1,284'],
      ['Second fifth', '5,398', '1,402'],
      ['Fourth fifth of households, after housing costs', '5,405', '1,710'],
      ['Highest fifth', '5,390', '2,145'],
    ])
  })

  it("keeps the wrapped lines of a borderless table's last label in its row, the note under it out", () => {
    // Cells set at the top of their rows: the last label's second line stands alone under its
    // figures, like the note that follows the table, but goes on mid-phrase.
    const cells: Array<[string, number, number]> = [
      ['Income group', 72, 100],
      ['Households', 260, 100],
      ['Spend', 340, 100],
      ['Lowest fifth of households,', 72, 118],
      ['5,412', 260, 118],
      ['1,284', 340, 118],
      ['including those receiving', 72, 130],
      ['Second fifth', 72, 148],
      ['5,398', 260, 148],
      ['1,402', 340, 148],
      ['Highest fifth of households,', 72, 166],
      ['5,390', 260, 166],
      ['2,145', 340, 166],
      ['including the self-employed', 72, 178],
      ['Source: annual household survey.', 72, 192],
    ]
    const runs = cells.map(([text, x, y]) => run(text, x, y))
    const { tables, rest } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(texts(tables[0]?.table)).toEqual([
      ['Income group', 'Households', 'Spend'],
      ['Lowest fifth of households, including those receiving', '5,412', '1,284'],
      ['Second fifth', '5,398', '1,402'],
      ['Highest fifth of households, including the self-employed', '5,390', '2,145'],
    ])
    expect(rest.map((piece) => piece.text)).toEqual(['Source: annual household survey.'])
  })

  it('reads a short borderless table whose longer labels run on into their figures as one line', () => {
    // As Chromium prints a four-row table in 12 pt: "Primary" stands five ems from its first
    // figure, "Lower secondary" under two, the gutter of the figures' columns.
    const at = (text: string, left: number, right: number, y: number) =>
      run(text, left, y, { fontSize: 12, right })
    const figures = (y: number, a: string, b: string, c: string) => [
      at(a, 203.1, 226.5, y),
      at(b, 245.8, 269.2, y),
      at(c, 288.5, 311.8, y),
    ]
    const prose = [
      'Table 4 shows enrolment by region for the two most recent school years, split by level of education.',
      'Figures are headcounts at the October census date.',
      'Source: Ministry of Education, annual school census.',
      'Enrolment grew in every region. The largest rise was in the North, where two new primary schools',
      'opened in September.',
      'Ratios fell slightly at every level as recruitment outpaced enrolment.',
    ]
    // The paragraphs around the table cross its gutters: row by row, the figures read as one line.
    const runs = [
      run(prose[0] as string, 84.4, 122.5, { right: 522 }),
      run(prose[1] as string, 84.4, 133.7, { right: 315 }),
      run(prose[2] as string, 84.4, 325.5, { right: 318.9 }),
      run(prose[3] as string, 84.4, 346.5, { right: 517 }),
      run(prose[4] as string, 84.4, 357.7, { right: 182.2 }),
      run(prose[5] as string, 84.4, 478, { right: 383 }),
      at('Table 5. Pupil-teacher ratios', 84.4, 246.3, 381),
      at('Level ', 92.4, 123.1, 400.5),
      at('2023 ', 199.8, 226.5, 400.5),
      at('2024 ', 242.5, 269.2, 400.5),
      at('2025', 285.2, 311.8, 400.5),
      at('Primary ', 92.4, 133.8, 418.5),
      ...figures(418.5, '24.1 ', '23.8 ', '23.2'),
      at('Lower secondary ', 92.4, 183.8, 435.7),
      ...figures(435.7, '19.6 ', '19.9 ', '19.4'),
      at('Upper secondary ', 92.4, 183.8, 453.7),
      ...figures(453.7, '16.2 ', '16.0 ', '15.7'),
    ]
    const { tables, lines } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(texts(tables[0]?.table)).toEqual([
      ['Level', '2023', '2024', '2025'],
      ['Primary', '24.1', '23.8', '23.2'],
      ['Lower secondary', '19.6', '19.9', '19.4'],
      ['Upper secondary', '16.2', '16.0', '15.7'],
    ])
    expect(lines.map((line) => line.text)).toEqual([
      ...prose.slice(0, 5),
      'Table 5. Pupil-teacher ratios',
      prose[5],
    ])
  })

  it('leaves a heading with a tab after its letter out of the borderless table above it', () => {
    const at = (text: string, left: number, y: number, options = {}) =>
      run(text, left, y, { fontSize: 10, ...options })
    const rows = [
      ['Code', 'Condition', 'Cases'],
      ['344.1', 'Paraplegia', '1,204'],
      ['907.2', 'Late effect of injury', '880'],
      ['952.0', 'Spinal cord injury', '2,212'],
      ['344.0', 'Quadriplegia', '615'],
    ]
    const runs = [
      ...rows.flatMap(([code, text, cases], i) => [
        at(code as string, 90, 100 + 14 * i),
        at(text as string, 180, 100 + 14 * i),
        at(cases as string, 380, 100 + 14 * i),
      ]),
      // "D." set a tab apart from its title: a gap as wide as a column's.
      at('D.', 72, 184, { bold: true, fontSize: 12 }),
      at('Stroke Patients', 108, 184, { bold: true, fontSize: 12 }),
    ]
    const { tables, lines } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(texts(tables[0]?.table)).toEqual(rows)
    expect(lines.map((line) => line.text)).toEqual(['D. Stroke Patients'])
  })

  it('takes the first line of a title wrapped upward over a borderless header into its cell', () => {
    const cells = textRows(
      [
        ['Region', 'Sold', 'Revenue'],
        ['North', '1,204', '1,350'],
        ['South', '980', '1,020'],
        ['West', '1,530', '1,611'],
      ],
      [72, 200, 300],
      100,
    )
    // "Units" stands on "Sold" as the wrapped line of one cell set at its foot.
    const wrapped = run('Units', 200, 89)
    const found = detectTables([wrapped, ...cells], NO_RULINGS, [], 1, true)
    expect(found.rest).toEqual([])
    expect(texts(found.tables[0]?.table)[0]).toEqual(['Region', 'Units Sold', 'Revenue'])
    // The last line of a caption wrapped over the table stays out, hugged as it is from above.
    const caption = [run('Sales by region and units sold', 150, 78), run('in the year', 200, 89)]
    const captioned = detectTables([...caption, ...cells], NO_RULINGS, [], 1, true)
    expect(captioned.rest).toEqual(caption)
    expect(texts(captioned.tables[0]?.table)[0]).toEqual(['Region', 'Sold', 'Revenue'])
  })

  it("refuses the tick labels of a chart's two axes", () => {
    const ticks = textRows(
      [
        ['200', '20'],
        ['150', '15'],
        ['100', '10'],
        ['50', '5'],
      ],
      [72, 400],
      100,
      30,
    )
    expect(detectTables(ticks, NO_RULINGS, [], 1, true).tables).toEqual([])
  })

  it('splits a header cell whose two titles lean a little across the missing column rule', () => {
    const header = [run('Region', 104, 114), run('Revenue', 196, 114)]
    const body = textRows(
      [
        ['North', '1,350'],
        ['South', '1,020'],
      ],
      [104, 204],
      134,
      20,
    )
    // The middle rule is drawn below the header only: the header is one cell across both columns.
    const grid = findRulings({
      horizontal: [100, 120, 140, 160].map((y) => ({ x1: 100, y1: y, x2: 300, y2: y })),
      vertical: [
        { x1: 100, y1: 100, x2: 100, y2: 160 },
        { x1: 200, y1: 120, x2: 200, y2: 160 },
        { x1: 300, y1: 100, x2: 300, y2: 160 },
      ],
    })
    const { tables } = detectTables([...header, ...body], grid, [], 1, false)
    expect(texts(tables[0]?.table)).toEqual([
      ['Region', 'Revenue'],
      ['North', '1,350'],
      ['South', '1,020'],
    ])
  })

  it('refuses a table of contents: titles with ascending page numbers', () => {
    const contents = (pages: string[]) =>
      textRows(
        ['Introduction', 'Background', 'Methods', 'Results'].map((title, i) => [
          title,
          pages[i] as string,
        ]),
        [72, 500],
        100,
      )
    const toc = contents(['1', '4', '9', '15'])
    const refused = detectTables(toc, NO_RULINGS, [], 1, true)
    expect(refused.tables).toEqual([])
    expect(refused.rest).toHaveLength(toc.length)
    // Figures that do not ascend are a table's column, not page numbers.
    expect(
      detectTables(contents(['15', '9', '4', '1']), NO_RULINGS, [], 1, true).tables,
    ).toHaveLength(1)
  })

  it('refuses two columns of prose', () => {
    const left = [
      'The committee met in the spring to',
      'review the budget for the coming',
      'year and agreed to postpone the',
      'decision on new equipment until',
      'the accounts had been audited.',
    ]
    const right = [
      'Members asked for a summary of',
      'spending by department, which the',
      'treasurer promised to circulate',
      'before the next meeting, along',
      'with the auditors report.',
    ]
    const runs = left.flatMap((text, i) => [
      run(text, 72, 100 + 12 * i),
      run(right[i] as string, 320, 100 + 12 * i),
    ])
    const { tables, rest } = detectTables(runs, NO_RULINGS, [], 1, true)
    expect(tables).toEqual([])
    expect(rest).toHaveLength(runs.length)
  })

  it('refuses a bulleted list set with a hanging indent', () => {
    const items = ['Apples from the orchard', 'Pears in season', 'Plums for jam', 'Figs']
    const list = (markers: string[]) =>
      items.flatMap((text, i) => [
        run(markers[i] as string, 72, 100 + 14 * i),
        run(text, 100, 100 + 14 * i),
      ])
    const bullets = list(['•', '•', '•', '•'])
    const refused = detectTables(bullets, NO_RULINGS, [], 1, true)
    expect(refused.tables).toEqual([])
    expect(refused.rest).toHaveLength(bullets.length)
    expect(detectTables(list(['1.', '2.', '3.', '4.']), NO_RULINGS, [], 1, true).tables).toEqual([])
    // Codes in the same narrow column make a table.
    const codes = detectTables(list(['A1', 'B7', 'C3', 'D9']), NO_RULINGS, [], 1, true)
    expect(codes.tables).toHaveLength(1)
  })

  it("leaves a box's heading and bulleted list alone, its items justified word by word", () => {
    // A sidebar as Chromium prints it: a shaded box (its frame a band of two rules), its list's
    // discs drawn at 416 pt and each stretched line's words drawn apart, 1.2 to 1.6 ems.
    const words = wordsIn(9)
    const runs = [
      run('How the rota works', 396.6, 291, { right: 488.8 }),
      ...words(311, ['•', 416, 419], ['Water ', 426.6, 447.8], ['canal ', 456.9, 475.9]),
      ...words(311, ['drought ', 484.9, 512.9], ['crops', 522, 541.5]),
      ...words(322.6, ['farmers ', 426.6, 454.1], ['village ', 471, 495.5]),
      ...words(322.6, ['families', 512.5, 541.5]),
      run('farmers.', 426.6, 333.8, { fontSize: 9, right: 456.3 }),
      ...words(345, ['•', 416, 419], ['Market ', 426.6, 452.6], ['soil ', 463.2, 476.2]),
      ...words(345, ['water ', 486.9, 506.9], ['season', 517.5, 541.5]),
      run('irrigation season rain.', 426.6, 356.3, { fontSize: 9, right: 504.8 }),
      ...words(367.6, ['•', 416, 419], ['Season ', 426.6, 452.1], ['drought ', 457.7, 485.7]),
      ...words(367.6, ['village ', 491.4, 515.9], ['water', 521.5, 541.5]),
      ...words(378.8, ['canal ', 426.6, 445.6], ['cooperative ', 459.6, 501.5]),
      ...words(378.8, ['harvest', 515.5, 541.5]),
      run('village harvest.', 426.6, 390.1, { fontSize: 9, right: 481.6 }),
    ]
    const box = ruledGrid([390.7, 547.5], [276, 408.7])
    // The middle column's lines stand level with the box's, a gutter to its left.
    const beside = [291, 311, 322.6, 333.8, 345, 356.3, 367.6, 378.8, 390.1].map((y) =>
      run('the middle column runs on beside it', 219.7, y - 2.5, { right: 376.6 }),
    )
    const { tables, lines } = detectTables([...runs, ...beside], box, [], 1, true)
    expect(tables).toEqual([])
    expect(lines.filter((line) => line.left > 380).map((line) => line.text)).toEqual([
      'How the rota works',
      '• Water canal drought crops',
      'farmers village families',
      'farmers.',
      '• Market soil water season',
      'irrigation season rain.',
      '• Season drought village water',
      'canal cooperative harvest',
      'village harvest.',
    ])
  })

  it("leaves a box's paragraph alone, its lines justified word by word", () => {
    // Chromium draws each word of a stretched line apart; its spaces (1.1 to 1.4 ems) line up
    // from one line to the next no more than prose does.
    const words = wordsIn(9)
    const runs = [
      run('How the rota works', 396.6, 291, { right: 488.8 }),
      ...words(311, ['Every ', 396.6, 420], ['family ', 431, 457], ['takes ', 468, 489]),
      ...words(311, ['one ', 500, 514], ['turn', 525, 541.5]),
      ...words(322.6, ['at ', 396.6, 404], ['the ', 418, 430], ['sluice ', 444, 468]),
      ...words(322.6, ['each ', 482, 500], ['week', 514, 541.5]),
      ...words(333.8, ['and ', 396.6, 410], ['logs ', 421.5, 438.5], ['the ', 450, 462]),
      ...words(333.8, ['water ', 473.5, 494.5], ['it ', 506, 512], ['drew', 523.5, 541.5]),
      ...words(345, ['in ', 396.6, 404], ['the ', 415, 427], ['ledger ', 438, 462]),
      ...words(345, ['kept ', 473, 490], ['by ', 501, 510], ['the', 521, 541.5]),
      run('clerk of the cooperative.', 396.6, 356.3, { fontSize: 9, right: 490 }),
    ]
    const box = ruledGrid([390.7, 547.5], [276, 365])
    const { tables, lines } = detectTables(runs, box, [], 1, true)
    expect(tables).toEqual([])
    expect(lines.map((line) => line.text)).toEqual([
      'How the rota works',
      'Every family takes one turn',
      'at the sluice each week',
      'and logs the water it drew',
      'in the ledger kept by the',
      'clerk of the cooperative.',
    ])
  })

  it("leaves a slide's two bulleted lists side by side under their titles alone", () => {
    const runs = textRows(
      [
        ['Pipeline', 'Retention'],
        ['• Coverage 3.4x for Q4', '• Gross churn 4.1%'],
        ['• Average deal size up 12%', '• Expansion from add-on modules'],
        ['• Cycle time down to 64 days', '• Two at-risk accounts saved'],
      ],
      [58, 504],
      160,
      30,
    )
    expect(detectTables(runs, NO_RULINGS, [], 1, true).tables).toEqual([])
    // The same columns with figures under their titles are a table.
    const figures = textRows(
      [
        ['Pipeline', 'Retention'],
        ['3.4x', '4.1%'],
        ['12%', '118%'],
        ['64 days', '2'],
      ],
      [58, 504],
      160,
      30,
    )
    expect(detectTables(figures, NO_RULINGS, [], 1, true).tables).toHaveLength(1)
  })

  it('reads a framed column of boxes, one short item each, as a one-column table', () => {
    const items = [
      'Competence framework',
      '#1: Recycle, reuse, reduce',
      '#2: Lifecycle',
      '#3: Green jobs',
    ]
    const ys = [100, 124, 148, 172, 196]
    const runs = items.map((text, i) => run(text, 110, (ys[i] as number) + 16))
    const { tables, rest } = detectTables(runs, ruledGrid([100, 400], ys), [], 1, false)
    expect(rest).toEqual([])
    expect(tables[0]?.table).toMatchObject({ rows: 4, columns: 1, headerRows: 0 })
    expect(texts(tables[0]?.table)).toEqual(items.map((item) => [item]))
  })

  it('leaves framed paragraphs and unframed rules across one column of text alone', () => {
    const ys = [100, 124, 148, 172, 196]
    const long =
      'A framed paragraph of running text that goes on well past what a table cell holds, sentence after sentence, in one row.'
    const boxed = ys.slice(0, -1).map((y) => run(long, 110, y + 16))
    expect(detectTables(boxed, ruledGrid([100, 400], ys), [], 1, false).tables).toEqual([])
    // Nor is a column of figures in boxes a table of its own: a statement shades its current
    // year cell by cell, its labels outside.
    const figures = ['52.6p', '46.6p', '46.1p', '61.4p'].map((text, i) =>
      run(text, 110, (ys[i] as number) + 16),
    )
    expect(detectTables(figures, ruledGrid([100, 400], ys), [], 1, false).tables).toEqual([])
    const short = ys.slice(0, -1).map((y, i) => run(`Item ${i + 1}`, 110, y + 16))
    const rules = findRulings({
      horizontal: ys.map((y) => ({ x1: 100, y1: y, x2: 400, y2: y })),
      vertical: [],
    })
    expect(detectTables(short, rules, [], 1, false).tables).toEqual([])
  })
  it('leaves a framed chart legend alone: labels scattered over two columns, one per row', () => {
    const frame = ruledGrid([90, 500], [100, 300])
    // A pie chart's value labels and its legend: after the first line, no row has two cells.
    const rows = [
      ['16 (7%)', 'Government'],
      ['7 (3%)', ''],
      ['', '57 (24%)'],
      ['', 'Other State Institutions'],
      ['31 (13%)', ''],
      ['', 'Civil Society Organizations'],
      ['19 (8%)', ''],
    ]
    const runs = textRows(rows, [110, 380], 120, 24)
    expect(detectTables(runs, frame, [], 1, false).tables).toEqual([])
    // The same frame around a fill-in list (a header of several cells, items under its first
    // column) is a table.
    const list = textRows(
      [['Item', 'Done', 'Notes'], ['Passport'], ['Tickets'], ['Visa']],
      [110, 300, 400],
      120,
      24,
    )
    expect(texts(detectTables(list, frame, [], 1, false).tables[0]?.table)).toEqual([
      ['Item', 'Done', 'Notes'],
      ['Passport', '', ''],
      ['Tickets', '', ''],
      ['Visa', '', ''],
    ])
  })

  it('spans a header label over the columns its partial rule underlines', () => {
    // Top, header and bottom rules across the table; a short rule under "Training data" only.
    const rulings = findRulings({
      horizontal: [
        { x1: 100, y1: 100, x2: 400, y2: 100 },
        { x1: 200, y1: 118, x2: 400, y2: 118 },
        { x1: 100, y1: 136, x2: 400, y2: 136 },
        { x1: 100, y1: 180, x2: 400, y2: 180 },
      ],
      vertical: [],
    })
    const runs = [
      run('Model', 104, 131),
      run('Training data', 268, 113),
      run('Instr', 210, 131),
      run('Align', 310, 131),
      ...textRows(
        [
          ['Tulu', '1.0', '2.0'],
          ['Vicuna', '3.0', '4.0'],
        ],
        [104, 210, 310],
        150,
      ),
    ]
    const table = detectTables(runs, rulings, [], 1, false).tables[0]?.table
    expect(table?.headerRows).toBe(2)
    const header = table?.cells
      .filter((cell) => cell.row < 2)
      .map((cell) => [cell.text, cell.row, cell.column, cell.rowSpan, cell.colSpan])
    expect(header).toEqual([
      ['Model', 0, 0, 2, 1],
      ['Training data', 0, 1, 1, 2],
      ['Instr', 1, 1, 1, 1],
      ['Align', 1, 2, 1, 1],
    ])
  })

  it('reads a statement ruled over its figures alone as one table with its labels and header', () => {
    // An income statement: the header ruled off across the table, its titles stacked up to three
    // lines; subtotal rules over the figure columns only, from some rows down; labels outside; a
    // nil printed as a dash.
    const rows = [
      ['Revenue', '3', '1,284.6', '1,197.3'],
      ['Cost of sales', '4', '(846.2)', '(801.9)'],
      ['Gross profit', '', '438.4', '395.4'],
      ['Distribution costs', '', '(97.5)', '–'],
      ['Administrative expenses', '4', '(171.0)', '(158.6)'],
      ['Operating profit', '', '179.9', '151.5'],
      ['Finance costs', '7', '(38.6)', '(27.4)'],
      ['Profit before taxation', '', '145.4', '125.3'],
    ]
    const runs = [
      run('Note', 322, 130),
      run('2023', 430, 118),
      run('£m', 438, 130),
      run('2022', 510, 106),
      run('£m', 518, 118),
      run('(re-presented)', 460, 130),
    ]
    for (const [r, [label, note, current, prior]] of rows.entries()) {
      const y = 152 + 15 * r
      runs.push(run(label as string, 62, y))
      if (note) runs.push(run(note, 330, y))
      runs.push(run(current as string, 450 - (current as string).length * 5, y))
      runs.push(run(prior as string, 530 - (prior as string).length * 5, y))
    }
    const horizontal = [94, 136].map((y) => ({ x1: 62, y1: y, x2: 533, y2: y }))
    for (const y of [172, 217, 247, 261]) horizontal.push({ x1: 374, y1: y, x2: 533, y2: y })
    const { tables } = detectTables(runs, findRulings({ horizontal, vertical: [] }), [], 1, true)
    expect(tables).toHaveLength(1)
    expect(texts(tables[0]?.table).slice(-rows.length)).toEqual(rows)
  })

  it("reads a statement's groups as one table where only the first group's figures are ruled", () => {
    // A cash-flow statement: the first group's figures shaded cell by cell, the next group after
    // a blank line and its title, its figures unruled; labels outside the rules throughout.
    const row = (label: string, current: string, prior: string, y: number) => [
      run(label, 62, y),
      run(current, 450 - current.length * 5, y),
      run(prior, 530 - prior.length * 5, y),
    ]
    const runs = [
      ...row('Profit before tax', '38,214', '31,907', 100),
      ...row('Depreciation', '17,560', '16,842', 114),
      ...row('Net cash from operating activities', '43,649', '41,477', 128),
      run('Cash flows from investing activities', 62, 160),
      ...row('Purchase of equipment', '(29,384)', '(22,671)', 174),
      ...row('Proceeds from sales', '1,480', '395', 188),
      ...row('Net cash used in investing activities', '(28,891)', '(35,836)', 202),
    ]
    const { tables } = detectTables(
      runs,
      ruledGrid([370, 455, 535], [90, 104, 118, 132]),
      [],
      1,
      true,
    )
    expect(tables).toHaveLength(1)
    expect(texts(tables[0]?.table).map((cells) => cells[0])).toEqual([
      'Profit before tax',
      'Depreciation',
      'Net cash from operating activities',
      'Cash flows from investing activities',
      'Purchase of equipment',
      'Proceeds from sales',
      'Net cash used in investing activities',
    ])
  })

  it('takes the header row set just above an unframed grid into it', () => {
    // Rules between rows and columns only, no frame; the titles sit above the first rule.
    const rulings = findRulings({
      horizontal: [120, 140, 160].map((y) => ({ x1: 60, y1: y, x2: 340, y2: y })),
      vertical: [150, 250].map((x) => ({ x1: x, y1: 120, x2: x, y2: 160 })),
    })
    const caption = run('Table 3. Results by region', 60, 90)
    const titles = [run('Region', 64, 116), run('Units', 154, 116), run('Revenue', 254, 116)]
    const body = textRows(
      [
        ['North', '12', '1,350'],
        ['South', '7', '1,020'],
      ],
      [64, 154, 254],
      134,
      20,
    )
    const { tables, rest } = detectTables([caption, ...titles, ...body], rulings, [], 1, false)
    expect(rest).toEqual([caption])
    expect(texts(tables[0]?.table)).toEqual([
      ['Region', 'Units', 'Revenue'],
      ['North', '12', '1,350'],
      ['South', '7', '1,020'],
    ])
    // Titles broken over two lines come whole, the caption still left out.
    const wrapped = [
      run('Units', 154, 104),
      run('Revenue', 254, 104),
      run('sold', 154, 116),
      run('in euros', 254, 116),
    ]
    const two = detectTables(
      [caption, titles[0] as TextRun, ...wrapped, ...body],
      rulings,
      [],
      1,
      false,
    )
    expect(two.rest).toEqual([caption])
    expect(texts(two.tables[0]?.table)[0]).toEqual(['Region', 'Units sold', 'Revenue in euros'])
  })

  it('takes the titles over a band ruled under them and between its rows into the table', () => {
    // An invoice's items: a rule under the titles and under each row, none above the titles,
    // and the last title broken over two lines.
    const rulings = findRulings({
      horizontal: [120, 140, 160].map((y) => ({ x1: 60, y1: y, x2: 340, y2: y })),
      vertical: [],
    })
    const intro = run('Items delivered in November are listed below.', 60, 80)
    const titles = [
      run('Description', 64, 116),
      run('Qty', 200, 116),
      run('Amount', 280, 104),
      run('(GBP)', 280, 116),
    ]
    const body = textRows(
      [
        ['Website redesign', '1', '2,400.00'],
        ['Hosting', '1', '45.00'],
      ],
      [64, 200, 280],
      134,
      20,
    )
    const { tables, rest } = detectTables([intro, ...titles, ...body], rulings, [], 1, false)
    expect(rest).toEqual([intro])
    expect(texts(tables[0]?.table)).toEqual([
      ['Description', 'Qty', 'Amount (GBP)'],
      ['Website redesign', '1', '2,400.00'],
      ['Hosting', '1', '45.00'],
    ])
    expect(tables[0]?.table?.headerRows).toBe(1)
  })

  it("takes the rows under a band's last rule down to the page's foot, where a page break cut it", () => {
    // A browser draws a table's top border and the rule under its header on this page; the
    // rule under its last row comes on the next.
    const rulings = findRulings({
      horizontal: [100, 118].map((y) => ({ x1: 60, y1: y, x2: 340, y2: y })),
      vertical: [],
    })
    const intro = run('Every option has a default.', 60, 80)
    const header = textRows([['Option', 'Default', 'Description']], [64, 150, 200], 113)
    const body = textRows(
      [
        ['concurrency', '1', 'Jobs a worker runs at once'],
        ['retryLimit', '3', 'Attempts before a job fails'],
      ],
      [64, 150, 200],
      134,
      18,
    )
    const footer = run('Page 1 of 2', 280, 760)
    const cut = detectTables([intro, ...header, ...body, footer], rulings, [], 1, false)
    expect(cut.rest).toEqual([intro, footer])
    expect(texts(cut.tables[0]?.table)).toEqual([
      ['Option', 'Default', 'Description'],
      ['concurrency', '1', 'Jobs a worker runs at once'],
      ['retryLimit', '3', 'Attempts before a job fails'],
    ])
    // Text that goes on under the rows is the page's: the band ends at its rule.
    const prose = run('The defaults suit a small deployment and can be changed.', 60, 180)
    const goesOn = detectTables([intro, ...header, ...body, prose], rulings, [], 1, false)
    expect(goesOn.tables).toEqual([])
    // A shaded stripe of a table striped row by row has rows of its columns over it too.
    const above = textRows([['queueName', 'default', 'Queue the job goes to']], [64, 150, 200], 95)
    const striped = detectTables([...above, ...header, ...body, footer], rulings, [], 1, false)
    expect(striped.tables).toEqual([])
  })

  it('takes the total row ruled over but not under into the table', () => {
    // A statement ruled under its header and over its subtotal and total: the total, last, has
    // no rule under it, and a note follows as the page's text.
    const xs = [64, 200, 260, 320]
    const rulings = findRulings({
      horizontal: [100, 118, 172, 190].map((y) => ({ x1: 60, y1: y, x2: 360, y2: y })),
      vertical: [],
    })
    const rows = [
      ['€ thousand', 'Note', '2025', '2024'],
      ['Inventories', '15', '12,334', '11,021'],
      ['Receivables', '16', '18,902', '17,450'],
      ['Cash', '17', '7,415', '9,930'],
      ['Total assets', '', '38,651', '38,401'],
      ['Net current assets', '', '18,431', '15,996'],
    ]
    const runs = textRows(rows, xs, 113, 18)
    const note = run('The notes on pages 48 to 96 form part of these statements.', 60, 222)
    const { tables, rest } = detectTables([...runs, note], rulings, [], 1, false)
    expect(texts(tables[0]?.table)).toEqual(rows)
    expect(rest).toEqual([note])
  })

  it('reads a table ruled under its header alone, its cells wrapped over lines', () => {
    const at = (text: string, left: number, right: number, y: number, fontSize = 12) =>
      run(text, left, y, { right, fontSize })
    const intro = at(
      'The register lists the main risks, their owners and ratings.',
      63,
      400,
      102,
      10,
    )
    const after = at('Ratings are reviewed by the board every quarter.', 63, 279.1, 292.5, 10)
    const runs = [
      intro,
      at('Risk ', 69, 94.3, 127.5),
      at('Description ', 153.6, 219.7, 127.5),
      at('Owner ', 351.1, 388.5, 127.5),
      at('Rating', 431.8, 469.2, 127.5),
      at('Supplier', 69, 113, 147.7),
      at('failure', 69, 101.7, 161.2),
      at('A key supplier becomes insolvent', 153.6, 331.1, 147.7),
      at('before the pumps are delivered,', 153.6, 323.1, 161.2),
      at('delaying installation by several', 153.6, 316.4, 174.7),
      at('months.', 153.6, 196.3, 188.2),
      at('Procurement', 351.1, 419.8, 147.7),
      at('lead', 351.1, 373.8, 161.2),
      at('High', 431.8, 456.5, 147.7),
      at('Planning', 69, 115.7, 207.7),
      at('delay', 69, 97.7, 221.2),
      at('Consent for the second pumping', 153.6, 327.1, 207.7),
      at('station is refused or deferred.', 153.6, 322.4, 221.2),
      at('Programme', 351.1, 413.8, 207.7),
      at('director', 351.1, 391.2, 221.2),
      at('Medium', 431.8, 474.5, 207.7),
      after,
    ]
    const rulings = findRulings({
      horizontal: [{ x1: 63, y1: 133, x2: 532, y2: 133 }],
      vertical: [],
    })
    const { tables, rest } = detectTables(runs, rulings, [], 1, false)
    expect(texts(tables[0]?.table)).toEqual([
      ['Risk', 'Description', 'Owner', 'Rating'],
      [
        'Supplier failure',
        'A key supplier becomes insolvent before the pumps are delivered, delaying installation by several months.',
        'Procurement lead',
        'High',
      ],
      [
        'Planning delay',
        'Consent for the second pumping station is refused or deferred.',
        'Programme director',
        'Medium',
      ],
    ])
    expect(tables[0]?.table).toMatchObject({ headerRows: 1 })
    expect(rest).toEqual([intro, after])
    // A heading's underline with the heading alone over it rules no table.
    const heading = at('Risks and owners', 63, 160, 127.5)
    const underlined = detectTables([heading, ...runs.slice(5, -1)], rulings, [], 1, false)
    expect(underlined.tables).toEqual([])
  })

  it('places a title set flush left over figures set flush right in their column', () => {
    // Three rows under the titles; "Amount" ends a point short of the widest figure, or reaches
    // a point over it.
    const rulings = findRulings({
      horizontal: [120, 140, 160, 180].map((y) => ({ x1: 60, y1: y, x2: 340, y2: y })),
      vertical: [],
    })
    const figures = ['2,400.00', '700.00', '45.00']
    const body = ['Website', 'Photography', 'Hosting'].flatMap((item, i) => {
      const figure = figures[i] as string
      return [run(item, 64, 134 + 20 * i), run(figure, 315 - figure.length * 5, 134 + 20 * i)]
    })
    for (const x of [244, 246]) {
      const titles = [run('Item', 64, 116), run('Amount', x, 116)]
      const { tables } = detectTables([...titles, ...body], rulings, [], 1, false)
      expect(texts(tables[0]?.table)).toEqual([
        ['Item', 'Amount'],
        ['Website', '2,400.00'],
        ['Photography', '700.00'],
        ['Hosting', '45.00'],
      ])
    }
  })

  it("reads a résumé's underlined sections as text, though a job's dates stand beside its title", () => {
    // Each heading is underlined to the column's width: the rules make one band.
    const rulings = findRulings({
      horizontal: [100, 200, 330].map((y) => ({ x1: 40, y1: y, x2: 380, y2: y })),
      vertical: [],
    })
    const prose = (y: number) => [
      run('Designed the event platform and moved the nightly batch jobs to', 40, y),
      run('incremental models, which cut the bill by a third for the team.', 40, y + 14),
    ]
    const runs = [
      ...prose(120),
      ...prose(148),
      run('Experience', 40, 195),
      run('Data Engineer, Contoso Retail', 40, 215),
      run('2016 – 2019', 320, 215),
      ...prose(229),
      run('Analyst, Fabrikam Bank', 40, 262),
      run('2014 – 2016', 320, 262),
      ...prose(276),
      run('Education', 40, 325),
    ]
    expect(detectTables(runs, rulings, [], 1, false).tables).toEqual([])
  })

  it("reads the key-value tables under a datasheet's underlined headings as tables, the headings out of them", () => {
    // Each 13 pt heading is underlined across the page; two-column rows of 10 pt text under it.
    const headings = [
      ['Electrical', 130],
      ['Mechanical', 224],
      ['Ordering', 318],
    ] as const
    const rulings = findRulings({
      horizontal: headings.map(([, y]) => ({ x1: 48, y1: y + 5, x2: 420, y2: y + 5 })),
      vertical: [],
    })
    const electrical = [
      ['Operating voltage', '6.0 - 8.4 V'],
      ['Stall current', '2.5 A at 7.4 V'],
      ['Idle current', '10 mA'],
      ['Signal', 'PWM, 500-2500 us'],
    ]
    const mechanical = [
      ['Stall torque', '4.0 N m at 7.4 V'],
      ['Speed', '0.12 s at 7.4 V'],
      ['Weight', '62 g'],
      ['Dimensions', '40.5 x 20.2 x 38.0 mm'],
    ]
    const titles = headings.map(([text, y]) => run(text, 48, y, { fontSize: 13 }))
    const runs = [
      ...titles,
      ...textRows(electrical, [48, 177], 154),
      ...textRows(mechanical, [48, 177], 249),
      run('Order code SM-40-M for the metal-gear version.', 48, 342),
    ]
    const { tables, rest } = detectTables(runs, rulings, [], 1, true)
    expect(tables.map((block) => texts(block.table))).toEqual([electrical, mechanical])
    expect(rest.filter((piece) => piece.fontSize === 13)).toEqual(titles)
  })

  it('reads a table ruled under each row, cell by cell, by the columns where its rules meet', () => {
    // An invoice's items: each cell draws its own bottom border, so each row rule comes in four
    // pieces meeting at x = 312, 359 and 472; the titles are set flush left over figures set
    // flush right, a little past an em from them, the second title nearer the third column's.
    const edges = [48, 312, 359, 472, 564]
    const pieces = [203, 221, 239, 257].flatMap((y) =>
      edges.slice(1).map((x, i) => ({ x1: edges[i] as number, y1: y, x2: x, y2: y })),
    )
    const rulings = findRulings({ horizontal: pieces, vertical: [] })
    const runs = [
      run('Description', 51, 197),
      run('Qty', 315, 197),
      run('Unit price', 362, 197),
      run('Amount', 474, 197),
      ...[
        ['Servo motor SM-40', '12', '48.00', '576.00', 216],
        ['Controller board v3', '2', '129.00', '258.00', 234],
        ['Shipping', '1', '35.00', '35.00', 252],
      ].flatMap(([label, qty, price, amount, y]) => [
        run(label as string, 51, y as number),
        run(qty as string, 356 - (qty as string).length * 5, y as number),
        run(price as string, 468 - (price as string).length * 5, y as number),
        run(amount as string, 560 - (amount as string).length * 5, y as number),
      ]),
    ]
    const { tables } = detectTables(runs, rulings, [], 1, true)
    expect(tables.map((block) => texts(block.table))).toEqual([
      [
        ['Description', 'Qty', 'Unit price', 'Amount'],
        ['Servo motor SM-40', '12', '48.00', '576.00'],
        ['Controller board v3', '2', '129.00', '258.00'],
        ['Shipping', '1', '35.00', '35.00'],
      ],
    ])
    // Pieced rules over the header, under it and at the foot only: the rows between them are
    // the text's, one to a line.
    const open = findRulings({
      horizontal: [100, 118, 162].flatMap((y) =>
        [60, 200, 340]
          .slice(1)
          .map((x, i) => ({ x1: [60, 200][i] as number, y1: y, x2: x, y2: y })),
      ),
      vertical: [],
    })
    const rows = textRows(
      [
        ['Assumption', 'Projection'],
        ['Population', 'Consistent with the census'],
        ['Inflation rate', 'Between one and two percent'],
        ['Unemployment', 'Remains near its average'],
      ],
      [64, 210],
      113,
    )
    expect(
      detectTables(rows, open, [], 1, false).tables.map((block) => texts(block.table)),
    ).toEqual([
      [
        ['Assumption', 'Projection'],
        ['Population', 'Consistent with the census'],
        ['Inflation rate', 'Between one and two percent'],
        ['Unemployment', 'Remains near its average'],
      ],
    ])
  })

  it("reads no table from an invoice's title and address level with its dates", () => {
    // "INVOICE" in 24 pt stands level with the date's row, the sender's address with the due
    // date's: rows of three pieces over each other, but a title and text beside a list of dates.
    const runs = [
      run('Invoice no.', 408, 59),
      run('INV-2026-0142', 465, 59),
      run('INVOICE', 48, 70.5, { fontSize: 24 }),
      run('Date', 408, 73.5),
      run('28 November 2026', 465, 73.5),
      run('Northwind Supplies Ltd.', 48, 85.5),
      run('Due date', 408, 87.7),
      run('28 December 2026', 465, 87.7),
      run('12 Harbour Road', 48, 96.7),
      run('Bristol BS1 4QA', 48, 108),
    ]
    expect(detectTables(runs, NO_RULINGS, [], 1, true).tables).toEqual([])
  })

  it('cuts a band at the empty space between two tables ruled alike', () => {
    // Two tables, each with a top, header and bottom rule of the same extent: the rules join
    // into one band, with the first table's note and the second's caption between them.
    const rulings = findRulings({
      horizontal: [100, 118, 160, 240, 258, 300].map((y) => ({ x1: 60, y1: y, x2: 340, y2: y })),
      vertical: [],
    })
    const table = (y: number, label: string) =>
      textRows(
        [
          [label, '2010', '2011'],
          ['North', '12', '14'],
          ['South', '7', '9'],
        ],
        [64, 200, 280],
        y,
      )
    const note = run('Source: survey of regions.', 64, 172, { fontSize: 8 })
    const caption = run('Table 2. Sales by region', 64, 228)
    const runs = [...table(113, 'Region'), note, caption, ...table(253, 'Area')]
    const { tables, rest } = detectTables(runs, rulings, [], 1, false)
    expect(tables.map((block) => texts(block.table))).toEqual([
      [
        ['Region', '2010', '2011'],
        ['North', '12', '14'],
        ['South', '7', '9'],
      ],
      [
        ['Area', '2010', '2011'],
        ['North', '12', '14'],
        ['South', '7', '9'],
      ],
    ])
    expect(rest).toEqual([note, caption])
    // A rule under a running head, as long as the table's, leaves the page's text out of it.
    const head = findRulings({
      horizontal: [40, 240, 258, 300].map((y) => ({ x1: 60, y1: y, x2: 340, y2: y })),
      vertical: [],
    })
    const prose = [run('A paragraph of text.', 64, 60), run('Another paragraph.', 64, 120)]
    const below = detectTables([...prose, ...table(253, 'Area')], head, [], 1, false)
    expect(below.tables.map((block) => texts(block.table)[0])).toEqual([['Area', '2010', '2011']])
    expect(below.rest).toEqual(prose)
  })

  it('takes the unruled labels standing left of a grid ruled around its figures as its stub', () => {
    const xs = [200, 260, 320]
    const ys = [100, 120, 140, 160, 180]
    const labels = ['Item', 'Salaries', 'Travel', 'Total costs']
    const runs = [
      ...labels.map((text, i) => run(text, 72, (ys[i] as number) + 14)),
      ...textRows(
        [
          ['2010', '2011'],
          ['1,314', '1,400'],
          ['94', '90'],
          ['1,408', '1,490'],
        ],
        [204, 264],
        114,
        20,
      ),
    ]
    const { tables, rest } = detectTables(runs, ruledGrid(xs, ys), [], 1, false)
    expect(rest).toEqual([])
    expect(texts(tables[0]?.table)).toEqual([
      ['Item', '2010', '2011'],
      ['Salaries', '1,314', '1,400'],
      ['Travel', '94', '90'],
      ['Total costs', '1,408', '1,490'],
    ])
    // Running text beside the grid keeps its own line pitch, crosses the row rules, and stays.
    const prose = [0, 1, 2, 3, 4, 5].map((i) => run('Some words of prose', 72, 108 + 13 * i))
    const figures = runs.filter((piece) => piece.left >= 200)
    const beside = detectTables([...prose, ...figures], ruledGrid(xs, ys), [], 1, false)
    expect(beside.rest).toEqual(prose)
    expect(beside.tables[0]?.table?.columns).toBe(2)
    // The page's other column, its heading and a line to each row by chance, runs on under
    // the grid at its own pitch, and stays.
    const column = [
      run('Build farm', 72, 112, { fontSize: 14 }),
      ...[128, 140, 152].map((y) => run('Some words of prose', 72, y)),
    ]
    const rows = textRows(
      [
        ['1,314', '1,400'],
        ['94', '90'],
        ['1,408', '1,490'],
      ],
      [204, 264],
      112,
      16,
    )
    const level = detectTables(
      [...column, ...rows],
      ruledGrid(xs, [100, 116, 132, 148]),
      [],
      1,
      false,
    )
    expect(level.rest).toEqual(column)
    expect(level.tables[0]?.table?.columns).toBe(2)
  })

  it('refuses notes set in two columns, each wrapping onto the next row', () => {
    const runs = [
      run('The Idea in Things: Fugitive Meaning in the', 79, 650, { fontSize: 9 }),
      run('87', 281, 650, { fontSize: 9 }),
      run('Makdisi and Nussbaum, introduction to the', 303, 650, { fontSize: 9 }),
      run('Novel (Chicago: University Press, 2006),', 79, 662, { fontSize: 9 }),
      run('Nights in Historical Context, 5.', 303, 662, { fontSize: 9 }),
      run('5-6.', 79, 674, { fontSize: 9 }),
      run('88', 281, 674, { fontSize: 9 }),
      run('Ibid.', 303, 674, { fontSize: 9 }),
    ]
    expect(detectTables(runs, NO_RULINGS, [], 1, true).tables).toEqual([])
  })

  it("refuses an invoice's address beside its details, each stack at its own line pitch", () => {
    // The sender's lines every 11.3 pt in 10 pt type, the details every 17.2 pt in 12 pt.
    const runs = [
      run('INVOICE', 70, 90.7, { fontSize: 22, right: 172 }),
      ...['Acme Consulting Ltd', '12 High Street', 'Cambridge CB2 1TN', 'United Kingdom'].map(
        (text, i) => run(text, 70, 114.7 + 11.25 * i, { right: 174 }),
      ),
      ...[
        ['Invoice number:', 'INV-2026-0042'],
        ['Invoice date:', '28 November 2026'],
        ['Due date:', '28 December 2026'],
        ['Customer ID:', 'C-1187'],
      ].flatMap(([key, value], i) => [
        run(key as string, 313.5, 84 + 17.25 * i, { fontSize: 12, right: 400 }),
        run(value as string, 418.4, 84 + 17.25 * i, { fontSize: 12, right: 534 }),
      ]),
    ]
    expect(detectTables(runs, NO_RULINGS, [], 1, true).tables).toEqual([])
  })

  it('reads one row of figures under a header placed column by column as a table', () => {
    // The header's labels nearly touch, but each starts where a column of the row below does.
    const xs = [74, 142, 185, 268]
    const labels = ['Saccharometer', 'DI Water', 'Glucose Solution', 'Yeast Suspension']
    const header = labels.map((text, i) => run(text, xs[i] as number, 690))
    const row = ['1', '16 ml', '12 ml', '0 ml'].map((text, i) => run(text, xs[i] as number, 705))
    const note = run('See the table below for larger tubes.', 72, 660)
    const { tables, rest } = detectTables([note, ...header, ...row], NO_RULINGS, [], 1, true)
    expect(rest).toEqual([note])
    expect(tables[0]?.table?.headerRows).toBe(1)
    expect(texts(tables[0]?.table)).toEqual([labels, ['1', '16 ml', '12 ml', '0 ml']])
    // A line of text over the same row does not head it.
    const line = [run('The tubes were filled as follows:', 74, 690)]
    expect(detectTables([...line, ...row], NO_RULINGS, [], 1, true).tables).toEqual([])
  })

  it('spans a group label centred over the figures across all their columns', () => {
    const rulings = findRulings({
      horizontal: [100, 118, 200].map((y) => ({ x1: 60, y1: y, x2: 400, y2: y })),
      vertical: [],
    })
    const runs = [
      ...textRows([['Source', '2010', '2011', '2012']], [64, 200, 280, 360], 113),
      // Centred over the three columns of figures, crossing only the first two's gutter.
      run('Enrollment, thousands', 238, 132),
      ...textRows(
        [
          ['Actual', '49.2', '49.3', '49.4'],
          ['Projected', '49.6', '49.8', '50.1'],
        ],
        [64, 200, 280, 360],
        146,
      ),
    ]
    const table = detectTables(runs, rulings, [], 1, false).tables[0]?.table
    const label = table?.cells.find((cell) => cell.text === 'Enrollment, thousands')
    expect(label).toMatchObject({ row: 1, column: 1, colSpan: 3 })
  })

  it("leaves a caption and a source framed with a grid out of the grid's rows", () => {
    // The frame runs around the caption and the source line; column rules only between them.
    const ys = [80, 100, 120, 140, 160, 180]
    const rulings = findRulings({
      horizontal: ys.map((y) => ({ x1: 100, y1: y, x2: 400, y2: y })),
      vertical: [
        { x1: 100, y1: 80, x2: 100, y2: 180 },
        { x1: 400, y1: 80, x2: 400, y2: 180 },
        { x1: 200, y1: 100, x2: 200, y2: 160 },
        { x1: 300, y1: 100, x2: 300, y2: 160 },
      ],
    })
    const caption = run('Exhibit B.4 Results by region', 104, 94)
    const source = run('Source: Survey of regions, 2005.', 104, 174)
    const body = textRows(
      [
        ['Region', 'Units', 'Revenue'],
        ['North', '12', '1,350'],
        ['South', '7', '1,020'],
      ],
      [104, 204, 304],
      114,
      20,
    )
    const { tables, rest } = detectTables([caption, ...body, source], rulings, [], 1, false)
    expect(rest).toEqual([caption, source])
    expect(texts(tables[0]?.table)).toEqual([
      ['Region', 'Units', 'Revenue'],
      ['North', '12', '1,350'],
      ['South', '7', '1,020'],
    ])
  })
})
