import { describe, expect, it } from 'vitest'
import { continuesParagraph } from './paragraph-continuation.js'
import { block } from './test-helpers.js'
import type { Line } from './types.js'

/** Two lines of prose as wide as each other: a paragraph that fills its measure. */
const FULL = [
  'the surveyors walked the north shore at low',
  'water and counted every pool they found and',
]

describe('continuesParagraph', () => {
  it('joins a paragraph cut mid-sentence at a page break, and one cut by a gap in its column', () => {
    const cut = block(FULL, 72, 700)
    expect(continuesParagraph(cut, block(['measured its depth.'], 72, 80, { page: 2 }))).toBe(true)
    expect(continuesParagraph(cut, block(['measured its depth.'], 72, 740))).toBe(true)
  })

  it('joins a paragraph cut before a quotation that opens the next page', () => {
    const cut = block(FULL, 72, 700)
    const quoted = block(["'mother orchards' planted on farms."], 72, 80, { page: 2 })
    expect(continuesParagraph(cut, quoted)).toBe(true)
  })

  it('ends a lone line at a page foot that left room for the first word overleaf', () => {
    const enclosure = block(['Enc. Ombudsman leaflet'], 65, 780)
    const copy = block(['cc. Sister J. Pryce, Ward Manager, C23'], 65, 97, { page: 2 })
    expect(continuesParagraph(enclosure, copy)).toBe(false)
    // A lone line that ran to the measure of the text overleaf goes on.
    const cut = block(['the surveyors walked the north shore at low water and'], 65, 780)
    expect(continuesParagraph(cut, block(FULL, 65, 97, { page: 2 }))).toBe(true)
  })

  it("joins a column's lone last line, full, to the next column's paragraph", () => {
    // Two columns of one measure: the left one ends on a paragraph's first line.
    const lone = block(['In some embodiments, the load transient is a step'], 43, 780)
    const next = block(
      [
        'change in charging current requested by an off-',
        'board charger at the start of a fast charge.',
      ],
      311,
      60,
    )
    expect(continuesParagraph(lone, next)).toBe(true)
  })

  it("keeps an index's entries apart across a gap or a break, though they start in lowercase", () => {
    const entry = block(['justices, 44, 180'], 51, 128)
    expect(continuesParagraph(entry, block(['keelmen, 18, 196'], 51, 148))).toBe(false)
    expect(continuesParagraph(entry, block(['docks, 225-231'], 51, 80, { page: 2 }))).toBe(false)
    // Prose that ends a line on a figure goes on.
    const prose = block(['the harbour was dredged in 1998, 2004, 2012'], 51, 700)
    expect(continuesParagraph(prose, block(['and again last year.'], 51, 80, { page: 2 }))).toBe(
      true,
    )
  })

  it('joins a justified paragraph that fills its column to the end, after a full stop too', () => {
    // Justified lines all end at the measure; a paragraph's own last line is set short.
    const full = block([...FULL, 'and the tides rose higher than ever before.'], 72, 600)
    const next = (first: string, x = 72) => {
      const column = block([first, 'recorded by the volunteers of the survey.'], 300, 80)
      column.lines[0] = { ...(column.lines[0] as (typeof column.lines)[number]), left: x }
      column.left = Math.min(x, 300)
      return column
    }
    expect(continuesParagraph(full, next('Coastal wetlands store carbon', 300))).toBe(true)
    // A new paragraph at the column's top shows its indent.
    expect(continuesParagraph(full, next('Coastal wetlands store carbon', 315))).toBe(false)
    // A short last line ended the paragraph.
    const ended = block([...FULL, 'the tides were higher.'], 72, 600)
    expect(continuesParagraph(ended, next('Coastal wetlands store carbon', 300))).toBe(false)
    // Rows of codes of one width end level, but are no prose.
    const codes = block(
      ['96401 96402 96405 96406', '96409 96411 96413 96415', '96416 96417 96420 9642'],
      72,
      600,
    )
    expect(continuesParagraph(codes, next('Nonchemotherapy Injections', 300))).toBe(false)
  })

  it('joins a paragraph cut before a name or a figure, after a word no sentence ends on', () => {
    const cut = block(
      ['This Agreement shall be governed by and construed', 'in accordance with the law of'],
      72,
      700,
    )
    const overleaf = (texts: string[]) => block(texts, 72, 80, { page: 2 })
    expect(continuesParagraph(cut, overleaf(['England and Wales.']))).toBe(true)
    expect(
      continuesParagraph(
        cut,
        overleaf(['Clause 10 sets out how notices', 'are to be served on either party.']),
      ),
    ).toBe(true)
    // What interrupts the paragraph at the top of the page: a table's header row, a figure's
    // label, a centred title.
    expect(continuesParagraph(cut, overleaf(['Loops Trees Traces Aborts Speedup']))).toBe(false)
    expect(continuesParagraph(cut, overleaf(['Facsimile 10']))).toBe(false)
    const title = overleaf(['An Overview of the Acceptance Model:', 'Origins and Directions'])
    ;(title.lines[1] as (typeof title.lines)[number]).left = 110
    expect(continuesParagraph(cut, title)).toBe(false)
    // A table's column of "Y" is no Spanish "and", and a list item is no paragraph.
    expect(
      continuesParagraph(
        block(['Foreign ownership of land', 'Y'], 72, 700),
        overleaf(['England and Wales.']),
      ),
    ).toBe(false)
    expect(
      continuesParagraph({ ...cut, kind: 'list-item' }, overleaf(['England and Wales.'])),
    ).toBe(false)
  })

  it('joins a paragraph cut at a full line before a name that opens the next column', () => {
    const cut = block([...FULL, 'decided to invest in offshore wind in the North'], 72, 600)
    const column = block(
      ['Sea, grid-scale storage and the repowering of', 'our oldest onshore sites.'],
      300,
      80,
    )
    expect(continuesParagraph(cut, column)).toBe(true)
    // A line that left room for the next word ended its paragraph, and so did a sentence whose
    // note number follows its full stop.
    const short = block([...FULL, 'decided to invest in the North'], 72, 600)
    expect(continuesParagraph(short, column)).toBe(false)
    const noted = block([...FULL, 'and oil revenues for the state increased.150'], 72, 600)
    expect(continuesParagraph(noted, column)).toBe(false)
  })

  it("joins a paragraph's one indented line at a page's foot to the lines that go on overleaf", () => {
    const cut = block(['River restoration emerged as a practice in Europe and North'], 122, 700, {
      fontSize: 12,
    })
    cut.lines[0] = { ...(cut.lines[0] as (typeof cut.lines)[number]), right: 524.2 }
    cut.right = 524.2
    const overleaf = block(
      [
        'America during the 1980s, although rivers were mended long',
        'before then, reach by reach, by local enthusiasm.',
      ],
      99.3,
      80,
      { page: 2, fontSize: 12 },
    )
    overleaf.right = 524.6
    expect(continuesParagraph(cut, overleaf)).toBe(true)
    // A line that left room for the next page's first word ended its paragraph.
    const short = block(['River restoration emerged in Europe and North'], 122, 700, {
      fontSize: 12,
    })
    expect(continuesParagraph(short, overleaf)).toBe(false)
  })

  it("joins a numbered clause cut at a page's foot to its lines overleaf, under the clause's text", () => {
    // The clause's number hangs at 70.9, its text at 104.9; its last two lines fill the measure.
    const clause = block(
      [
        '5.1 Each party undertakes that it shall not at any time during this',
        'Agreement disclose to any person any Confidential',
      ],
      70.9,
      740,
      { fontSize: 11 },
    )
    const [number, wrap] = clause.lines as [Line, Line]
    number.right = 524
    wrap.left = 104.9
    wrap.right = 524
    clause.right = 524
    const overleaf = block(
      ['Information of the other party, except as permitted by clause', '5.2 or by law.'],
      104.9,
      80,
      { page: 2, fontSize: 11 },
    )
    expect(continuesParagraph(clause, overleaf)).toBe(true)
  })

  it('joins a reference cut after a comma to the year that opens the next page', () => {
    const cut = block(
      [
        '[2] C. Wang and E. Garcia. Latency bounds for duty-cycled',
        'protocols. IEEE Trans. Mobile Computing 20(4):1123-1137,',
      ],
      72,
      700,
    )
    expect(continuesParagraph(cut, block(['2022.'], 72, 80, { page: 2 }))).toBe(true)
    // After a full stop, a figure opens something new.
    const closed = block(['[2] C. Wang and E. Garcia. Latency bounds. 2022.'], 72, 700)
    expect(continuesParagraph(closed, block(['2023 was a dry year.'], 72, 80, { page: 2 }))).toBe(
      false,
    )
  })

  it('joins Chinese cut mid-sentence at a page break, but not after its full stop', () => {
    const cut = block(['本报告描述了该地区二〇二五年的用水情况，并比较了不同'], 72, 700)
    const next = block(['街区的用水量和成本。'], 72, 80, { page: 2 })
    expect(continuesParagraph(cut, next)).toBe(true)
    const closed = block(['本报告描述了该地区二〇二五年的用水情况。'], 72, 700)
    expect(continuesParagraph(closed, next)).toBe(false)
    // A running head's title and its chapter stand on one row: two texts, not one sentence.
    const title = block(['城市社区居家养老服务发展报告'], 62, 60)
    expect(continuesParagraph(title, block(['第三章 主要发现'], 475, 60))).toBe(false)
  })

  it('joins Korean cut mid-sentence at a page break, but not after its full stop', () => {
    const cut = block(
      ['그는 배 안에서 오래 기다렸지만 아무도 그가 찾던 사람에 대해 말하지'],
      72,
      700,
    )
    const next = block(['않는다고 했다.'], 72, 80, { page: 2 })
    expect(continuesParagraph(cut, next)).toBe(true)
    const closed = block(['그는 배 안에서 오래 기다렸다.'], 72, 700)
    expect(continuesParagraph(closed, next)).toBe(false)
  })

  it('keeps the lines of a letter apart: its signature, its "cc:" and its "encl:" lines', () => {
    const signature = block(['Jane Harper', 'Head of Estates'], 250, 513)
    const copy = block(['cc: Harbour Master'], 72, 549)
    const enclosure = block(['encl: Schedule of fees 2027'], 72, 570)
    // "cc:" starts left of the signature; "encl:" would have fitted after "Harbour Master".
    expect(continuesParagraph(signature, copy)).toBe(false)
    expect(continuesParagraph(copy, enclosure)).toBe(false)
  })
  it("keeps a table's rows apart, though the next starts in lowercase", () => {
    const row = (text: string, y: number) => {
      const cells = block([text], 182, y)
      const line = cells.lines[0]
      if (line) line.cellStarts = [285]
      return cells
    }
    const first = row('concurrency 1 Jobs a worker runs at once', 100)
    expect(continuesParagraph(first, row('retryLimit 3 Attempts before a job fails', 122))).toBe(
      false,
    )
    expect(continuesParagraph(first, block(['retryLimit sets the attempts.'], 182, 122))).toBe(true)
  })
})
