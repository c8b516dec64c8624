import { describe, expect, it } from 'vitest'
import { collectSpellings } from './join-lines.js'
import { readLevelRows } from './level-rows.js'
import { orderBlocks } from './reading-order.js'
import { block } from './test-helpers.js'
import type { Block, Line } from './types.js'

const NAMES = ['Cambodia', 'Indonesia', 'Lao PDR', 'Malaysia']
const GROWTH = ['7.5%', '9.4%', '4.0%', '18.6%']
const INFLOWS = ['1,272', '9,651', '265', '1,454']

/** A block whose lines stand at the given baselines, as cells of rows of unequal height do. */
function stacked(lines: string[], x: number, baselines: number[]): Block {
  const b = block(lines, x, baselines[0] as number)
  for (const [i, line] of b.lines.entries()) {
    const shift = (baselines[i] as number) - line.baseline
    line.baseline += shift
    line.top += shift
    line.bottom += shift
  }
  return { ...b, bottom: (b.lines[b.lines.length - 1] as Line).bottom }
}

const texts = (blocks: readonly Block[]) =>
  blocks.map((b) => b.lines.map((line) => line.text).join(' '))

describe('readLevelRows', () => {
  it('reads a column of names beside columns of figures row by row', () => {
    const page = [block(NAMES, 10, 100), block(GROWTH, 150, 100), block(INFLOWS, 250, 100)]
    const rows = [...readLevelRows(page).rows.values()].flat()
    expect(texts(rows)).toEqual([
      'Cambodia 7.5% 1,272',
      'Indonesia 9.4% 9,651',
      'Lao PDR 4.0% 265',
      'Malaysia 18.6% 1,454',
    ])
    expect(rows.every((row) => row.standalone)).toBe(true)
  })

  it("leaves out of a table's rows a heading of the column of text beside it", () => {
    // A prescribing label: a table in the right column, a section heading in the left level with
    // its second row, the section's paragraph under the heading beside the next rows.
    const page = [
      block(NAMES, 311, 100),
      block(GROWTH, 440, 100),
      block(INFLOWS, 500, 100),
      block(['5.5 Lipid Elevations'], 43, 112),
      block(
        [
          'Treatment was associated with increases in the',
          'lipid parameters, including total cholesterol and',
          'the HDL cholesterol of the patients under study.',
        ],
        43,
        125,
      ),
    ]
    const rows = [...readLevelRows(page).rows.values()].flat()
    expect(texts(rows)).toEqual([
      'Cambodia 7.5% 1,272',
      'Indonesia 9.4% 9,651',
      'Lao PDR 4.0% 265',
      'Malaysia 18.6% 1,454',
    ])
  })

  it("reads a glossary's abbreviations beside the words they stand for row by row", () => {
    const page = [
      block(['CAG', 'PCR', 'PPE', 'VfM'], 10, 100),
      block(
        ['Auditor General', 'Contract rules', 'Protective equipment', 'Value for money'],
        80,
        100,
      ),
    ]
    const rows = [...readLevelRows(page).rows.values()].flat()
    expect(texts(rows)).toEqual([
      'CAG Auditor General',
      'PCR Contract rules',
      'PPE Protective equipment',
      'VfM Value for money',
    ])
    // Wordier meanings, and a short name among the acronyms, make a glossary too.
    const wordy = [
      block(['BSOG', 'DfT', 'Ofgem', 'ZEBRA'], 10, 100),
      block(
        [
          'Bus Service Operators Grant',
          'Department for Transport',
          'Office of Gas and Electricity Markets',
          'Zero Emission Bus Regional Areas scheme',
        ],
        80,
        100,
      ),
    ]
    expect(texts([...readLevelRows(wordy).rows.values()].flat())).toEqual([
      'BSOG Bus Service Operators Grant',
      'DfT Department for Transport',
      'Ofgem Office of Gas and Electricity Markets',
      'ZEBRA Zero Emission Bus Regional Areas scheme',
    ])
  })

  it("joins a word broken at a line's end in a bibliography's entry beside its label", () => {
    const entry = (label: string, lines: string[], y: number) => [
      block([label], 85, y),
      block(lines, 137.5, y),
    ]
    const page = [
      ...entry(
        '[AHU74]',
        [
          'A. V. Aho and J. D. Ullman. The Design and Analysis of',
          'Computer Algorithms. Addison-Wesley, 1974.',
        ],
        100,
      ),
      ...entry(
        '[Bra11]',
        [
          'J. Bradfield. A very long title that is needed to make',
          'this reference wrap so that its indent is exercised prop-',
          'erly. In Proceedings of LICS, pages 211-220, 2011.',
        ],
        136,
      ),
      ...entry(
        '[Dij59]',
        [
          'E. W. Dijkstra. A note on two problems in connexion with',
          'graphs. Numerische Mathematik, 1:269-271, 1959.',
        ],
        184,
      ),
    ]
    expect(texts(orderBlocks(page).blocks)[1]).toBe(
      '[Bra11] J. Bradfield. A very long title that is needed to make this reference wrap so that its indent is exercised properly. In Proceedings of LICS, pages 211-220, 2011.',
    )
    // A producer that marks its own breaks prints only the text's hyphens plainly.
    const marked = collectSpellings([], { marksBreakHyphens: true })
    expect(texts(orderBlocks(page, [], marked).blocks)[1]).toContain('exercised prop-erly.')
  })

  it('reads a wordy cell wrapped over more lines than its row in that row', () => {
    // A browser's table: the first row's last cell runs to three lines, the others to one.
    const rows = [100, 136, 148, 160]
    const page = [
      stacked(NAMES, 10, rows),
      stacked(GROWTH, 150, rows),
      stacked(INFLOWS, 200, rows),
      block(
        ['Recruited the largest cohort and', 'ran the central laboratory for all', 'samples'],
        250,
        100,
      ),
      stacked(['Follow-up visits', 'None', 'Home visits'], 250, rows.slice(1)),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Cambodia 7.5% 1,272 Recruited the largest cohort and ran the central laboratory for all samples',
      'Indonesia 9.4% 9,651 Follow-up visits',
      'Lao PDR 4.0% 265 None',
      'Malaysia 18.6% 1,454 Home visits',
    ])
  })

  it("joins a cell's wrapped lines as a table's cells join them", () => {
    // Japanese has no word spaces; elsewhere a line break is a space, hyphen and all, as the
    // published tables keep it.
    const labels = block(['剰余金の配当', '当期純利益', '持分法の適用範囲', 'の変動'], 10, 100)
    const parties = block(['Women', 'Men', 'Total (w/ Party-', 'List)'], 10, 100)
    const figures = block(['△525', '1,269', '12'], 150, 100)
    const amounts = block(['1,272', '9,651', '265'], 250, 100)
    const rows = (first: Block) =>
      texts([...readLevelRows([first, figures, amounts]).rows.values()].flat())
    expect(rows(labels).at(-1)).toBe('持分法の適用範囲の変動 12 265')
    expect(rows(parties).at(-1)).toBe('Total (w/ Party- List) 12 265')
  })

  it("reads a wide table's header and first row across, as a page's last two rows of it", () => {
    const header = ['Works', 'Source', '2024', '2025', 'Change']
    const first = ['Northbank', 'River Ouse', '17.4', '18.1', '+4.0%']
    const lefts = [10, 110, 210, 270, 330]
    const page = lefts.flatMap((x, i) => [
      block([header[i] as string], x, 100, { fontId: 'bold' }),
      block([first[i] as string], x, 114),
    ])
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Works Source 2024 2025 Change',
      'Northbank River Ouse 17.4 18.1 +4.0%',
    ])
    // Three cells a row, or cells of two lines each (a header broken over lines), are no such
    // table: each block keeps its lines.
    const narrow = page.filter((b) => b.left < 250)
    expect(readLevelRows(narrow).rows.size).toBe(0)
    const wrapped = lefts.map((x, i) => block([header[i] as string, first[i] as string], x, 100))
    expect(readLevelRows(wrapped).rows.size).toBe(0)
  })

  it('keeps the titles of a header as one row above the figures, wrapped or reaching past them', () => {
    const body = [block(NAMES, 10, 100), block(GROWTH, 150, 100), block(INFLOWS, 250, 100)]
    const rows = texts(orderBlocks(body).blocks)
    const wrapped = [
      block(['Country'], 10, 76),
      block(['Growth in', 'percent'], 150, 64),
      block(['Inflows', 'US$ million'], 250, 64),
    ]
    expect(texts(orderBlocks([...wrapped, ...body]).blocks)).toEqual([
      'Country Growth in percent Inflows US$ million',
      ...rows,
    ])
    // The last column's title, too wordy to be a cell, reaches past the figures under it.
    const wide = [
      block(['Country'], 10, 88),
      block(['Growth'], 150, 88),
      block(['Inflows in US$ million (2024)'], 250, 88),
    ]
    expect(texts(orderBlocks([...wide, ...body]).blocks)).toEqual([
      'Country Growth Inflows in US$ million (2024)',
      ...rows,
    ])
    expect(rows).toEqual([
      'Cambodia 7.5% 1,272',
      'Indonesia 9.4% 9,651',
      'Lao PDR 4.0% 265',
      'Malaysia 18.6% 1,454',
    ])
  })

  it('keeps the titles of a header centred on its middle as one row, their lines interleaved', () => {
    // As a browser prints an HTML table's header: titles of one, two and three lines, each
    // centred on the row, stand half a line apart from one another.
    const header = [
      block(['Country'], 10, 76),
      block(['Growth in', 'percent'], 150, 70),
      block(['Inflows in', 'US$', 'million'], 250, 64),
    ]
    const body = [block(NAMES, 10, 100), block(GROWTH, 150, 100), block(INFLOWS, 250, 100)]
    expect(texts(orderBlocks([...header, ...body]).blocks)).toEqual([
      'Country Growth in percent Inflows in US$ million',
      'Cambodia 7.5% 1,272',
      'Indonesia 9.4% 9,651',
      'Lao PDR 4.0% 265',
      'Malaysia 18.6% 1,454',
    ])
  })

  it('keeps a title wrapped upward from the foot of its header cell in the header row', () => {
    // The other titles joined the blocks of their columns, so only the wrapped title's last line
    // stands level with the first row.
    const page = [
      block(['Country', ...NAMES], 10, 88),
      block(['Growth in', 'percent'], 150, 76),
      block(['Inflows', ...INFLOWS], 250, 88),
      block(GROWTH, 150, 100),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Country Growth in percent Inflows',
      'Cambodia 7.5% 1,272',
      'Indonesia 9.4% 9,651',
      'Lao PDR 4.0% 265',
      'Malaysia 18.6% 1,454',
    ])
  })

  it('keeps a row of titles set close together above the figures, and leaves a caption out', () => {
    const body = [block(NAMES, 10, 100), block(GROWTH, 150, 100), block(INFLOWS, 250, 100)]
    const rows = texts(orderBlocks(body).blocks)
    // The titles after the first read as one line, too wordy to be a cell of its own.
    const titles = [block(['Country'], 10, 88), block(['Growth rate Inflows ($m)'], 150, 88)]
    expect(texts(orderBlocks([...titles, ...body]).blocks)).toEqual([
      'Country Growth rate Inflows ($m)',
      ...rows,
    ])
    const caption = block(['Table 2: Growth and inflows by country'], 10, 88)
    expect(texts(orderBlocks([caption, ...body]).blocks)).toEqual([
      'Table 2: Growth and inflows by country',
      ...rows,
    ])
  })

  it('reads a table set so tightly that only some rows part at a gap row by row', () => {
    // "Other" and "Total" part from their figures at a wider gap; the other rows are one line
    // each, so the labels' block reaches over the parted figures.
    const page = [
      block(['Port dues 41.2 44.0', 'Rents fee 18.7 19.3', 'Other', 'Total'], 10, 100),
      block(['3.8 4.0'], 70, 124),
      block(['79.6 84.1'], 60, 136),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Port dues 41.2 44.0',
      'Rents fee 18.7 19.3',
      'Other 3.8 4.0',
      'Total 79.6 84.1',
    ])
    // Lines of prose that end in figures are no such table.
    const prose = [
      block(
        [
          'The dues rose from',
          '41.2 to 44.0 and the rents from',
          '18.7 to 19.3 while the',
          'other',
        ],
        10,
        100,
      ),
      block(['3.8 4.0'], 65, 136),
    ]
    expect(readLevelRows(prose).rows.size).toBe(0)
  })

  it("reads the header over a tight table's rows as one row, its titles apart", () => {
    // LaTeX's booktabs: the titles stand apart, each a block of its own; the rows are tight.
    const page = [
      block(['Item'], 10, 88),
      block(['Old'], 65, 88),
      block(['New'], 90, 88),
      block(['Port dues 41.2 44.0', 'Rents fee 18.7 19.3', 'Other'], 10, 100),
      block(['3.8 4.0'], 70, 124),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Item Old New',
      'Port dues 41.2 44.0',
      'Rents fee 18.7 19.3',
      'Other 3.8 4.0',
    ])
  })

  it("reads a contents page across, chapter by chapter, over the space before each chapter's entries", () => {
    const page = [
      block(['1 Overview'], 10, 100),
      block(['1.1 Traffic . . . . . .', '1.2 Programmes . . . .'], 20, 112),
      block(['1', '1', '1'], 300, 100),
      // A chapter's entries stand further below the last entry than a table's rows ever do.
      block(['2 Finance'], 10, 160),
      block(['2.1 Capital spending . .'], 20, 172),
      block(['2', '2'], 300, 160),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      '1 Overview 1',
      '1.1 Traffic . . . . . . 1',
      '1.2 Programmes . . . . 1',
      '2 Finance 2',
      '2.1 Capital spending . . 2',
    ])
  })

  it("reads a contents page's front matter across, its pages numbered in roman numerals", () => {
    const page = [
      block(['List of Illustrations', 'Preface', 'Acknowledgements'], 56, 134),
      block(['ix', 'xiii', 'xvii'], 360, 134),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'List of Illustrations ix',
      'Preface xiii',
      'Acknowledgements xvii',
    ])
  })

  it('leaves a heading over its text beside a table out of the row it stands level with', () => {
    const table = [block(NAMES, 200, 100), block(GROWTH, 300, 100), block(INFLOWS, 400, 100)]
    const heading = { ...block(['Finance'], 10, 112), fontSize: 11 }
    const text = {
      ...block(
        [
          'Income rose to 84.1 million, while',
          'costs were held at 61.7 million, and',
          'the surplus goes to the programmes.',
        ],
        10,
        124,
      ),
      fontSize: 8,
    }
    const read = texts(orderBlocks([...table, heading, text]).blocks)
    expect(read).toContain('Finance')
    expect(read).toContain('Indonesia 9.4% 9,651')
  })

  it('reads the rows of a table whose header row joined the block of its first column', () => {
    // The header runs across the table, so the first column's block reaches over the figures,
    // two columns that read as one line a row.
    const figures = GROWTH.map((growth, i) => `${growth} ${INFLOWS[i]}`)
    const page = [
      block(['Country Growth in percent Inflows in millions of US dollars', ...NAMES], 10, 88),
      block(figures, 200, 100),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Country Growth in percent Inflows in millions of US dollars',
      'Cambodia 7.5% 1,272',
      'Indonesia 9.4% 9,651',
      'Lao PDR 4.0% 265',
      'Malaysia 18.6% 1,454',
    ])
  })

  it('reads quantities with their units as figures, and leaves a larger heading level with the header out', () => {
    const page = [
      // The heading of the column beside the table, set larger, stands level with its header.
      block(['Abstract'], 10, 64, { fontSize: 14 }),
      block(['Workload', 'TPC-C new order', 'TPC-C payment', 'YCSB read'], 200, 64),
      block(['Without', '4.1 ms', '2.2 ms', '1.8 ms'], 300, 64),
      block(['With', '2.9 ms', '1.4 ms', '1.1 ms'], 350, 64),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Abstract',
      'Workload Without With',
      'TPC-C new order 4.1 ms 2.9 ms',
      'TPC-C payment 2.2 ms 1.4 ms',
      'YCSB read 1.8 ms 1.1 ms',
    ])
  })

  it('reads temperatures and areas with their units as figures', () => {
    const cities = ['Paris', 'Milan', 'Vienna']
    for (const figures of [
      ['2.1 °C', '1.4 °C', '1.8 °C'],
      ['40 m²', '12 m²', '7 m²'],
    ]) {
      const page = [block(cities, 10, 100), block(figures, 150, 100)]
      const rows = [...readLevelRows(page).rows.values()].flat()
      expect(texts(rows)).toEqual(cities.map((city, i) => `${city} ${figures[i]}`))
    }
  })

  it("keeps the wrapped lines of a row's cells in that row", () => {
    const page = [
      block(['Fondation', 'Terre Solidaire', 'Foundation'], 10, 100),
      block(['2016'], 120, 100),
      block(['The foundation', 'was created', 'in 2016'], 200, 100),
      block(['Horsnormes'], 10, 140),
      block(['2020'], 120, 140),
      block(['A website', 'for farmers'], 200, 140),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Fondation Terre Solidaire Foundation 2016 The foundation was created in 2016',
      'Horsnormes 2020 A website for farmers',
    ])
  })

  it('reads names beside a column of a few categories repeated row by row, each row on its own', () => {
    const drugs = ['Alprazolam', 'a-Endorphin', 'Buprenorphine', 'Cocaine', 'Diazepam']
    const schedules = ['Schedule IV', 'Schedule II', 'Schedule II', 'Schedule IV', 'Schedule II']
    const page = [block(['Drug', ...drugs], 10, 100), block(['Schedule', ...schedules], 200, 100)]
    const rows = [...readLevelRows(page).rows.values()].flat()
    expect(texts(rows)).toEqual([
      'Drug Schedule',
      ...drugs.map((drug, i) => `${drug} ${schedules[i]}`),
    ])
    // A row that opens in lower case goes on no row before it.
    expect(rows.every((row) => row.listedLine)).toBe(true)
    // Names beside names that each stand once are a list set in columns.
    const names = ['Diazepam', 'Ketamine', 'Lorazepam', 'Mazindol', 'Pentobarbital']
    expect(readLevelRows([block(drugs, 10, 100), block(names, 200, 100)]).rows.size).toBe(0)
  })

  it('leaves columns of terms without figures to be read down each column', () => {
    const page = [
      block(['A-Lines', 'BiPAP', 'Chemotherapy', 'CPAP'], 10, 100),
      block(['Intubation', 'Irrigation', 'MRI', 'MUGA scan'], 200, 100),
    ]
    expect(readLevelRows(page).rows.size).toBe(0)
  })

  it('reads labels beside values that each hold a figure row by row, but an index down its columns', () => {
    const labels = block(['Invoice no.', 'Date', 'Due', 'Customer ref.'], 10, 100)
    const values = block(
      ['INV-2026-0412', '12 November 2026', '12 December 2026', 'PO 88231'],
      100,
      100,
    )
    expect(texts([...readLevelRows([labels, values]).rows.values()].flat())).toEqual([
      'Invoice no. INV-2026-0412',
      'Date 12 November 2026',
      'Due 12 December 2026',
      'Customer ref. PO 88231',
    ])
    // Terms with their pages in two columns: no column of labels.
    const index = [
      block(['brain growth 173', 'catch-up growth 192', 'cerebrum 176', 'estrogen 191'], 10, 100),
      block(['kwashiorkor 192', 'myelinization 175', 'neurons 173', 'obese 192'], 200, 100),
    ]
    expect(readLevelRows(index).rows.size).toBe(0)
  })

  it('reads groups of labels and values set side by side, each under its title, one after the other', () => {
    // A data sheet's specs: labels at 10 and 260, values at 90 and 340, each pair titled.
    const page = [
      block(['Electrical'], 10, 84, { fontSize: 12 }),
      block(['Mechanical'], 260, 84, { fontSize: 12 }),
      block(['Supply voltage', 'Current draw', 'Isolation'], 10, 100),
      block(['12-30 V DC', '45 mA typical', '500 V'], 90, 100),
      block(['Housing', 'Weight', 'Protection'], 260, 100),
      block(['Steel 316L', '240 g', 'IP67'], 340, 100),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Electrical',
      'Supply voltage 12-30 V DC',
      'Current draw 45 mA typical',
      'Isolation 500 V',
      'Mechanical',
      'Housing Steel 316L',
      'Weight 240 g',
      'Protection IP67',
    ])
    // Titles over the columns of one table, not over groups that open with labels, head its
    // columns: the rows read across.
    const figures = [
      block(['Region'], 10, 84),
      block(['2025'], 90, 84),
      block(['2026'], 260, 84),
      block(['North', 'South'], 10, 100),
      block(['1,200', '3,400'], 90, 100),
      block(['1,500', '3,900'], 260, 100),
    ]
    expect(texts([...readLevelRows(figures).rows.values()].flat())).toEqual([
      'Region 2025 2026',
      'North 1,200 1,500',
      'South 3,400 3,900',
    ])
  })

  it("reads a padded table's rows apart by their pitch, a wrapped cell's lines in their row", () => {
    // Rows 16.5 pt apart, a cell's wrapped lines 12: the label "Process connection" wraps alone,
    // "Seal type" and its value wrap together.
    const page = [
      stacked(
        ['Housing', 'Weight', 'Process', 'connection', 'Seal', 'type', 'Protection'],
        10,
        [100, 116.5, 133, 145, 161.5, 173.5, 190],
      ),
      stacked(
        ['316L steel', '240 g', 'G 1/4 thread', 'FKM 75 to', 'DIN 3771', 'IP67'],
        90,
        [100, 116.5, 133, 161.5, 173.5, 190],
      ),
    ]
    expect(texts([...readLevelRows(page).rows.values()].flat())).toEqual([
      'Housing 316L steel',
      'Weight 240 g',
      'Process connection G 1/4 thread',
      'Seal type FKM 75 to DIN 3771',
      'Protection IP67',
    ])
  })

  it('leaves two columns of running text alone, even where their lines stand level', () => {
    const prose = Array.from({ length: 6 }, (_, i) => `running text of the column, line ${i + 1}`)
    const page = [block(prose, 10, 100), block(prose, 300, 100)]
    expect(readLevelRows(page).rows.size).toBe(0)
    expect(orderBlocks(page).blocks).toEqual(page)
  })

  it("leaves a sidebar beside a column of jobs alone where a job's dates stand level with it", () => {
    // A résumé: the sidebar's contact lines stand level with a job's title, dates and employer,
    // and the job's duties, a wrapped paragraph, follow the employer in the job column.
    const heads = [block(['CONTACT'], 20, 88), block(['EXPERIENCE'], 200, 88)]
    const sidebar = block(['maria@example.com', '+34 600 123 456', 'Madrid, Spain'], 20, 100)
    const title = block(['Senior Data Engineer'], 200, 100)
    const dates = block(['2021 - present'], 480, 100)
    const employer = block(['Contoso Retail, Madrid'], 200, 112)
    const duties = block(
      [
        'Moved nightly batch jobs to incremental models, cutting compute',
        'costs by a third, and led a team of four engineers through a move.',
      ],
      200,
      124,
    )
    expect(readLevelRows([...heads, sidebar, title, dates, employer, duties]).rows.size).toBe(0)
    // The same rows with the page's text running across under them are a table.
    const note = block(
      [
        'Moved nightly batch jobs to incremental models, cutting compute costs by',
        'a third, and led a team of four engineers through a migration to Spark.',
      ],
      20,
      136,
    )
    expect(readLevelRows([...heads, sidebar, title, dates, employer, note]).rows.size).toBe(1)
  })

  it('reads a column of wordy cells under its title across, with the rows they stand in', () => {
    // The descriptions stack into one block of running text under their column's title, each
    // opening level with its row's activity; a sidebar beside a job's duties opens one row only.
    const rows = [100, 130, 148]
    const page = [
      block(['Activity'], 10, 82),
      block(['Description'], 120, 82),
      block(['2024'], 400, 82),
      stacked(['Outreach', 'Training', 'Evaluation'], 10, rows),
      stacked(
        [
          'Visits to schools and community groups in the three',
          'pilot districts, including transport and materials',
          'Courses for volunteers who lead the sessions',
          'External evaluation by the university team, with two',
        ],
        120,
        [100, 112, 130, 148],
      ),
      stacked(['412', '96', '150'], 400, rows),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Activity Description 2024',
      'Outreach Visits to schools and community groups in the three pilot districts, including transport and materials 412',
      'Training Courses for volunteers who lead the sessions 96',
      'Evaluation External evaluation by the university team, with two 150',
    ])
  })

  it("reads a label wrapped onto an indented line over its row's figures, rows set as close as lines", () => {
    // A statistical abstract: one pitch for rows and lines alike, a label's wrapped line hung
    // one em in. The line after a complete row opens with a capital, so it cannot go on from it:
    // it opens the next row's label.
    const labels = stacked(
      [
        'Motor vehicle dealers',
        'Recreational vehicle dealers',
        'Motorcycle, boat, & other motor',
        'vehicle dealers',
        'Tire dealers',
      ],
      10,
      [100, 112, 124, 136, 148],
    )
    const hung = labels.lines[3] as Line
    hung.left += 10
    hung.right += 10
    const page = [
      labels,
      stacked(['122,633', '3,014', '10,575', '17,288'], 200, [100, 112, 136, 148]),
      stacked(['645,368', '10,070', '18,821', '19,659'], 260, [100, 112, 136, 148]),
    ]
    expect(texts([...readLevelRows(page).rows.values()].flat())).toEqual([
      'Motor vehicle dealers 122,633 645,368',
      'Recreational vehicle dealers 3,014 10,070',
      'Motorcycle, boat, & other motor vehicle dealers 10,575 18,821',
      'Tire dealers 17,288 19,659',
    ])
    // Figures level with a label's first line: a capitalised word wrapped under it goes on from
    // it, and a row's numeral in capitals does not go on the label above it.
    const top = [
      stacked(
        ['IX - Zamboanga', 'Peninsula', 'X - Northern', 'Mindanao', 'XI - Davao Region'],
        10,
        [100, 112, 124, 136, 148],
      ),
      stacked(['4', '2', '1'], 200, [100, 124, 148]),
      stacked(['2', '2', '3'], 260, [100, 124, 148]),
    ]
    expect(texts([...readLevelRows(top).rows.values()].flat())).toEqual([
      'IX - Zamboanga Peninsula 4 2',
      'X - Northern Mindanao 2 2',
      'XI - Davao Region 1 3',
    ])
  })

  it("reads a label set over its row's figures, level with its last line, in that row", () => {
    // Figures stand at the foot of their rows, level with a wrapped label's last line; a title
    // over the rows of its section, its first row opening with a capitalised word, stays apart.
    const table = (labels: string[]) => {
      const page = [
        stacked(labels, 10, [100, 114, 128, 146, 164]),
        stacked(['5,412', '5,398', '5,421'], 200, [128, 146, 164]),
        stacked(['1,284', '1,402', '1,566'], 260, [128, 146, 164]),
      ]
      return texts([...readLevelRows(page).rows.values()].flat())
    }
    expect(
      table([
        'Lowest fifth of households,',
        'including those receiving',
        'income-related benefits',
        'Second fifth',
        'Middle fifth',
      ]),
    ).toEqual([
      'Lowest fifth of households, including those receiving income-related benefits 5,412 1,284',
      'Second fifth 5,398 1,402',
      'Middle fifth 5,421 1,566',
    ])
    expect(
      table(['Public schools', 'and academies', 'Pupils enrolled', 'Teachers', 'Support staff'])[0],
    ).toBe('Public schools and academies')
    // A word processor centres the row's figures on the label's two lines.
    const centred = [
      stacked(
        ['Lowest fifth of households,', 'including those receiving', 'Second fifth'],
        10,
        [100, 112, 136],
      ),
      stacked(['5,412', '5,398', '5,421'], 200, [106, 136, 154]),
      stacked(['1,284', '1,402', '1,566'], 260, [106, 136, 154]),
      block(['Middle fifth'], 10, 154),
    ]
    expect(texts([...readLevelRows(centred).rows.values()].flat())).toEqual([
      'Lowest fifth of households, including those receiving 5,412 1,284',
      'Second fifth 5,398 1,402',
      'Middle fifth 5,421 1,566',
    ])
  })

  it('reads the figures table of a page in its place among the other blocks', () => {
    const title = block(['Table 1.4. Growth in migrant remittance inflows'], 10, 60)
    const note = block(['Source: World Bank and KNOMAD (2021)'], 10, 160)
    const page = [title, block(NAMES, 10, 100), block(INFLOWS, 250, 100), note]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Table 1.4. Growth in migrant remittance inflows',
      'Cambodia 1,272',
      'Indonesia 9,651',
      'Lao PDR 265',
      'Malaysia 1,454',
      'Source: World Bank and KNOMAD (2021)',
    ])
  })
})
