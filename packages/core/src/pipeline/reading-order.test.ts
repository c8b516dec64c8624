import { describe, expect, it } from 'vitest'
import { orderBlocks } from './reading-order.js'
import { block } from './test-helpers.js'
import type { Block } from './types.js'

const COLUMN_TEXT = Array.from({ length: 8 }, () => 'column text that fills a line')
const MAIN_TEXT = Array.from(
  { length: 6 },
  () => 'main text of the page that runs across most of it',
)

/** Two paragraphs of text across most of the page, and two boxes of a sidebar at `tops` beside. */
function textBesideSidebar(...tops: [number, number]) {
  const side = Array.from({ length: 5 }, () => 'a note in the box')
  return {
    main: [block(MAIN_TEXT, 10, 60), block(MAIN_TEXT, 10, 150)] as const,
    sidebar: tops.map((top) => block(side, 330, top)) as [Block, Block],
  }
}

describe('orderBlocks', () => {
  it('reads a title, then the left column, then the right one, then a full-width footer', () => {
    const title = block(['A title that spans both of the columns below it, wide enough'], 10, 20)
    const left = block(COLUMN_TEXT, 10, 60)
    const right = block(COLUMN_TEXT, 180, 62)
    const note = block(['A closing note that spans the full width of the page as well'], 10, 200)
    const { blocks, clean } = orderBlocks([right, note, left, title])
    expect(blocks).toEqual([title, left, right, note])
    expect(clean).toBe(true)
  })

  it("reads each of a brochure's pillars whole, its title, text and list, over columns parted elsewhere", () => {
    const intro = block(
      Array.from({ length: 3 }, () => 'an introduction across the page '.repeat(3)),
      10,
      20,
    )
    // Each title stands well over its text, as far as the tiers stand under the lists.
    const pillar = (x: number, name: string) => [
      block([name], x, 80, { fontSize: 12, bold: true }),
      block(
        [
          'text of the pillar that runs in',
          'three lines under its title in',
          'its own narrow column',
        ],
        x,
        110,
      ),
      block(['• a first item of its list', 'that wraps'], x, 150),
      block(['• a second item of its list', 'that wraps too'], x, 176),
    ]
    const pillars = [pillar(10, 'Learn'), pillar(190, 'Build'), pillar(370, 'Sell')]
    // Under them, well apart, two columns parted by a gutter that the middle pillar stands over.
    const left = block(
      Array.from({ length: 8 }, () => 'the left column of tiers, in full lines'),
      10,
      230,
    )
    const right = [
      block(
        Array.from({ length: 3 }, () => 'the right column of the tiers, full'),
        275,
        230,
      ),
      block(
        Array.from({ length: 4 }, () => 'the right column of the tiers, full'),
        275,
        272,
      ),
    ]
    const page = [intro, ...pillars.flat(), left, ...right]
    const { blocks } = orderBlocks([...page].reverse())
    expect(blocks).toEqual(page)
  })

  it("reads each of a newspaper's headlines side by side with the columns of its own story", () => {
    // Under the masthead, the headlines break over two lines each.
    const masthead = block(['The Harbour Gazette'], 300, 10, { fontSize: 40 })
    const head = { fontSize: 20 }
    const first = block(['Council votes to repair the old', 'bridge before winter'], 10, 50, head)
    const second = block(['Ferry timetable cut for', 'the season'], 490, 50, head)
    const [a1, a2, a3, b1, b2] = [10, 165, 320, 490, 645].map((x) => block(COLUMN_TEXT, x, 90))
    // The stories under them part the page's columns elsewhere: no gutter runs down the page.
    const third = block(['Library extends weekend hours'], 10, 220, head)
    const fourth = block(['Volunteers clear the harbour after the storm'], 320, 220, head)
    const [c1, c2, d1, d2, d3] = [10, 165, 320, 490, 645].map((x) => block(COLUMN_TEXT, x, 250))
    const page = [b2, second, a3, b1, a1, first, a2, masthead, d3, c2, fourth, d1, third, c1, d2]
    expect(orderBlocks(page as Block[]).blocks).toEqual([
      masthead,
      ...[first, a1, a2, a3],
      ...[second, b1, b2],
      ...[third, c1, c2],
      ...[fourth, d1, d2, d3],
    ])
  })

  it('reads two short columns one after the other where the pages before had their gutter', () => {
    // A paper's last page: two references left, one right, too little text alone for columns.
    const left = [
      block(['2022.'], 72, 61),
      block(['[3] F. Müller. Battery models for nodes.', 'Surveys 54(2), 2020.'], 60, 74),
    ]
    const right = block(
      ['[4] G. Rossi and H. Tanaka. Packet', 'scheduling. Proc. INFOCOM, 2023.'],
      317,
      61,
    )
    const page = [right, ...left]
    const gutter = { left: 262, right: 316 }
    expect(orderBlocks(page, [gutter]).blocks).toEqual([...left, right])
    expect(orderBlocks(page).blocks).toEqual([left[0], right, left[1]])
    // Beside a column of running text, a few lines where the gutter was are a note in its margin.
    const main = block(COLUMN_TEXT, 60, 61)
    const note = block(
      ['myelinization', 'the process by which neurons', 'are sheathed in myelin'],
      317,
      74,
    )
    expect(orderBlocks([note, main], [gutter]).gutters).toEqual([])
  })

  it('reads a page number centred in the gutter at the foot after both columns', () => {
    const left = block(COLUMN_TEXT, 10, 60)
    const right = block(COLUMN_TEXT, 180, 60)
    const number = block(['7'], 165, 200)
    expect(orderBlocks([number, right, left]).blocks).toEqual([left, right, number])
  })

  it("reads a web page's navigation beside its article as a column, but not speakers beside what they said", () => {
    // A documentation page: groups of links at the left, a wide gap, the article's prose.
    const prose = Array.from({ length: 4 }, () => 'the article text runs on in full sentences here')
    const nav = [0, 1, 2].map((i) =>
      block(['GUIDES', 'Authentication', 'Connection pools', 'Retries'], 36, 67 + 90 * i, {
        fontSize: 8,
      }),
    )
    const article = [0, 1, 2].map((i) => block(prose, 203, 60 + 90 * i))
    const mixed = [0, 1, 2].flatMap((i) => [article[i] as Block, nav[i] as Block])
    expect(orderBlocks(mixed).blocks).toEqual([...nav, ...article])
    // A transcript: each speaker's name level with the first line of what they said, the time
    // under the name.
    const turns = [0, 1, 2].flatMap((i) => [
      block(['Priya Nair'], 36, 60 + 90 * i),
      article[i] as Block,
      block(['0:09'], 36, 74 + 90 * i, { fontSize: 9 }),
    ])
    const read = (blocks: readonly Block[]) =>
      blocks.flatMap((b) => b.lines.map((line) => line.text)).join(' ')
    expect(read(orderBlocks(turns).blocks)).toBe(read(turns))
  })

  it("reads a photograph's credit set flush right on its caption's line after the caption", () => {
    // Two columns; a caption runs from the left column over the gutter, its credit in the right.
    const left = block(COLUMN_TEXT, 10, 60)
    const right = block(COLUMN_TEXT, 180, 60)
    const caption = block(['The viaduct from the footpath below.'], 10, 170, { fontSize: 8 })
    const credit = block(['Photo: I. M.'], 265, 169.5, { fontSize: 7 })
    const under = [block(COLUMN_TEXT, 10, 190), block(COLUMN_TEXT, 180, 190)]
    const read = orderBlocks([left, right, credit, caption, ...under]).blocks
    expect(read.indexOf(credit)).toBe(read.indexOf(caption) + 1)
  })

  it("reads a letter's sign-off under two balanced columns after both, not with the first", () => {
    // COLUMN_TEXT's 8 lines at 12 pt end both columns at 150; the signature stands 30 pt under.
    const left = block(COLUMN_TEXT, 10, 60)
    const right = block(COLUMN_TEXT, 180, 60)
    const name = block(['David Okonkwo-Hale'], 10, 190)
    const title = block(['Group Chief Executive'], 10, 202)
    const number = block(['2'], 330, 400)
    expect(orderBlocks([left, right, name, title, number]).blocks).toEqual([
      left,
      right,
      name,
      title,
      number,
    ])
  })

  it("reads a slide's two short lists side by side each whole, under the title centred over them", () => {
    const title = block(['Two priorities'], 135, 20)
    const side = (x: number, head: string, items: string[]) => [
      block([head], x, 50),
      ...items.map((item, i) => block([`• ${item}`], x, 70 + 20 * i)),
    ]
    const left = side(10, 'Reliability', [
      'Multi-region failover',
      'Faster response',
      'Status page',
    ])
    const right = side(200, 'Growth', ['Self-service onboarding', 'Usage pricing', 'Partners'])
    const mixed = left.flatMap((b, i) => [b, right[i] as Block])
    expect(orderBlocks([title, ...mixed]).blocks).toEqual([title, ...left, ...right])
  })

  it('reads columns a gutter of one em apart, as LaTeX sets them, one after the other', () => {
    const left = [60, 160].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [66, 166].map((y) => block(COLUMN_TEXT, 164.7, y))
    expect(orderBlocks([left[0], right[0], left[1], right[1]] as Block[]).blocks).toEqual([
      ...left,
      ...right,
    ])
  })

  it("reads a newspaper's columns set two thirds of an em apart, one after the other", () => {
    // 10 pt columns 145 pt wide, gutters of 6.5 pt: LaTeX's 10 pt less what microtype lets hang.
    const columns = [10, 161.5, 313, 464.5].map((x) =>
      [60, 160].map((y) => block(COLUMN_TEXT, x, y)),
    )
    const rows = [0, 1].flatMap((row) => columns.map((column) => column[row] as Block))
    expect(orderBlocks(rows).blocks).toEqual(columns.flat())
  })

  it("reads a broadsheet's six columns, each a sixth of the page, one after the other", () => {
    const columns = [0, 1, 2, 3, 4, 5].map((i) =>
      [60, 160].map((y) => block(COLUMN_TEXT, 10 + 155 * i, y)),
    )
    const rows = [0, 1].flatMap((row) => columns.map((column) => column[row] as Block))
    expect(orderBlocks(rows).blocks).toEqual(columns.flat())
    // Six columns of the same few words, level line by line, are a table's, read row by row.
    const terms = Array.from({ length: 8 }, () => 'hypertension history, chronic')
    const table = [0, 1, 2, 3, 4, 5].flatMap((i) =>
      [60, 160].map((y) => block(terms, 10 + 155 * i, y)),
    )
    expect(orderBlocks(table).gutters).toEqual([])
  })

  it('measures a gutter of one em by the running text, though headings outnumber paragraphs', () => {
    const heading = (text: string, x: number, y: number) => block([text], x, y, { fontSize: 14 })
    const left = [
      heading('1 Introduction', 10, 60),
      block(COLUMN_TEXT, 10, 80),
      heading('2 Method', 10, 190),
      block(COLUMN_TEXT, 10, 210),
      heading('3 Results', 10, 320),
    ]
    // The second column goes on with the text of the first's last section.
    const right = [
      block(COLUMN_TEXT, 164.7, 60),
      heading('4 Sites', 164.7, 170),
      block(COLUMN_TEXT, 164.7, 190),
      heading('5 Outlook', 164.7, 300),
      heading('6 Notes', 164.7, 320),
    ]
    const mixed = left.flatMap((b, i) => [b, right[i] as Block])
    expect(orderBlocks(mixed).blocks).toEqual([...left, ...right])
  })

  it("reads a page's footer, its two sides set apart under both columns, after the columns", () => {
    const left = [block(COLUMN_TEXT, 10, 60), block(['the last line of the column.'], 10, 156)]
    const right = [block(COLUMN_TEXT, 180, 60), block(['the last line of the other.'], 180, 156)]
    const footer = [block(['The Coastal Courier'], 10, 190), block(['Page 5'], 300, 190)]
    const page = [footer[1], right[1], left[0], footer[0], right[0], left[1]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([...left, ...right, ...footer])
    // The columns' last lines, level at the columns' own pitch, stay the ends of their columns.
    const ends = [left[0], left[1], right[0], right[1]] as Block[]
    expect(orderBlocks([right[1], left[0], right[0], left[1]] as Block[]).blocks).toEqual(ends)
  })

  it("reads a paper's authors, side by side under its title, before its two columns", () => {
    const title = block(['A title that spans both of the columns below it, wide enough'], 10, 20)
    const authors = [block(['Anna Lindqvist'], 80, 40), block(['Tomasz Nowak'], 195, 40)]
    const left = [60, 160].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [60, 160].map((y) => block(COLUMN_TEXT, 180, y))
    const page = [right[0], authors[1], left[0], title, authors[0], left[1], right[1]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([title, ...authors, ...left, ...right])
  })

  it('reads a list of terms and descriptions row by row though its last description wraps', () => {
    const terms = ['Ctrl+B', 'Ctrl+J', 'Ctrl+Shift+M', 'Ctrl+K Ctrl+S']
    const rows = terms.map((term, i) => {
      const y = 60 + 20 * i
      const last = i === terms.length - 1
      const description = last
        ? ['Open the shortcut editor, where every binding can be', 'changed or removed.']
        : [`Show or hide panel number ${i + 1}.`]
      return [block([term], 10, y), block(description, 150, y)]
    })
    const page = [...rows.flat()].reverse()
    expect(orderBlocks(page).blocks).toEqual(rows.flat())
  })

  it('reads a bar spaced out from margin to margin over three columns before them', () => {
    // A newsletter's issue line: volume flush left, season centred, price flush right.
    const title = block(['The Millbrook Ledger, a newsletter of the valley society'], 100, 20)
    const bar = [
      block(['VOLUME 27, NUMBER 2'], 10, 40),
      block(['SPRING 2024'], 215, 40),
      block(['FREE TO MEMBERS'], 400, 40),
    ]
    const columns = [10, 170, 330].map((x) => [60, 160].map((y) => block(COLUMN_TEXT, x, y)))
    const page = [bar[2], ...(columns[2] as Block[]), bar[1], title, bar[0]]
    page.push(...(columns[1] as Block[]), ...(columns[0] as Block[]))
    expect(orderBlocks(page as Block[]).blocks).toEqual([title, ...bar, ...columns.flat()])
  })

  it("reads a column's item that goes on level with a heading of the column before in its column", () => {
    // A paper's first column opens with "Abstract"; the second with the last item of a list
    // begun at the foot of the first, indented and ending at the right margin.
    const title = block(['A title that spans both of the columns below it, wide enough'], 10, 20)
    const heading = block(['Abstract'], 10, 40)
    const item = block(['- we evaluate the policy ok', 'and its trade-offs, at last.'], 192, 40)
    const left = [70, 170].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [80, 170].map((y) => block(COLUMN_TEXT, 180, y))
    const page = [right[0], item, left[0], title, heading, left[1], right[1]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([title, heading, ...left, item, ...right])
  })

  it('reads authors stacked side by side over the columns one after the other, each whole', () => {
    // A LaTeX paper's three authors, each name over an affiliation and an address, all centred;
    // the middle one reaches over the gutter.
    const title = block(['A title that spans both of the columns below it, wide enough'], 10, 20)
    const stack = (centre: number, name: string) => {
      const centred = (texts: string[], y: number) =>
        block(texts, centre - (Math.max(...texts.map((text) => text.length)) * 5) / 2, y)
      return [
        centred([name], 44),
        centred(['Department of Computing', 'Lakeshore University'], 58),
        centred([`${name.split(' ')[0]?.toLowerCase()}@lakeshore.edu`], 84),
      ]
    }
    const authors = [stack(60, 'Ana Ferreira'), stack(170, 'Daniel Okonkwo'), stack(290, 'Mei Hsu')]
    const left = [120, 220].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [120, 220].map((y) => block(COLUMN_TEXT, 180, y))
    const page = [...right, ...authors.flatMap((own) => [...own].reverse()), title, ...left]
    expect(orderBlocks(page).blocks).toEqual([title, ...authors.flat(), ...left, ...right])
  })

  it('reads authors with a four-line affiliation each whole, though the columns start right under them', () => {
    // A word processor's paper: the authors' cells over the abstract's column, 12 pt below them.
    const title = block(['A title that spans both of the columns below it, wide enough'], 10, 20)
    // Each line centred on its own: 5 pt a character.
    const centred = (centre: number, texts: string[], y: number) => {
      const cell = block(texts, centre - (Math.max(...texts.map((text) => text.length)) * 5) / 2, y)
      for (const line of cell.lines) {
        line.left = centre - (line.text.length * 5) / 2
        line.right = centre + (line.text.length * 5) / 2
      }
      return cell
    }
    const authors = [
      [
        centred(60, ['Ana Ferreira'], 44),
        centred(
          60,
          ['Dept. of Computing', 'Lakeshore University', 'Leeds, UK', 'ana@lakeshore.ac.uk'],
          58,
        ),
      ],
      [
        centred(170, ['Mei Hsu'], 44),
        centred(170, ['Edge Systems Lab', 'Institute of Science'], 58),
      ],
    ]
    const left = [120, 220].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [120, 220].map((y) => block(COLUMN_TEXT, 180, y))
    const page = [...right, ...authors.flatMap((own) => [...own].reverse()), title, ...left]
    expect(orderBlocks(page).blocks).toEqual([title, ...authors.flat(), ...left, ...right])
  })

  it('reads each author with the address centred under their name, before the columns', () => {
    const title = block(['A title that spans both of the columns below it, wide enough'], 10, 20)
    const authors = [block(['Anna Lindqvist'], 80, 40), block(['Tomasz Nowak'], 195, 40)]
    // Addresses in other type, wider than the names: each reaches over a column's edge.
    const mail = [block(['anna.lindqvist@lu.se'], 65, 54), block(['tomasz@uw.edu.pl'], 185, 54)]
    const left = [80, 180].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [80, 180].map((y) => block(COLUMN_TEXT, 180, y))
    const page = [
      mail[1],
      right[0],
      authors[1],
      left[0],
      title,
      mail[0],
      authors[0],
      left[1],
      right[1],
    ]
    expect(orderBlocks(page as Block[]).blocks).toEqual([
      title,
      authors[0],
      mail[0],
      authors[1],
      mail[1],
      ...left,
      ...right,
    ])
  })

  it('reads the second author beside the first, whose affiliation reaches over the gutter, before the columns', () => {
    const title = block(['A title that spans both of the columns below it, wide enough'], 10, 20)
    const authors = [
      block(['Anna Lindqvist', 'Nordic Institute of Computing'], 40, 40),
      block(['Tomasz Nowak', 'University of Lund'], 215, 40),
    ]
    const left = [80, 180].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [80, 180].map((y) => block(COLUMN_TEXT, 180, y))
    const page = [right[0], authors[1], left[0], title, authors[0], left[1], right[1]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([title, ...authors, ...left, ...right])
  })

  it('reads a heading at the foot of the left column after both columns, with the full-width text it opens', () => {
    const left = [60, 160].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [block(COLUMN_TEXT, 180, 60)]
    const heading = block(['4. Financial Position'], 10, 275)
    const text = block(['Full-width text under the heading, across both of the columns'], 10, 290)
    const page = [heading, right[0], left[1], text, left[0]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([...left, ...right, heading, text])
    // The column's last one-line paragraph, as far from its column as paragraphs are, stays in it.
    const last = block(['the column ends here.'], 10, 260)
    const under = block(['Full-width text under the columns, across both of them as well'], 10, 275)
    const ending = [last, right[0], left[1], under, left[0]] as Block[]
    expect(orderBlocks(ending).blocks).toEqual([...left, last, ...right, under])
  })

  it('reads a heading a little larger in a face of its own, at the foot of the left column, with the text it opens', () => {
    // A recipe printed by a browser: "METHOD" in 12 pt sans over steps in 10.5 pt serif, after a
    // list set in two columns; the heading's margin below is wider than an em of the text.
    const left = [60, 160].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [block(COLUMN_TEXT, 180, 60)]
    const heading = block(['METHOD'], 10, 285, { fontSize: 11.4, fontId: 'sans' })
    const steps = block(
      ['1. Heat the oil in a wide, heavy pan over medium heat and add the bread'],
      10,
      310,
    )
    const page = [heading, right[0], left[1], steps, left[0]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([...left, ...right, heading, steps])
  })

  it("reads a heading and a term's line under it, at the foot of the left column, with the text they open", () => {
    // A definition list after two columns: its heading, then its first term, then the term's
    // definition across the page.
    const left = [60, 160].map((y) => block(COLUMN_TEXT, 10, y))
    const right = [block(COLUMN_TEXT, 180, 60)]
    const heading = block(['3. Words you will meet'], 10, 275)
    const term = block(['Littoral zone'], 10, 289)
    const text = block(['The part of the shore between the highest and lowest tides'], 30, 302)
    const page = [heading, term, right[0], left[1], text, left[0]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([...left, ...right, heading, term, text])
  })

  it('reads each title of short blocks side by side with its block, but a table header across', () => {
    // Signature blocks: each party's title, a line to sign on, then its signatory.
    const titles = [
      block(['For Harbour Supplies Ltd'], 10, 200),
      block(['For the Council'], 200, 200),
    ]
    const signed = [
      block(['Name: Maria Jensen', 'Title: Director', 'Date: 2 March'], 10, 240),
      block(['Name: Tom Okafor', 'Title: Chief Executive', 'Date: 4 March'], 200, 240),
    ]
    expect(orderBlocks([...signed, ...titles]).blocks).toEqual([
      titles[0],
      signed[0],
      titles[1],
      signed[1],
    ])
    // A row going on in the same columns makes the titles a table's header, read across.
    const intro = block(['What college costs, item by item, in the table below.'], 10, 80)
    const header = [block(['Item'], 10, 100), block(['Description'], 120, 100)]
    const rows = [
      block(['Tuition'], 10, 116),
      block(['The cost of a course', 'varies from school to school.'], 120, 116),
      block(['Room and board'], 10, 150),
      block(['The cost of living', 'on the campus.'], 120, 150),
    ]
    expect(orderBlocks([...rows, ...header, intro]).blocks).toEqual([intro, ...header, ...rows])
  })

  it('reads the dates at the edge beside the lines of a section they stand level with', () => {
    // A résumé's degrees, each with its dates far right: the second degree's line joined the
    // block of the first degree's note.
    const first = block(['MSc Computer Science, University of Manchester'], 10, 100)
    const firstDates = block(['2016 - 2017'], 420, 100)
    const notes = block(
      [
        'Dissertation: view maintenance for graph queries.',
        'BSc Mathematics, Leeds',
        'First class.',
      ],
      10,
      112,
    )
    const secondDates = block(['2013 - 2016'], 420, 124)
    const section = block(['EDUCATION'], 10, 84, { fontSize: 12 })
    const next = block(['SKILLS'], 10, 160, { fontSize: 12 })
    const page = [secondDates, next, notes, firstDates, first, section]
    expect(orderBlocks(page).blocks).toEqual([section, first, firstDates, notes, secondDates, next])
  })

  it('reads three columns left to right', () => {
    const columns = [10, 170, 330].map((x) => block(COLUMN_TEXT, x, 60))
    expect(orderBlocks([columns[2], columns[0], columns[1]] as never).blocks).toEqual(columns)
  })

  it('reads a subtitle centred over three columns before them, but a heading atop the middle one in it', () => {
    const title = block(['A newsletter title that spans all three of the columns under it'], 10, 20)
    const subtitle = block(['Issue 47, Autumn 2026'], 190, 40)
    const columns = [10, 170, 330].map((x) => block(COLUMN_TEXT, x, 60))
    const page = [columns[1], subtitle, columns[2], title, columns[0]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([title, subtitle, ...columns])

    const heading = block(['Results'], 170, 40)
    const flush = [columns[2], heading, columns[1], title, columns[0]] as Block[]
    expect(orderBlocks(flush).blocks).toEqual([title, columns[0], heading, columns[1], columns[2]])
  })

  it('reads a title wider than the middle of three columns, and the date under it, before them', () => {
    const columns = [10, 170, 330].map((x) => block(COLUMN_TEXT, x, 60))
    // Centred on the page, reaching past both edges of the middle column into the gutters.
    const title = block(['The Parish News of Little Hampton'], 160, 20, { fontSize: 22 })
    const date = block(['November 2026'], 210, 40)
    const page = [columns[1], date, columns[2], title, columns[0]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([title, date, ...columns])
  })

  it('reads columns above a heading that stands alone across them before it, and those below after', () => {
    const upper = [10, 170, 330].map((x) => block(COLUMN_TEXT, x, 60))
    const heading = block(['What residents told us'], 10, 180, { fontSize: 16 })
    const lower = [10, 170, 330].map((x) => block(COLUMN_TEXT, x, 205))
    const page = [lower[2], upper[1], heading, lower[0], upper[0], upper[2], lower[1]] as Block[]
    expect(orderBlocks(page).blocks).toEqual([...upper, heading, ...lower])
    // A heading with the next column's text beside it belongs to its own column.
    const beside = block(COLUMN_TEXT.slice(0, 2), 170, 175)
    const columns = [upper[0], heading, lower[0], upper[1], beside, lower[1]] as Block[]
    expect(orderBlocks([...columns].reverse()).blocks).toEqual(columns)
    // Under the columns' ends, a heading over the last of the left column's text, with only a
    // page number in another column below it, is part of the left column.
    const folio = block(['1 of 2'], 200, 300)
    const foot = [upper[0], heading, lower[0], upper[1], folio, upper[2]] as Block[]
    expect(orderBlocks([...foot].reverse()).blocks).toEqual(foot)
    // Beside a figure in the next column, whose text resumes well below, the heading is part of
    // its own column.
    const resumed = block(COLUMN_TEXT, 170, 290)
    const figure = [upper[0], heading, lower[0], upper[1], resumed] as Block[]
    expect(orderBlocks([...figure].reverse()).blocks).toEqual(figure)
    // A heading that opens the middle column, its neighbours' text resuming as its own does,
    // heads that column: the left column is read whole first.
    const opening = block(['What residents told us'], 170, 180, { fontSize: 16 })
    const middle = [upper[0], lower[0], upper[1], opening, lower[1], upper[2], lower[2]] as Block[]
    expect(orderBlocks([...middle].reverse()).blocks).toEqual(middle)
  })

  it('reads a column of text before a chart beside it, however many labels the chart has', () => {
    const text = [60, 100, 140].map((y) => block(COLUMN_TEXT.slice(0, 3), 10, y))
    // Axis labels and a legend at the heights of the text's lines, then the chart's caption.
    const labels = ['25', '20', '15', '10', '5', 'Girls', 'Boys', 'Age', '0', '5', '10', '15']
    const chart = labels.map((label, i) => block([label], 170 + (i % 3) * 40, 60 + i * 8))
    const caption = block(COLUMN_TEXT.slice(0, 4), 170, 160)
    const order = orderBlocks([...chart, caption, ...text]).blocks
    expect(order.slice(0, 3)).toEqual(text)
    // The labels themselves may be read by the chart's own columns.
    expect(new Set(order.slice(3, -1))).toEqual(new Set(chart))
    expect(order.at(-1)).toBe(caption)
  })

  it('does not mistake a table-like grid of short cells for columns', () => {
    const cells = [0, 1, 2].flatMap((row) => [
      block([`Item ${row}`], 10, 60 + row * 14),
      block([`${row * 10}`], 200, 60 + row * 14),
    ])
    const order = orderBlocks(cells).blocks.map((b) => b.lines[0]?.text)
    expect(order).toEqual(['Item 0 0', 'Item 1 10', 'Item 2 20'])
  })

  it("reads a chart's sideways axis title apart from the rows of a table level with it", () => {
    // A paper's table in the left column, a chart in the right one, its y axis titled sideways
    // at its left, level with the table's rows.
    const small = { fontSize: 8.5 }
    const cells = [
      ['Python', '11', '118,430', '42'],
      ['JavaScript', '9', '97,215', '37'],
      ['Go', '6', '71,008', '55'],
      ['Rust', '5', '52,664', '61'],
    ].flatMap((row, r) =>
      row.map((cell, c) => block([cell], [64, 126, 167, 245][c] as number, 596 + 15 * r, small)),
    )
    const header = [
      block(['Language'], 62, 581, small),
      block(['Projects Pull requests'], 114, 581, small),
      block(['Median size (LOC)'], 214, 581, small),
    ]
    const prose = Array.from({ length: 10 }, () => 'a line of the paper that fills its column')
    const left = block(prose, 50, 430)
    const right = block(prose, 317, 430)
    const ticks = ['15%', '10%', '5%', '0%'].map((tick, r) =>
      block([tick], 344, 562 + 26 * r, { fontSize: 6.75 }),
    )
    const axis = block(['Defect-inducing PRs'], 275, 557, { fontSize: 7.5 })
    const along = { right: 282, bottom: 626 }
    Object.assign(axis, { sideways: true, ...along })
    Object.assign(axis.lines[0] as object, along)
    const order = orderBlocks([left, ...header, ...cells, right, axis, ...ticks]).blocks
    const texts = order.map((b) => b.lines.map((line) => line.text).join(' '))
    expect(texts.slice(0, 6)).toEqual([
      prose.join(' '),
      'Language Projects Pull requests Median size (LOC)',
      'Python 11 118,430 42',
      'JavaScript 9 97,215 37',
      'Go 6 71,008 55',
      'Rust 5 52,664 61',
    ])
    expect(texts).toContain('Defect-inducing PRs')
  })

  it('reads a sidebar and the letter beside it, then a story in two columns under a heading', () => {
    const box = Array.from({ length: 4 }, () => 'a line of the box')
    const title = block(['Friends of the Library: the newsletter of its members'], 10, 10, {
      fontSize: 20,
    })
    const sidebar = [
      block(['In this issue'], 10, 50),
      block(box, 10, 64),
      block(['Upcoming events'], 10, 130),
      block(box, 10, 144),
    ]
    const letter = [block(MAIN_TEXT, 120, 68), block(MAIN_TEXT.slice(0, 4), 120, 150)]
    const heading = block(['Winter book sale breaks records at the library this year'], 10, 220, {
      fontSize: 14,
    })
    // Balanced columns start together and end together.
    const story = [
      block(COLUMN_TEXT.slice(0, 4), 10, 250),
      block(COLUMN_TEXT.slice(0, 4), 10, 310),
      block(COLUMN_TEXT.slice(0, 5), 200, 250),
      block(COLUMN_TEXT.slice(0, 3), 200, 322),
    ]
    const page = [title, ...sidebar, ...letter, heading, ...story]
    expect(orderBlocks([...page].reverse()).blocks).toEqual(page)
  })

  it("reads a résumé's sidebar, then its main column, under a name and a title that reach into the gutter", () => {
    // Set large, both reach into the gutter, or across it.
    const wide = (text: string, top: number, fontSize: number, right: number) => {
      const title = block([text], 40, top, { fontSize })
      for (const part of [title, ...title.lines]) part.right = right
      return title
    }
    const name = wide('Lea Marchand', 58, 20, 205)
    const role = wide('Bilingual Customer Success Manager', 80, 14, 239)
    const sidebar = [
      block(['CONTACT'], 40, 107),
      block(
        ['Bordeaux, France (Gironde)', '+33 6 55 01 23 47 (mobile)', 'lea@mail.example'],
        40,
        121,
      ),
      block(['LANGUAGES'], 40, 165),
      block(['French, native speaker', 'English, C2 (fluent)', 'Spanish, B2 (working)'], 40, 179),
      block(['SKILLS'], 40, 223),
      block(['Salesforce and HubSpot', 'Customer onboarding', 'Workshop facilitation'], 40, 237),
    ]
    const text = 'managed the accounts of customers in France, Spain'
    const main = [
      block(['Profile'], 210, 109),
      block([text, text, text], 210, 123),
      block(['Experience'], 210, 179),
      block(['Senior Customer Success Manager'], 210, 195),
      block(['Mar 2021 - present'], 470, 195),
      block([text, text], 226, 229),
      block(['Customer Success Manager'], 210, 306),
      block(['Jan 2018 - Feb 2021'], 470, 306),
      block([text, text], 226, 340),
    ]
    const page = [name, role, ...sidebar, ...main]
    expect(orderBlocks([...page].reverse()).blocks).toEqual(page)
  })

  it("reads a web page's navigation, then its article, then the sidebar under the navigation's last item", () => {
    const at = (text: string, left: number, top: number, right: number) => {
      const b = block([text], left, top)
      for (const part of [b, ...b.lines]) part.right = right
      return b
    }
    const date = at('Tuesday, 12 March 2024', 256.7, 93.7, 355.3)
    const nav = at('Home News Business Sport Culture Opinion', 153.5, 111.7, 406.8)
    const weather = at('Weather', 421.8, 111.7, 458.5)
    const text = 'The council voted 31 to 9 on Tuesday to build a tram line'
    const article = [
      at('City council approves new tram line', 50.2, 168.7, 389.1),
      block([text, text, text], 50.2, 238.5),
      at('Construction timeline', 50.2, 309, 223.7),
      block([text, text, text], 50.2, 342),
    ]
    const sidebar = [
      at('Most read', 439.5, 139.5, 485.6),
      block(['Bakery on Mill Street closes', 'after 90 years'], 439.5, 163.5),
      block(['Heatwave warning', 'extended to Sunday'], 439.5, 202.5),
      block(['Local team reaches cup', 'final'], 439.5, 241.5),
      at('Latest', 439.5, 280.5, 468.2),
      block(['Road works on the ring', 'road end early'], 439.5, 305.2),
      block(['Library extends opening', 'hours'], 439.5, 344.2),
    ]
    for (const part of article.slice(1)) if (part.lines.length > 1) part.right = 415.5
    const page = [date, nav, weather, ...article, ...sidebar]
    expect(orderBlocks([...page].reverse()).blocks).toEqual(page)
  })

  it('reads a numbered list set in two columns down each column, its items level though they stand', () => {
    // An article's lead beside a photograph's caption, its text across the page, then its lists.
    const lead = block(
      Array(4).fill('The lead of the article runs on beside a photograph of it'),
      45,
      300,
    )
    const caption = block(['The track by the bridge,', 'seen from the south'], 400, 320)
    const full = 'The track is four metres wide and lit all the way round, with benches'
    const text = block([full, full, full], 45, 480)
    const seeAlso = [
      block(['See also'], 45, 560),
      block(['- Cycling in Russia', '- The embankment'], 66, 580),
    ]
    const item = (n: number, left: number, top: number) =>
      block(
        [`${n}. A reference to a source of the article, its`, 'journal and its year, 2023.'],
        left,
        top,
      )
    const notes = [block(['Notes'], 45, 632), ...[1, 2, 3].map((n) => item(n, 66, 631 + 26 * n))]
    const more = [4, 5, 6].map((n) => item(n, 320, 553 + 26 * n))
    const page = [lead, caption, text, ...seeAlso, ...notes, ...more]
    expect(orderBlocks([...page].reverse()).blocks).toEqual(page)
  })

  it('reads a sidebar beside the text after the text, not row by row with it', () => {
    // Sidebar lines at their own baselines (offset from the main text's by 5 pt).
    const { main, sidebar } = textBesideSidebar(65, 135)
    expect(orderBlocks([sidebar[0], main[0], sidebar[1], main[1]]).blocks).toEqual([
      ...main,
      ...sidebar,
    ])
  })

  it("reads a recipe's ingredients, then its steps beside them, though all lines share one grid", () => {
    // Items of one or two lines at 12 pt, steps of two or three beside them on the same lines.
    const items = [
      [['800 g ripe tomatoes,', 'halved'], 213],
      [['1 red onion, cut into', 'wedges'], 237],
      [['3 garlic cloves,', 'unpeeled'], 261],
      [['2 tbsp olive oil'], 285],
      [['150 g red lentils,', 'rinsed'], 297],
      [['1 litre vegetable stock'], 321],
    ] as const
    const ingredients = items.map(([texts, y]) => block([...texts], 76, y))
    const step = 'Heat the oven and spread the tomatoes in a tin'
    const steps = [
      block([step, step, step], 253, 213),
      block([step, step], 253, 249),
      block([step, step, step], 253, 273),
      block([step, step, step], 253, 309),
    ]
    const page = [...ingredients, ...steps]
    expect(orderBlocks([...page].reverse()).blocks).toEqual(page)
  })

  it("reads a sidebar after the text though half its lines share the text's baselines", () => {
    // The same line height from the same top: the first box stands level with the text, the
    // second starts 10 pt above the text's next paragraph.
    const { main, sidebar } = textBesideSidebar(60, 140)
    expect(orderBlocks([sidebar[0], main[0], sidebar[1], main[1]]).blocks).toEqual([
      ...main,
      ...sidebar,
    ])
  })

  it('reads a sidebar whole where the next paragraph wraps round its foot, and the heading over that paragraph after it', () => {
    // A report page: a floated "Key facts" box beside the text; the next section's heading
    // stands level with the box's source line, and its first paragraph starts beside that line,
    // then runs on under the box at full width.
    const { main, sidebar } = textBesideSidebar(65, 135)
    const source = block(['Source: counters'], 330, 232)
    const heading = block(['3.1 Who is cycling'], 10, 225, { fontSize: 12 })
    const paragraph = block(
      [
        'One of the stated aims of the programme',
        'was to broaden the range of people who feel able to cycle, which the survey bears out',
        'for women and for children riding to school, though not yet for older riders.',
      ],
      10,
      240,
    )
    const page = [sidebar[0], main[0], heading, source, sidebar[1], main[1], paragraph]
    expect(orderBlocks(page).blocks).toEqual([...main, ...sidebar, source, heading, paragraph])
  })

  it('reads the whole of a main column that runs on below its sidebar before the sidebar', () => {
    const { main, sidebar } = textBesideSidebar(65, 135)
    // The text's last paragraph, below the sidebar's end, has nothing beside it.
    const last = block(MAIN_TEXT, 10, 240)
    expect(sidebar[1].bottom).toBeLessThan(last.top)
    expect(orderBlocks([sidebar[0], main[0], sidebar[1], main[1], last]).blocks).toEqual([
      ...main,
      last,
      ...sidebar,
    ])
    // Ragged text: the last paragraph's longest line reaches a little further than those above.
    const longer = block([...MAIN_TEXT, `${MAIN_TEXT[0]} too`], 10, 240)
    expect(orderBlocks([sidebar[0], main[0], sidebar[1], main[1], longer]).blocks).toEqual([
      ...main,
      longer,
      ...sidebar,
    ])
  })

  it('reads a running head and its page number first, above the columns', () => {
    const head = block(['Annual report 2021'], 10, 20)
    const number = block(['14'], 300, 20)
    const left = block(COLUMN_TEXT, 10, 60)
    const right = block(COLUMN_TEXT, 180, 60)
    expect(orderBlocks([left, right, number, head]).blocks).toEqual([head, number, left, right])
  })

  it("reads each panel's heading at the top of the page with its panel, not all of them first", () => {
    // A brochure's three panels, each under a heading level with the others.
    const heads = [10, 170, 330].map((x, i) => block([`Panel ${i + 1}`], x, 20, { fontSize: 14 }))
    const panels = [10, 170, 330].map((x) => block(COLUMN_TEXT, x, 60))
    const page = [heads[0], panels[0], heads[1], panels[1], heads[2], panels[2]] as Block[]
    expect(orderBlocks([...page].reverse()).blocks).toEqual(page)
  })

  it('reads a stamp set sideways along the margin before the page, not inside a column', () => {
    const sideways = (text: string, top: number, height: number) =>
      block([text], 0, top + 10, {
        left: 0,
        right: 10,
        top,
        bottom: top + height,
        sideways: true,
      })
    const title = block(['A title that spans both of the columns below it, wide enough'], 30, 20)
    const left = [block(COLUMN_TEXT.slice(0, 4), 30, 60), block(COLUMN_TEXT.slice(4), 30, 120)]
    const right = block(COLUMN_TEXT, 200, 60)
    const stamp = sideways('arXiv:2312.15166v2 [cs.CL] 29 Dec 2023', 100, 120)
    const page = [...left, right, stamp, title]
    expect(orderBlocks(page).blocks).toEqual([stamp, title, ...left, right])
    // A short credit beside a photo is no stamp: it is read where it stands.
    const credit = sideways('Photo: A. Person', 100, 30)
    expect(orderBlocks([...left, right, credit, title]).blocks[0]).toBe(title)
  })

  it('reads the columns above a full-width caption before the ones below it', () => {
    const four = COLUMN_TEXT.slice(0, 4)
    const upperLeft = [block(four, 10, 60), block(four, 10, 120)]
    const upperRight = block(COLUMN_TEXT, 180, 60)
    const caption = block(
      ['Figure 2. A caption as wide as the two columns of the page above'],
      10,
      170,
    )
    // Below the caption the gutter lies elsewhere: none runs down the whole page.
    const wider = Array.from({ length: 8 }, () => 'column text that fills a wider line there')
    const lowerLeft = block(wider, 10, 200)
    const lowerRight = block(COLUMN_TEXT, 250, 200)
    const { blocks } = orderBlocks([lowerRight, caption, upperRight, lowerLeft, ...upperLeft])
    expect(blocks).toEqual([...upperLeft, upperRight, caption, lowerLeft, lowerRight])
  })

  it("reads an invoice's details beside its sender before the items' header row, and each item's cells after it", () => {
    // Chromium's print of an invoice: sender and customer on the left, the details on the
    // right, then the items, whose header's first cell falls in the left column and whose first
    // description wraps, its other cells centred on its two lines.
    const box = (texts: string[], left: number, top: number, right: number, bottom: number) => {
      const b = block(texts, left, top + 10, { fontSize: 12 })
      const pitch = (bottom - top) / texts.length
      b.lines.forEach((line, i) => {
        Object.assign(line, { left, right, top: top + i * pitch, bottom: top + (i + 1) * pitch })
        line.baseline = line.bottom - 3
      })
      return Object.assign(b, { left, top, right, bottom })
    }
    const page = [
      box(['INVOICE'], 70, 70, 172, 96),
      box(
        ['Acme Consulting Ltd', '12 High Street', 'Cambridge CB2 1TN', 'United Kingdom'],
        70,
        105,
        174,
        151,
      ),
      box(['Bill to:'], 70, 171, 107, 182),
      box(
        ['Northwind Traders', 'Attn: Accounts Payable', '500 Market Road', 'Leeds LS1 4DY'],
        70,
        182,
        185,
        227,
      ),
      box(
        [
          'Invoice number: INV-2026-0042',
          'Invoice date: 28 November 2026',
          'Due date: 28 December 2026',
          'Customer ID: C-1187',
        ],
        313,
        73,
        534,
        139,
      ),
      box(['Description'], 73, 252, 151, 266),
      box(['Qty'], 378, 252, 402, 266),
      box(['Unit', 'price'], 408, 245, 442, 274),
      box(['Amount'], 478, 252, 531, 266),
      box(
        ['Strategy workshop (two days, on site, including', 'preparation and report)'],
        73,
        281,
        359,
        309,
      ),
      box(['2 £1,200.00 £2,400.00'], 394, 287, 539, 301),
      box(['Data audit 1 £850.00 £850.00'], 73, 316, 539, 330),
      box(['Travel expenses 1 £142.50 £142.50'], 73, 337, 539, 351),
      box(['Subtotal £3,392.50'], 357, 366, 538, 380),
      box(['VAT (20%) £678.50'], 357, 386, 538, 400),
      box(['Total due £4,071.00'], 357, 407, 538, 421),
      box(
        [
          'Payment by bank transfer to Acme Consulting Ltd, sort code 20-00-00,',
          'quoting the invoice number.',
        ],
        70,
        434,
        525,
        457,
      ),
    ]
    const texts = (blocks: Block[]) => blocks.map((b) => b.lines[0]?.text)
    expect(texts(orderBlocks([...page].reverse()).blocks)).toEqual(texts(page))
  })
})
