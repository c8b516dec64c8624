import { describe, expect, it } from 'vitest'
import { classifyBlocks, type OutlineEntry, plainText } from './classify.js'
import { buildElements } from './elements.js'
import { collectSpellings } from './join-lines.js'
import { block, page } from './test-helpers.js'
import { measureText } from './text-statistics.js'
import type { Block, Line, PageLayout } from './types.js'

/** Centres each line of a block on one axis, as a title broken for balance is set. */
function centred(b: Block, centre: number): Block {
  for (const line of b.lines) {
    const width = line.right - line.left
    line.left = centre - width / 2
    line.right = centre + width / 2
  }
  b.left = Math.min(...b.lines.map((line) => line.left))
  b.right = Math.max(...b.lines.map((line) => line.right))
  return b
}

/** Classifies one page on its own, as a one-page document. */
function classifyPage(layout: PageLayout, outline: OutlineEntry[] = []): void {
  classifyBlocks([layout], measureText([layout]), outline)
}

const kinds = (layout: PageLayout) => layout.blocks.map((b) => [b.kind, b.level])

const BODY = [
  'body text that goes on for a while and fills the line',
  'and continues on a second line of the same paragraph',
]

describe('classifyBlocks', () => {
  it("takes a heading in capitals over a subheading in italics, in the body's size, for a heading", () => {
    // A patent's "DETAILED DESCRIPTION", centred, then "Polyester Resin" in italics over its text.
    const layout = page([
      centred(block(['SUMMARY OF THE INVENTION'], 0, 100), 300),
      block(BODY, 10, 120),
      centred(block(['DETAILED DESCRIPTION'], 0, 160), 300),
      block(['Polyester Resin'], 10, 180, { fontId: 'italic' }),
      block(BODY, 10, 200),
      block(BODY, 10, 240),
    ])
    classifyPage(layout)
    expect(kinds(layout).map(([kind]) => kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'heading',
      'paragraph',
      'paragraph',
    ])
  })

  it('ranks larger short blocks as headings by size and leaves body text as paragraphs', () => {
    const layout = page([
      block(['Annual report'], 10, 100, { fontSize: 24 }),
      block(['Results'], 10, 150, { fontSize: 16 }),
      block(BODY, 10, 200),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => [b.kind, b.level])).toEqual([
      ['heading', 1],
      ['heading', 2],
      ['paragraph', undefined],
    ])
  })

  it("takes a poster's column titles side by side for headings, over a list and a figure alike", () => {
    const title = { fontSize: 16, fontId: 'f2' }
    const layout = page([
      block(['Background'], 10, 100, title),
      block(['Design'], 330, 100, title),
      block(['• Only 61% of students continue to the second course'], 10, 125),
      block(['• Attrition is highest among first-generation students'], 10, 140),
      block(['• Peer-led tutoring is cheap but rarely evaluated'], 10, 155),
      // The figure's caption, under the figure, stands well under its title.
      block(['Figure 1. Cohorts and intervention timing.'], 400, 200),
      block(BODY, 10, 260),
      block(BODY, 330, 260),
    ])
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map(plainText)).toEqual([
      'Background',
      'Design',
    ])
  })

  it("takes a section's title set smaller than the text, right over its first subsection's, for a heading", () => {
    // Elsevier sets its headings at 9 pt over 10 pt text.
    const section = { fontSize: 9, fontId: 'f5' }
    const layout = page([
      block(['1 Introduction'], 10, 100, section),
      block(BODY, 10, 115),
      block(['2 Study area and data'], 10, 150, section),
      block(['2.1 Catchments'], 10, 165, { fontSize: 9, fontId: 'f6', italic: true }),
      block(['The 27 catchments drain boreal forest and mire in the north of', 'Sweden.'], 10, 180),
    ])
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map(plainText)).toEqual([
      '1 Introduction',
      '2 Study area and data',
      '2.1 Catchments',
    ])
  })

  it("takes a key figure set large over its label for no heading, but a section's title for one", () => {
    const layout = page([
      block(['£1.42bn'], 10, 100, { fontSize: 24 }),
      block(['revenue in the year'], 10, 130),
      block(['Results'], 10, 170, { fontSize: 16 }),
      block(BODY, 10, 200),
    ])
    classifyPage(layout)
    expect(kinds(layout)).toEqual([
      ['paragraph', undefined],
      ['paragraph', undefined],
      ['heading', 1],
      ['paragraph', undefined],
    ])
  })

  it('takes a line that runs on from a lead-in in a face of its own into body text for no heading', () => {
    const leadIn = () => block(['Clinical Pilates builds deep'], 10, 100, { fontId: 'f3' })
    const layoutOf = (first: Block) => page([first, block(BODY, 10, 112)])
    const runsOn = leadIn()
    ;(runsOn.lines[0] as Line).endFontId = 'f1'
    const headed = layoutOf(leadIn())
    const led = layoutOf(runsOn)
    classifyPage(headed)
    classifyPage(led)
    expect(headed.blocks[0]?.kind).toBe('heading')
    expect(led.blocks[0]?.kind).not.toBe('heading')
  })

  it("takes an interview's long question in its questions' type for a heading like the short ones", () => {
    // A browser's bold, its weight unknown: a font of its own.
    const question = { fontId: 'f3' }
    const layout = page([
      block(['How did you start?'], 10, 100, question),
      block(BODY, 10, 116),
      block(
        ['What would you say to someone considering a career in engineering?'],
        10,
        160,
        question,
      ),
      block(BODY, 10, 176),
    ])
    classifyPage(layout)
    expect(kinds(layout).map(([kind]) => kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'paragraph',
    ])
  })

  it("takes a press release's headline in capitals, centred over two lines, for a heading", () => {
    const headline = centred(
      block(
        [
          'CRESTLINE OUTDOOR BRANDS REPORTS THIRD QUARTER FISCAL 2025',
          'RESULTS; RAISES FULL-YEAR EARNINGS GUIDANCE',
        ],
        0,
        160,
        { fontId: 'f2' },
      ),
      306,
    )
    const layout = page([block(BODY, 10, 100), headline, block(BODY, 10, 200)])
    classifyPage(layout)
    expect(layout.blocks[1]?.kind).toBe('heading')
  })

  it('takes a mail or web address set large for no heading', () => {
    const layout = page([
      block(BODY, 10, 100),
      block(['ayesha.rahman@example.com'], 10, 160, { fontSize: 12, fontId: 'f2' }),
      block(BODY, 10, 180),
      block(['www.example.org/membership'], 10, 240, { fontSize: 12, fontId: 'f2' }),
      block(BODY, 10, 260),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).not.toContain('heading')
  })

  it('takes a title that ends with a company\'s "Inc." for a heading, a sentence for none', () => {
    const kindOf = (title: string) => {
      const layout = page([
        block(BODY, 10, 100),
        block([title], 10, 160, { fontSize: 12, fontId: 'f2' }),
        block(BODY, 10, 180),
      ])
      classifyPage(layout)
      return layout.blocks[1]?.kind
    }
    expect(kindOf('About Crestline Outdoor Brands, Inc.')).toBe('heading')
    expect(kindOf('Sales rose in every region.')).toBe('paragraph')
  })

  it('keeps a sentence set larger at the top of a page a paragraph when it ends citing a note', () => {
    // A paragraph carried over from the page before, set a size above the page's captions and
    // labels, ends "focus.⁷³": the raised mark does not make its full stop a heading's last word.
    const carried = block(
      [
        'two meetings are related to the initial meeting of the review and as a particular',
        'human rights focus.73',
      ],
      72,
      100,
      { fontSize: 12 },
    )
    ;(carried.lines[1] as Line).citedMarks = ['73']
    const layout = page([
      carried,
      block(['Diagram 2 Participation of institutions in the meetings of 2021'], 72, 300),
      block(BODY, 72, 400),
      block(['Government', 'Other state institutions', 'Civil society'], 300, 500),
    ])
    classifyPage(layout)
    expect(layout.blocks[0]?.kind).toBe('paragraph')
  })

  it("keeps a paper's authors, set larger under its title and over their affiliation, a paragraph", () => {
    const paper = (names: string, affiliation: string[]) =>
      page([
        block(['Lightweight State-of-Charge Estimation for Lithium-Ion Cells'], 72, 60, {
          fontSize: 20,
        }),
        block([names], 150, 100, { fontSize: 12 }),
        block(affiliation, 120, 120),
        block(BODY, 72, 160),
      ])
    const authors = paper('Marta Oyelaran, Kenji Hollis, and Dara Ní Bhriain', [
      'Department of Electrical Engineering, University of Carrick Bay',
    ])
    classifyPage(authors)
    expect(kinds(authors)).toEqual([
      ['heading', 1],
      ['paragraph', undefined],
      ['paragraph', undefined],
      ['paragraph', undefined],
    ])
    // The same line over no affiliation is a section's title.
    const section = paper('Planning, Design, and Construction', BODY)
    classifyPage(section)
    expect(section.blocks[1]?.kind).toBe('heading')
  })

  it("reads a line lettered in a face of its own over its text as a subsection's title", () => {
    // A policy's "a. Medical Center Director" under "5. Responsibilities", both in its bold face;
    // a list lettered in that face whose last item stands over text keeps that item in its list.
    const title = { fontId: 'f2' }
    const layout = page([
      block(['5. Responsibilities'], 72, 100, title),
      block(['a. Medical Center Director'], 90, 130, title),
      block(BODY, 108, 160),
      block(['c. Principal Investigator'], 90, 200, title),
      block(['1) Since R&D Service cannot, by law, maintain "blanket" registration'], 126, 230),
      block(['2) Federal Registration: Principal Investigators are responsible'], 126, 250),
      block(['a. Storage'], 90, 290, title),
      block(['b. Disposal'], 90, 305, title),
      block(BODY, 90, 330),
    ])
    classifyPage(layout)
    expect(kinds(layout)).toEqual([
      ['heading', 1],
      ['heading', 2],
      ['paragraph', undefined],
      ['heading', 2],
      ['list-item', undefined],
      ['list-item', undefined],
      ['list-item', undefined],
      ['list-item', undefined],
      ['paragraph', undefined],
    ])
    // A note's subheading in italics, lettered in brackets: "(a) Right-of-use assets".
    // Under a numbered one in bold, it stands a level deeper.
    const note = page([
      block(['Note 12 - Leases'], 68, 100, { fontSize: 12, fontId: 'f2' }),
      block(BODY, 68, 130),
      block(['12.1 The Group as lessee'], 68, 170, { fontId: 'f4', bold: true }),
      block(BODY, 68, 190),
      block(['(a) Right-of-use assets'], 68, 230, { fontId: 'f3', italic: true }),
      block(BODY, 68, 250),
      block(['(b) Lease liabilities'], 68, 290, { fontId: 'f3', italic: true }),
      block(BODY, 68, 310),
    ])
    classifyPage(note)
    expect(kinds(note)).toEqual([
      ['heading', 1],
      ['paragraph', undefined],
      ['heading', 2],
      ['paragraph', undefined],
      ['heading', 3],
      ['paragraph', undefined],
      ['heading', 3],
      ['paragraph', undefined],
    ])
  })

  it('reads the lines of a title block under the title as paragraphs, not as sections', () => {
    const layout = page([
      centred(block(['Getting Started with Tidewater'], 0, 100, { fontSize: 17 }), 300),
      centred(block(['Tidewater Developers'], 0, 130, { fontSize: 12 }), 300),
      centred(block(['2026-02-01'], 0, 150, { fontSize: 12 }), 300),
      block(['Installation'], 10, 190, { fontSize: 14 }),
      block(BODY, 10, 215),
    ])
    classifyPage(layout)
    expect(kinds(layout)).toEqual([
      ['heading', 1],
      ['paragraph', undefined],
      ['paragraph', undefined],
      ['heading', 2],
      ['paragraph', undefined],
    ])
    // A centred heading with running text of its own under it heads a section.
    const subtitled = page([
      centred(block(['Getting Started with Tidewater'], 0, 100, { fontSize: 17 }), 300),
      centred(block(['Before you begin'], 0, 130, { fontSize: 12 }), 300),
      block(BODY, 10, 150),
      block(['Installation'], 10, 190, { fontSize: 14 }),
      block(BODY, 10, 215),
    ])
    classifyPage(subtitled)
    expect(kinds(subtitled).map(([kind]) => kind)).toEqual([
      'heading',
      'heading',
      'paragraph',
      'heading',
      'paragraph',
    ])
    // A paper's author and date over its abstract, whose centred title is set in the text's
    // size: the sections come after the abstract.
    const paper = page([
      centred(block(['Salt Marsh Recovery after Dredging'], 0, 100, { fontSize: 17 }), 300),
      centred(block(['Ines Varga'], 0, 130, { fontSize: 12 }), 300),
      centred(block(['November 2026'], 0, 160, { fontSize: 12 }), 300),
      centred(block(['Abstract'], 0, 190, { fontSize: 10, fontId: 'f2' }), 300),
      block(BODY, 40, 210),
      block(['1 Introduction'], 10, 250, { fontSize: 14 }),
      block(BODY, 10, 275),
    ])
    classifyPage(paper)
    expect(kinds(paper).map(([kind]) => kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'heading',
      'paragraph',
    ])
  })

  it("reads neither a paper's affiliations nor a displayed formula as headings", () => {
    // The affiliations open with raised marks, smaller and in italics, over the abstract; the
    // formula stands alone in italics between two paragraphs.
    const affiliations = centred(
      block(['University of Lagos KAIST'], 0, 112, { fontSize: 9, fontId: 'f3', italic: true }),
      300,
    )
    ;(affiliations.lines[0] as Line).openingMark = '1'
    const layout = page([
      centred(block(['Energy-Aware Sampling for Sensor Networks'], 0, 80, { fontSize: 17 }), 300),
      centred(block(['Maria Okonkwo, Jun Park, and Lena Fischer'], 0, 98, { fontSize: 11 }), 300),
      affiliations,
      block(
        [
          'Abstract. Sampling less often saves the battery of every node',
          'in the network over deployments that last for several years.',
        ],
        300 - 62 * 2.5,
        130,
        { fontSize: 9 },
      ),
      block(['1 Introduction'], 10, 170, { fontSize: 11, bold: true }),
      block(BODY, 10, 190),
      centred(
        block(['E(t) = Ps · ts + Ptx · ttx (1)'], 0, 225, { fontId: 'f3', italic: true }),
        300,
      ),
      block(BODY, 10, 245),
    ])
    classifyPage(layout)
    expect(kinds(layout).map(([kind]) => kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it("reads an algorithm's numbered line with its keywords in bold as no heading, a section's large one as one", () => {
    const layout = page([
      block(['2: Current economic conditions'], 10, 40, { fontSize: 13, fontId: 'f3' }),
      block(BODY, 10, 60),
      block(['4: x ← x + step(k)'], 10, 100),
      block(['5: end for'], 10, 112, { bold: true, fontId: 'f2' }),
      block(BODY, 10, 130),
    ])
    classifyPage(layout)
    expect(kinds(layout).map(([kind]) => kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it('takes a body-size block low on the page that opens with a mark cited above for a note', () => {
    /** Prose citing `cited`, and at `top` a block of the same type opening with `mark`. */
    const notePage = (cited: string, mark: string, top: number) => {
      const prose = block(['Leakage fell by 11 percent compared with 2024.'], 72, 300)
      ;(prose.lines[0] as Line).citedMarks = [cited]
      const note = block([`${mark} Leakage is measured as a rolling average.`], 72, top)
      ;(note.lines[0] as Line).openingMark = mark
      const layout = page([prose, note])
      classifyPage(layout)
      return layout.blocks.map((b) => b.kind)
    }
    expect(notePage('1', '1', 700)).toEqual(['paragraph', 'footnote'])
    // A mark nothing above cites, or a block high on the page, opens no note.
    expect(notePage('2', '1', 700)).toEqual(['paragraph', 'paragraph'])
    expect(notePage('1', '1', 400)).toEqual(['paragraph', 'paragraph'])
  })

  it('nests numbered headings by their numbering across type sizes near the body size', () => {
    // A browser's h2 (11 pt bold) and h3 (10 pt bold italic) over 10 pt text: both sizes rank
    // alike, the numbering tells them apart.
    const layout = page([
      block(['Energy-Aware Sampling'], 10, 60, { fontSize: 17, bold: true }),
      block(['3 Method'], 10, 100, { fontSize: 11, bold: true, fontId: 'f2' }),
      block(['3.1 Sampling policy'], 10, 120, { bold: true, italic: true, fontId: 'f3' }),
      block(BODY, 10, 140),
      block(['3.2 Scheduling'], 10, 200, { bold: true, italic: true, fontId: 'f3' }),
      block(BODY, 10, 220),
      block(['4 Results'], 10, 280, { fontSize: 11, bold: true, fontId: 'f2' }),
      block(BODY, 10, 300),
    ])
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map((b) => b.level)).toEqual([
      1, 2, 3, 3, 2,
    ])
  })

  it('reads the small print a heading right above heads as its section, not as notes', () => {
    const small = { fontSize: 8.5 }
    const layout = page([
      block(BODY, 10, 600),
      block(['References'], 10, 740, { fontSize: 15, fontId: 'f2' }),
      block(['1. Environment Agency (2019). Catchment data explorer.'], 30, 756, small),
    ])
    classifyPage(layout)
    expect(kinds(layout).map(([kind]) => kind)).toEqual(['paragraph', 'heading', 'list-item'])
    // Without the heading, small print at the page's foot that opens with a mark is a note.
    const notes = page([block(BODY, 10, 600), layout.blocks[2] as Block])
    ;(notes.blocks[1] as Block).kind = 'paragraph'
    classifyPage(notes)
    expect(kinds(notes).map(([kind]) => kind)).toEqual(['paragraph', 'footnote'])
  })

  it('reads a small numbered line low on the page over text in body type as no note', () => {
    const small = { fontSize: 8.5 }
    const layout = page([
      block(
        ['body text that goes on for a while and fills the line', 'and runs on to the'],
        10,
        500,
      ),
      block(['3 Borrowing in the financial year ending March 2025'], 10, 640, {
        ...small,
        bold: true,
        fontId: 'f2',
      }),
      block(['next section of the text, which opens its first line', 'and goes on.'], 10, 656),
      block(['1 Comparisons are made on a like-for-like basis.'], 10, 760, small),
    ])
    classifyPage(layout)
    // Notes are read after the body: the numbered line stays where it stands, a note moves last.
    expect(layout.blocks.map((b) => [b.kind, plainText(b).slice(0, 12)])).toEqual([
      ['paragraph', 'body text th'],
      ['paragraph', '3 Borrowing '],
      ['paragraph', 'next section'],
      ['footnote', '1 Comparison'],
    ])
  })

  it("ranks numbered headings set alike by their numbering, an appendix's under its letter", () => {
    const layout = page([
      block(['Making Pictures'], 10, 60, { fontSize: 24 }),
      block(['1. Introduction'], 10, 100, { fontSize: 14 }),
      block(BODY, 10, 130),
      block(['1.1. Why pictures?'], 10, 200, { fontSize: 14 }),
      block(BODY, 10, 230),
      block(['1.1.1. Boxes'], 10, 300, { fontSize: 14 }),
      block(BODY, 10, 330),
      block(['2. Invoking'], 10, 400, { fontSize: 14 }),
      block(BODY, 10, 430),
      block(['A.1 Sagebrush sites'], 10, 500, { fontSize: 14 }),
      block(BODY, 10, 530),
      block(['A.1.2 Soil cores'], 10, 600, { fontSize: 14 }),
      block(BODY, 10, 630),
    ])
    classifyPage(layout)
    expect(
      layout.blocks.filter((b) => b.kind === 'heading').map((b) => [plainText(b), b.level]),
    ).toEqual([
      ['Making Pictures', 1],
      ['1. Introduction', 2],
      ['1.1. Why pictures?', 3],
      ['1.1.1. Boxes', 4],
      ['2. Invoking', 2],
      ['A.1 Sagebrush sites', 3],
      ['A.1.2 Soil cores', 4],
    ])
  })

  it("takes IEEE's section title in small capitals, its numeral without a point, for a heading", () => {
    const layout = page([
      block(BODY, 10, 60),
      centred(block(['I INTRODUCTION'], 0, 100, { fontSize: 9 }), 150),
      block(BODY, 10, 120),
      block(BODY, 10, 160),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
    ])
    // Centred on its column over its first subsection's title, set flush left.
    const subsection = page([
      block(BODY, 50.4, 560),
      centred(block(['II BACKGROUND AND MOTIVATION'], 0, 613, { fontSize: 9 }), 182.7),
      block(['A Delay-Based Transport'], 50.4, 627, { fontSize: 9, fontId: 'italic' }),
      block(BODY, 50.4, 640),
      block(BODY, 50.4, 680),
    ])
    classifyPage(subsection)
    expect(subsection.blocks[1]?.kind).toBe('heading')
  })

  it('takes a title in capitals broken on an open word, double-spaced, for one heading', () => {
    const layout = page([
      centred(block(['METHOD AND SYSTEM FOR PREDICTING REMAINING USEFUL LIFE OF A'], 0, 95), 300),
      centred(block(['CONVEYOR BELT FROM SPLICE TEMPERATURE SIGNATURES'], 0, 109), 300),
      block(BODY, 10, 140),
      block(BODY, 10, 180),
    ])
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map((b) => plainText(b))).toEqual([
      'METHOD AND SYSTEM FOR PREDICTING REMAINING USEFUL LIFE OF A CONVEYOR BELT FROM SPLICE TEMPERATURE SIGNATURES',
    ])
  })

  it('heads a chapter with its number set large over its title', () => {
    const layout = page([
      block(['1'], 500, 60, { fontSize: 60 }),
      block(['Experimental Setup'], 10, 130, { fontSize: 24 }),
      block(BODY, 10, 170),
      block(BODY, 10, 210),
    ])
    classifyPage(layout)
    expect(kinds(layout)).toEqual([
      ['heading', 1],
      ['paragraph', undefined],
      ['paragraph', undefined],
    ])
    expect(plainText(layout.blocks[0] as Block)).toBe('1 Experimental Setup')
  })

  it('takes levels from the outline when a block matches an entry', () => {
    const layout = page([block(['Scope'], 10, 150), block(BODY, 10, 200)])
    classifyPage(layout, [{ title: 'Scope', depth: 2 }])
    expect(layout.blocks[0]).toMatchObject({ kind: 'heading', level: 2 })
  })

  it('ranks a heading the outline leaves out below the outline headings set larger', () => {
    const layout = page([
      block(['Handbook'], 10, 60, { fontSize: 20 }),
      block(['Glossary'], 10, 100, { fontSize: 14 }),
      block(BODY, 10, 130),
      block(['Core hours'], 10, 200, { fontSize: 11.5 }),
      block(BODY, 10, 230),
    ])
    classifyPage(layout, [
      { title: 'Handbook', depth: 1 },
      { title: 'Glossary', depth: 2 },
    ])
    expect(
      layout.blocks.filter((b) => b.kind === 'heading').map((b) => [plainText(b), b.level]),
    ).toEqual([
      ['Handbook', 1],
      ['Glossary', 2],
      ['Core hours', 3],
    ])
  })

  it('recognises list items, captions and footnotes, and moves footnotes after the body', () => {
    const layout = page([
      block(['1 A note at the foot of the page.'], 10, 700, { fontSize: 7 }),
      block(['• first point'], 10, 100),
      block(['Figure 3. Rainfall by month'], 10, 300),
      block(BODY, 10, 400),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'list-item',
      'caption',
      'paragraph',
      'footnote',
    ])
  })

  it('takes small print that cuts a paragraph from its continuation for a note without a mark', () => {
    const columns = (resumes: string) =>
      page([
        block(
          ['Dynamic languages are popular. They are used for', 'small scripts as well as large'],
          10,
          560,
        ),
        block(
          ['Permission to make digital copies of this work', 'is granted without fee.'],
          10,
          700,
          { fontSize: 7 },
        ),
        block([resumes, 'and it goes on in the second column of the page'], 310, 100),
      ])
    const cut = columns('complex applications in the browser, and the text')
    classifyPage(cut)
    expect(cut.blocks.map((b) => [b.kind, b.lines[0]?.text.slice(0, 12)])).toEqual([
      ['paragraph', 'Dynamic lang'],
      ['paragraph', 'complex appl'],
      ['footnote', 'Permission t'],
    ])
    // A new paragraph in the next column: the small print may be anything, and stays put.
    const whole = columns('Compilers rely on type information, and the text')
    classifyPage(whole)
    expect(whole.blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph'])
  })

  it("takes a code listing's or an algorithm's label for a caption, not a sentence naming one", () => {
    const layout = page([
      block(['Listing 1: Original batching code (simplified).'], 10, 100),
      block(['Algorithm 2 Greedy matching'], 10, 200, { fontId: 'bold' }),
      block(['Listing 1 shows the batching code that every request thread ran.'], 10, 300),
      block(BODY, 10, 400),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'caption',
      'caption',
      'paragraph',
      'paragraph',
    ])
  })

  it("takes a German or a Spanish report's figure and table labels for captions", () => {
    const layout = page([
      block(['Abbildung 3: Schematische Darstellung der Messstellen'], 10, 100),
      block(['Tabla 2. Consumo anual por hogar'], 10, 200),
      block(BODY, 10, 400),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['caption', 'caption', 'paragraph'])
  })

  it('takes an appendix figure or table label for a caption, however large it is set', () => {
    const layout = page([
      block(['Table A4-12. Projected Average Volume Server UEC by Space Type'], 10, 100, {
        fontSize: 14,
      }),
      block(['Figure A1: Density Function Financial Losses'], 10, 300, { fontSize: 14 }),
      block(BODY, 10, 400),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['caption', 'caption', 'paragraph'])
  })

  it('takes a sentence that opens with a figure word for a paragraph, not a caption', () => {
    const layout = page([
      block(['Table six shows the results of the survey for each region.'], 10, 100),
      block(['Table 1 lists the limits that change in this release.'], 10, 150),
      block(['Graph axis labels are set in the body type of the document.'], 10, 200),
      block(BODY, 10, 300),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it('reads a list of lines as one paragraph a line, but keeps a title broken over lines whole', () => {
    const layout = page([
      block(['Clinical Guidance', 'For The Assessment of Bed Rails', 'In Hospitals'], 10, 60, {
        fontSize: 18,
      }),
      block(BODY, 10, 200),
      block(['American Health Care Association of the States', 'AARP', 'ECRI'], 10, 300),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => [b.kind, b.lines.length])).toEqual([
      ['heading', 3],
      ['paragraph', 2],
      ['paragraph', 1],
      ['paragraph', 1],
      ['paragraph', 1],
    ])
  })

  it("opens a note with its number when the number stands a tab apart, but joins no table's figures", () => {
    const small = (texts: string[], x: number, y: number) => block(texts, x, y, { fontSize: 7 })
    const layout = page([
      block(BODY, 10, 560),
      small(['24 For more details, see the survey.'], 300, 640),
      small(['25'], 300, 660),
      small(['Khawlah M. Manna, Al-Sadu in Qatar.'], 315, 660),
      small(['167'], 300, 700),
      small(['18.87'], 315, 700),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => [b.kind, plainText(b)])).toEqual([
      ['paragraph', BODY.join(' ')],
      ['paragraph', '167'],
      ['paragraph', '18.87'],
      ['footnote', '24 For more details, see the survey.'],
      ['footnote', '25 Khawlah M. Manna, Al-Sadu in Qatar.'],
    ])
  })

  it("takes a slide's last numbered point low on the page for an item, not a note", () => {
    const slide = { fontSize: 28 }
    const first = page([
      block(
        Array.from({ length: 12 }, () => BODY[0] as string),
        40,
        100,
        slide,
      ),
    ])
    const point = (text: string, y: number) => block([text], 42, y, { fontSize: 22.7 })
    const second = page(
      [
        point('1. Describe the two stages of photosynthesis', 410),
        point('2. Explain how the light reactions make ATP', 440),
        point('3. Trace a carbon atom through the Calvin cycle', 470),
        point('4. Compare C3, C4 and CAM plants and their climates', 500),
      ],
      2,
    )
    classifyBlocks([first, second], measureText([first, second]), [])
    expect(second.blocks.map((b) => b.kind)).not.toContain('footnote')
  })

  it("reads the rest of a note broken over a page with the note, in the note's type and no mark", () => {
    const note = { fontSize: 8 }
    const body = (n: number) => block([...BODY, ...BODY, ...BODY], 57, 100, { page: n })
    const first = page([
      body(1),
      block(
        [
          '2 Basic service as defined by the Joint Monitoring Programme: an improved source',
          'with a collection time of no more than 30 minutes for a round trip, including the',
        ],
        57,
        740,
        note,
      ),
    ])
    const rest = block(['time spent queuing at the source.'], 68, 740, { ...note, page: 2 })
    const next = block(['3 Monitoring data were verified on a sample.'], 57, 760, {
      ...note,
      page: 2,
    })
    const second = page([body(2), rest, next], 2)
    classifyBlocks([first, second], measureText([first, second]), [])
    expect([rest.kind, rest.continuesNote, next.kind]).toEqual(['footnote', true, 'footnote'])
    const notes = buildElements([first, second], collectSpellings([])).filter(
      (element) => element.type === 'footnote',
    )
    expect(notes.map((element) => element.text)).toEqual([
      '2 Basic service as defined by the Joint Monitoring Programme: an improved source with a collection time of no more than 30 minutes for a round trip, including the time spent queuing at the source.',
      '3 Monitoring data were verified on a sample.',
    ])
  })

  it("takes a title's note marked with a star at the page's foot for a footnote", () => {
    const layout = page([
      block([...BODY, ...BODY], 10, 100),
      block(['⋆ This article is part of a special issue on cold regions.'], 10, 740, {
        fontSize: 7,
      }),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['paragraph', 'footnote'])
  })

  it('takes notes giving web addresses in typewriter type for footnotes, not code', () => {
    const small = { fontSize: 7, monospace: true }
    const layout = page([
      block(
        ['1 https://example.org/single-precision', '2 https://example.org/double'],
        10,
        700,
        small,
      ),
      block(['3 https://huggingface.co/upstage/', 'SOLAR-10.7B-v1.0'], 10, 740, small),
      block([...BODY, ...BODY], 10, 100),
      block(['for (i = 0; i < n; i++)', '  total += values[i]'], 10, 300, small),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'code',
      'footnote',
      'footnote',
      'footnote',
    ])
  })

  it('takes a line of code in typewriter type among prose for no heading, unless set in display type', () => {
    const layout = page([
      block(BODY, 10, 100),
      block(['BEGIN'], 10, 200, { monospace: true }),
      block(BODY, 10, 230),
      block(['Version ::= INTEGER'], 10, 330, { monospace: true, fontSize: 11.5 }),
      block(BODY, 10, 360),
      block(['pdfx extract'], 10, 460, { monospace: true, fontSize: 20 }),
      block(BODY, 10, 500),
    ])
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map(plainText)).toEqual([
      'pdfx extract',
    ])
  })

  it('takes bulleted lines in typewriter type for list items, and lines opened by hyphens for code', () => {
    const mono = { monospace: true, fontId: 'f2' }
    const layout = page([
      block([BODY[0] as string, 'install one of the following packages:'], 10, 100),
      block(['\u2022 libfoo-dev', '\u2022 libfoo-tools', '\u2022 python3-foo'], 30, 130, mono),
      block([BODY[0] as string, 'and the configuration reads:'], 10, 180),
      block(['exporters:', '  - type: ndjson', '  - type: csv'], 30, 210, mono),
      block(BODY, 10, 260),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'list-item',
      'paragraph',
      'code',
      'paragraph',
    ])
  })

  it('takes a lone typewriter line for code where it reads as a command or a sentence ending in a colon leads into it, but not an address', () => {
    const mono = { monospace: true, fontId: 'f2' }
    const layout = page([
      block([BODY[0] as string, 'read the log with the following command:'], 10, 100),
      block(['journalctl --user -u tidewater-sync -n 50'], 10, 140, mono),
      block([BODY[0] as string, 'write to the maintainers at:'], 10, 170),
      block(['help@tidewater.example'], 10, 210, mono),
      block(BODY, 10, 240),
      block(['version 3.2 of the program'], 10, 280, mono),
      block(BODY, 10, 310),
      block(['relay work --queue emails --concurrency 4'], 10, 350, mono),
      block(BODY, 10, 380),
      // A call or an assignment reads as code too.
      block(["streamkit.io.verify_archive(path, *, jobs=1, on_error='raise')"], 10, 420, mono),
      block(BODY, 10, 450),
      block(['resp = client.get(url, timeout=120.0)'], 10, 490, mono),
      block(BODY, 10, 520),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'code',
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
      'code',
      'paragraph',
      'code',
      'paragraph',
      'code',
      'paragraph',
    ])
  })

  it('takes a place and date set flush right under a preface for a line, not a heading', () => {
    const prose = block(
      ['words of the preface that fill the line to its right edge', ...BODY],
      10,
      100,
    )
    for (const part of [prose, ...prose.lines]) part.right = 300
    // Set a size up from the body, as the body of a book's front matter is small print.
    const dated = block(['Haverfordwest, January 2024'], 165, 160, { fontSize: 12 })
    for (const part of [dated, ...dated.lines]) part.right = 299
    const layout = page([prose, dated, block(BODY, 10, 200)])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph'])
    // Flush left over text, such a line heads it.
    const headed = page([
      prose,
      block(['Haverfordwest, January 2024'], 10, 160, { fontId: 'italic' }),
      block(BODY, 10, 200),
    ])
    classifyPage(headed)
    expect(headed.blocks.map((b) => b.kind)).toEqual(['paragraph', 'heading', 'paragraph'])
  })

  it("takes a transcript's speaker and time over each turn for no heading", () => {
    const label = { fontSize: 10.5, fontId: 'bold', bold: true }
    const turn = (name: string, time: string, y: number) => [
      block([`${name} ${time}`], 10, y, label),
      block(BODY, 10, y + 16, { fontSize: 11 }),
    ]
    const layout = page([
      ...turn('Priya Nair', '0:00', 100),
      ...turn('Tom Becker', '0:09', 200),
      ...turn('Priya Nair', '01:12:45', 300),
    ])
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading')).toEqual([])
  })

  it("reads a newspaper's headlines side by side as headings, and no byline as one", () => {
    // Narrow columns run four words or so to a line.
    const column = Array.from({ length: 6 }, () => 'harbour festival library vote')
    const head = { fontSize: 20, fontId: 'f2', bold: true }
    const byline = { fontSize: 8, fontId: 'f3', italic: true }
    const layout = page([
      block(['Council votes to repair the', 'old bridge before winter'], 42, 135, head),
      block(['By Staff Reporter'], 42, 169, byline),
      block(column, 42, 182),
      block(['Ferry timetable cut for', 'the season'], 330, 135, head),
      block(['By Ana Lima and Tomas Berg'], 330, 169, byline),
      block(column, 330, 182),
    ])
    classifyPage(layout)
    expect(kinds(layout).map(([kind]) => kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
    ])
    // A byline alone over its story, smaller and in a face of its own, credits it.
    const story = page([
      block(['Library extends weekend hours'], 42, 135, head),
      block(['By Staff Reporter'], 42, 150, byline),
      block(
        [
          'The library will open on Saturdays and Sundays',
          'from next month, the council said on Friday.',
        ],
        42,
        162,
        { fontSize: 9 },
      ),
    ])
    classifyPage(story)
    expect(kinds(story).map(([kind]) => kind)).toEqual(['heading', 'paragraph', 'paragraph'])
    // So does a report's credit, at the body's size in italics.
    const report = page([
      block(['Business investment since the pandemic'], 42, 135, head),
      block(['Prepared by Lucía Ferrer Ortega and Jan-Willem de Groot'], 42, 160, {
        fontId: 'f3',
        italic: true,
      }),
      block(BODY, 42, 180),
    ])
    classifyPage(report)
    expect(kinds(report).map(([kind]) => kind)).toEqual(['heading', 'paragraph', 'paragraph'])
  })

  it('reads a title set large as a heading beside a box of smaller type on its lines', () => {
    const layout = page([
      block(['Riverside Folk &', 'Roots Festival'], 40, 88, { fontSize: 52, fontId: 'f2' }),
      block(['12-14'], 455, 81, { fontSize: 26, fontId: 'f2' }),
      block(['JULY 2024'], 465, 97, { fontSize: 11, fontId: 'f3' }),
      block(BODY, 40, 190),
    ])
    // Lines of the title block stand 12 pt apart in the helper: spread them as set.
    const title = layout.blocks[0] as Block
    const second = title.lines[1] as Line
    second.baseline = 137
    second.top = 137 - 41.6
    second.bottom = 137 + 10.4
    title.bottom = second.bottom
    classifyPage(layout)
    expect(kinds(layout)[0]).toEqual(['heading', 1])
  })

  it('takes a remark in brackets under a title for no heading, however large', () => {
    const layout = page([
      block(['STATE-WISE COMPOSITION OF LIABILITIES'], 10, 100, { fontSize: 14, fontId: 'f2' }),
      block(['(As at end-March)'], 10, 120, { fontSize: 14, fontId: 'f2' }),
      block(BODY, 10, 150),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'paragraph'])
  })

  it('takes a quotation set large between paragraphs for a pull quote, not a heading', () => {
    const layout = page([
      block(BODY, 10, 100),
      block(['"The light does not need us. But the rock would miss us."'], 10, 200, {
        fontSize: 15,
        italic: true,
        fontId: 'f3',
      }),
      block(['"Keepers" of the light'], 10, 240, { fontSize: 15, fontId: 'f2' }),
      block(BODY, 10, 270),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
    ])
  })

  it("takes a changelog's release versions for headings, though they hold no letters", () => {
    const layout = page([
      block(['[5.0.0] - 2024-04-02'], 10, 100, { fontSize: 16 }),
      block(BODY, 10, 130),
      block(['4.9.2'], 10, 170, { fontSize: 16 }),
      block(BODY, 10, 200),
      block(['2,418'], 10, 240, { fontSize: 16 }),
      block(BODY, 10, 270),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it('takes a quotation set as the headline over its story for a heading', () => {
    const layout = page([
      block(['WORKPLACE · Q&A'], 10, 40, { fontSize: 9, fontId: 'f2' }),
      block(["\u201cPeople didn't miss the desk. They missed each other.\u201d"], 10, 70, {
        fontSize: 30,
        fontId: 'f3',
      }),
      block(BODY, 10, 130),
      block(BODY, 10, 170),
    ])
    classifyPage(layout)
    expect(layout.blocks[1]?.kind).toBe('heading')
  })

  it("takes the name that signs a letter off, over the signer's title and date, for no heading", () => {
    const name = () => block(['Richard Pemberton-Hale'], 10, 200, { fontId: 'f2' })
    const signed = page([
      block(BODY, 10, 150),
      name(),
      block(['Chairman', '5 March 2024'], 10, 230),
      block(['1 Adjusted operating profit excludes amortisation.'], 10, 300, { fontSize: 8 }),
    ])
    // A person's name heads a profile that follows in the text's own type.
    const profile = page([
      block(BODY, 10, 150),
      name(),
      block(['Chairman', 'since 2019'], 10, 230),
      block(BODY, 10, 270),
    ])
    classifyPage(signed)
    classifyPage(profile)
    expect(signed.blocks[1]?.kind).toBe('paragraph')
    expect(profile.blocks[1]?.kind).toBe('heading')
  })

  it("takes an epigraph's attribution wrapped flush right for a paragraph, no dashed item", () => {
    const attribution = block(
      ['— Agnes Wirth, Notes on the Admiralty', 'Surveys (1911)'],
      204.7,
      277,
    )
    const [first, second] = attribution.lines as [Line, Line]
    Object.assign(second, { left: first.right - 64.6, right: first.right })
    const layout = page([
      block(
        ['The map is not the territory, but it is very', 'often the only territory.'],
        185,
        250,
      ),
      attribution,
      block(BODY, 65, 330),
    ])
    classifyPage(layout)
    expect(layout.blocks[1]?.kind).toBe('paragraph')
  })

  it('takes the halves of a pull quote broken across columns for no headings', () => {
    const quote = { fontSize: 13, italic: true, fontId: 'f3' }
    const layout = page([
      block(BODY, 10, 100),
      block(['"We have waited long', 'enough. People want to'], 10, 200, quote),
      block(['walk to the station', 'again."'], 320, 100, quote),
      block(BODY, 320, 150),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it("takes a pull quote in any language's quotation marks for no heading, whole or broken over lines", () => {
    const quote = { fontSize: 15, italic: true, fontId: 'f3' }
    const layout = page([
      block(BODY, 10, 100),
      block(['\u00abМы впервые видим, как была устроена жизнь\u00bb.'], 10, 200, quote),
      block(BODY, 10, 240),
      block(['\u201cWe are not trying to replace lithium'], 10, 300, quote),
      block(['where it matters.\u201d'], 10, 330, quote),
      block(BODY, 10, 370),
    ])
    classifyPage(layout)
    expect(layout.blocks.every((b) => b.kind === 'paragraph')).toBe(true)
  })

  it("takes a heading for one, level by chance with a paragraph's last line in the column beside", () => {
    const head = { fontId: 'f2' }
    const text = [...BODY, ...BODY]
    const inColumn = (b: Block, left: number) => Object.assign(b, { columnLeft: left })
    const layout = page([
      inColumn(block(text, 40, 76), 40),
      inColumn(block(['and the plots were sampled twice.'], 40, 124), 40),
      inColumn(block(text, 40, 140), 40),
      inColumn(block(text, 320, 56), 320),
      inColumn(block(['3 Results'], 320, 124, head), 320),
      inColumn(block(text, 320, 140), 320),
    ])
    classifyPage(layout)
    expect(layout.blocks[4]?.kind).toBe('heading')
  })

  it('takes a line left at the foot of a column for a heading when its text opens the next column', () => {
    const layout = page([
      block(BODY, 40, 100),
      block(BODY, 40, 600),
      block(['What happens next'], 40, 700, { fontId: 'f2' }),
      block(BODY, 320, 100),
      block(BODY, 320, 300),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
    ])
  })

  it('takes a source set in towards the right for no heading, but a line centred on the page for one', () => {
    const layout = page([
      block(BODY, 40, 100),
      block(['Reference: Coding Clinic, Fourth Quarter 2003'], 250, 140, { fontId: 'f2' }),
      block(BODY, 40, 200),
      centred(block(['Acknowledgement of Responsibility'], 0, 260, { fontId: 'f2' }), 300),
      block(BODY, 40, 300),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
    ])
    // A right-to-left heading stands flush right, far in from the text's left edge.
    const rtl = block(['דוח שנתי'], 250, 140, { fontId: 'f2' })
    ;(rtl.lines[0] as Line).rtl = true
    const hebrew = page([block(BODY, 40, 100), rtl, block(BODY, 40, 200)])
    classifyPage(hebrew)
    expect(hebrew.blocks.map((b) => b.kind)).toEqual(['paragraph', 'heading', 'paragraph'])
  })

  it("takes a table's header row in a font of its own for no heading when fast reads the rows as text", () => {
    const withCells = (b: Block, cellStarts: number[]) => {
      ;(b.lines[0] as Line).cellStarts = cellStarts
      return b
    }
    const layout = page([
      block(BODY, 58, 100),
      withCells(block(['Tree Height Leaf'], 58, 200, { fontId: 'f2' }), [149, 209]),
      withCells(block(['London plane 30 m Lobed'], 58, 220), [149, 209]),
      withCells(block(['Norway maple 20 m Lobed, pointed'], 58, 240), [149, 209]),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it("makes headings of a brochure's panel titles set side by side over their panels", () => {
    // Three panels, each titled level with the others: a paragraph under the first, a list and
    // then a paragraph under the second, an address and then a paragraph under the third.
    const head = (text: string, x: number) => block([text], x, 20, { fontSize: 14, fontId: 'f2' })
    const narrow = ['the text of a panel runs on for a', 'few lines in a narrow column']
    const layout = page([
      head('About the clinic', 10),
      block(narrow, 10, 45),
      head('Our services', 200),
      block(['• General consultations'], 210, 45),
      block(['• Minor surgery'], 210, 57),
      block(narrow, 200, 75),
      head('Contact us', 390),
      block(['12 River Lane', 'Millbrook MB4 2XY'], 390, 45),
      block(narrow, 390, 75),
    ])
    classifyPage(layout)
    const headings = layout.blocks.filter((b) => b.kind === 'heading').map(plainText)
    expect(headings).toEqual(['About the clinic', 'Our services', 'Contact us'])
  })

  it("reads the employer under a job's title on a résumé as a line of it, not a heading", () => {
    // The title in bold, its dates beside it, the employer in italics on the next line.
    const layout = page([
      block(BODY, 57, 100),
      block(['Senior Data Engineer'], 57, 200, { fontId: 'bold' }),
      block(['2021 - present'], 470, 200, { fontId: 'bold' }),
      block(['Northwind Traders, London'], 57, 213, { fontId: 'italic' }),
      block(['• Led the migration of forty nightly batch jobs to a streaming platform.'], 70, 228),
      block(['• Designed the event schema registry and its review process.'], 70, 241),
      block(BODY, 57, 270),
    ])
    classifyPage(layout)
    expect(layout.blocks.slice(1, 4).map((b) => [plainText(b), b.kind])).toEqual([
      ['Senior Data Engineer', 'heading'],
      ['2021 - present', 'paragraph'],
      ['Northwind Traders, London', 'paragraph'],
    ])
  })

  it('takes a table cell that wraps, its row centred on it, for no heading', () => {
    // An invoice's items in 12 pt under 10 pt text: a header cell and a description wrap over
    // two lines, the row's other cells set level with the middle of the two.
    const header = { fontSize: 12, fontId: 'f2' }
    const cell = { fontSize: 12 }
    const layout = page([
      block(BODY, 70, 100),
      block(['Description'], 73, 262, header),
      block(['Qty'], 378, 262, header),
      block(['Unit', 'price'], 408, 256, header),
      block(['Amount'], 478, 262, header),
      block(
        ['Strategy workshop (two days, on site, including', 'preparation and report)'],
        73,
        292,
        cell,
      ),
      block(['2 £1,200.00 £2,400.00'], 394, 298, cell),
      block(['Data audit 1 £850.00 £850.00'], 73, 325, cell),
      block(BODY, 70, 400),
    ])
    classifyPage(layout)
    const wrapped = layout.blocks.filter((b) => b.lines.length === 2 && b.fontSize === 12)
    expect(wrapped.map((b) => [plainText(b), b.kind])).toEqual([
      ['Unit price', 'paragraph'],
      ['Strategy workshop (two days, on site, including preparation and report)', 'paragraph'],
    ])
  })

  it("takes a slide's numbered points set a size up in the body's font for items, not headings", () => {
    const point = (text: string, y: number, bold = false) =>
      block([text], 10, y, { fontSize: 12, bold })
    const sub = (text: string, y: number) => block([`• ${text}`], 30, y)
    const layout = page([
      block(BODY, 10, 40),
      point('1. Q1: failover design and pricing research', 120),
      point('2. Q2: onboarding beta', 140),
      sub('invite fifty customers', 158),
      sub('weekly feedback calls', 172),
      point('3. Q3: general availability', 190),
      block(BODY, 10, 220),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'list-item',
      'list-item',
      'list-item',
      'list-item',
      'list-item',
      'paragraph',
    ])
    // Set in bold, a numbered title over items heads its section.
    const titled = page([
      block(BODY, 10, 40),
      point('2. Methods', 120, true),
      sub('sampling', 140),
      block(BODY, 10, 170),
    ])
    classifyPage(titled)
    expect(titled.blocks[1]?.kind).toBe('heading')
  })

  it('takes a row of asterisks between scenes for a break, not a list item', () => {
    const layout = page([
      block(BODY, 10, 100),
      block(['* * *'], 200, 200),
      block(['• Milk and bread'], 10, 230),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'list-item'])
  })

  it('takes a quotation\'s attribution, a dashed "ENDS" and a "cc." line for lines, not list items', () => {
    const layout = page([
      block(['"We put the people who use our buses first."'], 60, 100),
      block(['\u2014 Karen Olowe, Chief Executive'], 60, 114),
      block(BODY, 10, 140),
      block(['- ENDS -'], 200, 200),
      block(['cc. Sister J. Pryce, Ward Manager'], 10, 230),
      block(['\u2014 Pas du tout.'], 10, 260),
      block(['\u2014 Alors, venez.'], 10, 274),
      block(['iv. The fourth point'], 10, 300),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
      // Lines of dialogue one under the other are opened alike.
      'list-item',
      'list-item',
      'list-item',
    ])
  })

  it('takes a numbered line in a type of its own for an item where the next number follows it', () => {
    const math = { fontId: 'math' }
    const layout = page([
      block(BODY, 10, 60),
      block(['Algorithm 1: MarkSlice(B)'], 10, 100),
      block(['1. scanned \u2190 0'], 24, 120, math),
      block(['2. while grey is not empty and scanned < B do'], 24, 138),
      block(['3. return grey'], 24, 156),
      block(BODY, 10, 190),
    ])
    classifyPage(layout)
    expect(layout.blocks.slice(2, 5).map((b) => b.kind)).toEqual([
      'list-item',
      'list-item',
      'list-item',
    ])
  })

  it("takes a numbered title at the page's foot, its text overleaf, for a heading like the others", () => {
    const title = { fontId: 'bold' }
    const footer = block(['Page 1'], 280, 790, { kind: 'footer' })
    const layout = page([
      block(['3. Duties'], 10, 100, title),
      block(BODY, 30, 120),
      block(BODY, 30, 160),
      block(['4. Reporting'], 10, 740, title),
      footer,
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'footer',
    ])
    // Above other text on its page, a numbered line in that type is an item.
    const items = page([
      block(['3. Duties'], 10, 100, title),
      block(BODY, 30, 120),
      block(['4. Reporting'], 10, 160, title),
      block(['5. Review'], 10, 172, title),
      footer,
    ])
    classifyPage(items)
    expect(items.blocks.slice(2, 4).map((b) => b.kind)).toEqual(['list-item', 'list-item'])
  })

  it('reads lines of dialogue opened by em dashes as paragraphs where one wraps back under its dash', () => {
    const question = block(['\u2014 Elena, you have led the orchestra for six years?'], 72.7, 100)
    const answer = block(
      [
        '\u2014 Almost everything has changed since I came, and the players',
        'now listen to each other.',
      ],
      72.7,
      130,
    )
    const layout = page([block(BODY, 72.7, 60), question, answer, block(BODY, 72.7, 200)])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
    // A list's items opened so hang their lines under their text.
    const item = block(
      ['\u2014 the first point of the list, which runs on', 'under its text'],
      72.7,
      130,
    )
    for (const line of item.lines.slice(1)) line.left += 12
    const list = page([block(BODY, 72.7, 60), block(['\u2014 a point'], 72.7, 100), item])
    classifyPage(list)
    expect(list.blocks.slice(1).map((b) => b.kind)).toEqual(['list-item', 'list-item'])
  })

  it('takes a numbered title set larger in a face of its own for a heading over a subheading', () => {
    const title = { fontId: 'bold', fontSize: 11 }
    const layout = page([
      block(BODY, 10, 60),
      block(['2. What you need to know before you take it'], 10, 100, title),
      block(['Do not take it:'], 10, 118, { fontId: 'bold' }),
      block(BODY, 10, 134),
    ])
    classifyPage(layout)
    expect(layout.blocks[1]?.kind).toBe('heading')
  })

  it('takes a question in the type of the questions on the pages before for a heading', () => {
    const question = { fontId: 'bold' }
    const first = page([
      block(['Q9. Can I appeal?'], 10, 100, question),
      block(BODY, 10, 120),
      block(BODY, 10, 160),
    ])
    const second = page(
      [block(['Q10. Who can I contact?'], 10, 100, question), block(['Our office.'], 10, 120)],
      2,
    )
    classifyBlocks([first, second], measureText([first, second]), [])
    expect(second.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph'])
  })

  it("splits a letter's signer's name off the title under it, under the complimentary close", () => {
    const signature = block(
      ['Dr Helen M. Okafor', 'Director of Planning and', 'Regeneration'],
      250,
      720,
    )
    const layout = page([block(BODY, 70, 600), block(['Yours sincerely,'], 250, 660), signature])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.lines.map((line) => line.text))).toEqual([
      BODY,
      ['Yours sincerely,'],
      ['Dr Helen M. Okafor'],
      ['Director of Planning and', 'Regeneration'],
    ])
  })

  it('takes a section title right over its first subsection title for a heading', () => {
    const title = { fontId: 'bold' }
    const layout = page([
      block(BODY, 10, 100),
      block(['2. Basic Requests'], 10, 200, title),
      block(['2.1. Paragraphs'], 10, 230, title),
      block(BODY, 10, 260),
    ])
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map(plainText)).toEqual([
      '2. Basic Requests',
      '2.1. Paragraphs',
    ])
  })

  it("keeps a line of a list of lines a paragraph, though it is set in a heading's type", () => {
    const layout = page([
      block(['Coding Guidelines'], 10, 100, { fontId: 'bold' }),
      block(BODY, 10, 130),
      block(
        ['Anesthesia Modifiers', 'P1-A Normal healthy patient', 'P2-A Mild disease', 'P3-A Severe'],
        10,
        300,
        { fontId: 'bold' },
      ),
      block(BODY, 10, 400),
    ])
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map(plainText)).toEqual([
      'Coding Guidelines',
    ])
  })

  it('does not make a heading of a line sharing its baseline with another block', () => {
    const layout = page([
      block(['Contents entry'], 10, 150, { fontSize: 14 }),
      block(['12'], 500, 150),
      block(BODY, 10, 200),
    ])
    classifyPage(layout)
    expect(layout.blocks[0]?.kind).toBe('paragraph')
  })

  it('makes headings of two columns or a sidebar set on one line, but not of a header row over lists of terms', () => {
    const column = [...BODY, 'and a third line closes the paragraph of this column']
    // A section's title beside a subsection's, in one face at two sizes.
    const columns = page([
      block(column, 10, 660),
      block(['3. Outreach'], 10, 700, { fontSize: 14, fontId: 'f2' }),
      block(column, 310, 660),
      block(['4.1 Response Times'], 310, 700, { fontSize: 12, fontId: 'f2' }),
      block(column, 10, 740),
    ])
    classifyPage(columns)
    expect(kinds(columns).map(([kind]) => kind)).toEqual([
      'paragraph',
      'heading',
      'paragraph',
      'heading',
      'paragraph',
    ])
    const headerRow = page([
      block(['Constitutional'], 10, 100, { fontSize: 14, fontId: 'f2' }),
      block(['Integumentary'], 310, 100, { fontSize: 14, fontId: 'f2' }),
      block(['chills', 'impaired ability to function', 'fever', 'weight change'], 10, 120),
      block(['bruising', 'changes in nail texture/color', 'eczema', 'hives'], 310, 120),
      block(column, 10, 300),
    ])
    classifyPage(headerRow)
    expect(kinds(headerRow).map(([kind]) => kind)).not.toContain('heading')
    // A sidebar's short lines beside running text: a résumé's "Skills" beside its "Profile".
    const sidebar = page([
      block(['Skills'], 10, 100, { fontSize: 14, fontId: 'f2' }),
      block(['Profile'], 310, 100, { fontSize: 14, fontId: 'f2' }),
      block(['Python, SQL, Spark,', 'Airflow, dbt, Kafka,', 'PostgreSQL, Terraform'], 10, 120),
      block(column, 310, 120),
    ])
    classifyPage(sidebar)
    expect(kinds(sidebar).map(([kind]) => kind)).toEqual([
      'heading',
      'heading',
      'paragraph',
      'paragraph',
    ])
  })

  it("makes headings of a résumé's job titles, with their dates to their right", () => {
    const title = { bold: true, fontId: 'f2' }
    const layout = page([
      block(['Data Engineer, Contoso Retail'], 10, 200, title),
      block(['2016 – 2019'], 400, 200),
      block(BODY, 10, 220),
      block(['Analyst, Fabrikam Bank'], 10, 260, title),
      block(['Mar 2014 - present'], 400, 260),
      block(BODY, 10, 280),
    ])
    classifyPage(layout)
    expect(kinds(layout).map(([kind]) => kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
    ])
  })

  it('makes a heading of a line that stands level with a larger heading of another column', () => {
    const layout = page([
      block(['Data Engineer, Contoso Retail'], 10, 200, { bold: true, fontId: 'f2', fontSize: 11 }),
      block(BODY, 10, 220),
      block(['Interests'], 400, 200, { fontSize: 14, fontId: 'f3' }),
      block(['Running, astronomy and', 'teaching children to', 'program at a club'], 400, 220),
    ])
    classifyPage(layout)
    expect(kinds(layout).map(([kind]) => kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'paragraph',
    ])
  })

  it('takes a numbered line in capitals for a heading although it is set a little smaller', () => {
    const layout = page([
      block(['3. RECOLLECTION OF NATIONAL INITIATIVES'], 10, 100, { fontSize: 9, fontId: 'f2' }),
      block(BODY, 10, 150),
      block(['RECOLLECTION OF INITIATIVES'], 10, 300, { fontSize: 9, fontId: 'f2' }),
      block(BODY, 10, 350),
    ])
    classifyPage(layout)
    // Without its number, a smaller line in capitals stays running text.
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it('keeps only the title of a table of contents, and a title over it, as headings', () => {
    const entries = ['Introduction', 'Methods', 'Results', 'Discussion', 'Outlook', 'Annex A']
    entries.push('Annex B', 'Glossary')
    // A book's title and author over its contents, on one page.
    const title = [
      block(['Keeping Bees in the City'], 150, 10, { fontSize: 24 }),
      block(['A practical handbook for rooftop and backyard apiaries'], 120, 30, { italic: true }),
    ]
    const blocks = [...title, block(['Contents'], 10, 60, { fontSize: 20 })]
    entries.forEach((entry, i) => {
      blocks.push(block([entry], 10, 100 + i * 45))
      blocks.push(block([String(i * 4 + 1)], 500, 100 + i * 45))
    })
    blocks.push(block(['Part II. Appendices'], 10, 500, { fontSize: 14 }))
    blocks.push(block(['Appendix B 31'], 10, 540), block(['Appendix C 35'], 10, 580))
    const layout = page(blocks)
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map((b) => b.lines[0]?.text)).toEqual([
      'Keeping Bees in the City',
      'Contents',
    ])
    // The text that starts on the page under the contents heads its sections as ever.
    const opening = page([
      ...blocks.map((b) => ({ ...b, kind: 'paragraph' as const })),
      block(['1 Introduction'], 10, 640, { fontSize: 20 }),
      block(BODY, 10, 670),
    ])
    classifyPage(opening)
    expect(opening.blocks.filter((b) => b.kind === 'heading').map((b) => b.lines[0]?.text)).toEqual(
      ['Keeping Bees in the City', 'Contents', '1 Introduction'],
    )
  })

  it('takes the few entries that end a table of contents overleaf for entries, not headings', () => {
    // LaTeX's contents: a chapter's entry in bold with its page number, its sections led by dots.
    const chapter = (number: number, top: number) => [
      block([`${number} Chapter number ${number} ${number * 4}`], 10, top, { fontId: 'bold' }),
      block([`${number}.1 A section of the chapter . . . . . . ${number * 4 + 1}`], 30, top + 16),
      block([`${number}.2 Another section . . . . . . . . . ${number * 4 + 2}`], 30, top + 28),
    ]
    const first = page([
      block(['Contents'], 10, 60, { fontSize: 20 }),
      ...[1, 2, 3, 4].flatMap((number) => chapter(number, 100 + number * 50)),
    ])
    const rest = page([...chapter(5, 120), block(BODY, 10, 200)], 2)
    const text = page([block(BODY, 10, 60), block(BODY, 10, 100), block(BODY, 10, 140)], 3)
    classifyBlocks([first, rest, text], measureText([first, rest, text]), [])
    expect(rest.blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it("takes a short report's few contents entries under their title for entries, not headings", () => {
    const chapter = (number: number, top: number) => [
      block([`${number} Chapter number ${number} ${number * 4}`], 10, top, { fontId: 'bold' }),
      block([`${number}.1 A section of the chapter . . . . . . ${number * 4 + 1}`], 30, top + 16),
    ]
    const contents = page([
      block(['Contents'], 10, 60, { fontSize: 20 }),
      ...[1, 2].flatMap((number) => chapter(number, 100 + number * 50)),
    ])
    const text = page([block(BODY, 10, 60), block(BODY, 10, 100), block(BODY, 10, 140)], 2)
    classifyBlocks([contents, text], measureText([contents, text]), [])
    expect(contents.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it("takes no table's rows of decimal figures for the entries of a contents page", () => {
    const rows = ['Lifts head 2.2 3.2', 'Rolls over 2.8 4.7', 'Sits up 5.5 7.8', 'Stands 7.2 9.9']
    const blocks = [block(['Motor Development'], 10, 60, { fontSize: 15 }), block(BODY, 10, 90)]
    ;[...rows, ...rows].forEach((row, i) => {
      blocks.push(block([row], 10, 130 + i * 14, { standalone: true }))
    })
    blocks.push(block(['Basic Trends'], 10, 260, { fontSize: 15 }), block(BODY, 10, 290))
    const layout = page(blocks)
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map((b) => b.lines[0]?.text)).toEqual([
      'Motor Development',
      'Basic Trends',
    ])
  })

  it("takes no table's rows that end in whole numbers, up and down, for the entries of a contents page", () => {
    const blocks = [block(['Water Use'], 10, 60, { fontSize: 15 }), block(BODY, 10, 90)]
    ;[412, 388, 905, 127, 640, 233, 518, 776, 301, 452].forEach((litres, i) => {
      blocks.push(block([`District ${i + 1} ${litres}`], 10, 130 + i * 14, { standalone: true }))
    })
    blocks.push(block(['Basic Trends'], 10, 290, { fontSize: 15 }), block(BODY, 10, 320))
    const layout = page(blocks)
    classifyPage(layout)
    expect(layout.blocks.filter((b) => b.kind === 'heading').map((b) => b.lines[0]?.text)).toEqual([
      'Water Use',
      'Basic Trends',
    ])
  })

  it('leaves a contents entry with its leader and page number a paragraph, however large', () => {
    // A short contents list, too short to be told as a contents page: chapters set larger.
    const layout = page([
      block(['Contents'], 10, 60, { fontSize: 20 }),
      block(['1 Invoking tide . . . . . . . . . . . 1'], 10, 100, { fontSize: 12, fontId: 'f2' }),
      block(['1.1 Options . . . . . . . . . . . . . 1'], 20, 114),
      block(['2 Ports . . . . . . . . . . . . . . . 2'], 10, 134, { fontSize: 12, fontId: 'f2' }),
      block(BODY, 10, 200),
    ])
    classifyPage(layout)
    expect(kinds(layout)).toEqual([
      ['heading', 1],
      ['paragraph', undefined],
      ['paragraph', undefined],
      ['paragraph', undefined],
      ['paragraph', undefined],
    ])
  })

  it('takes a line in a font of its own for a heading over running text, not over a table', () => {
    const over = (next: Block) =>
      page([
        block(BODY, 10, 60),
        block(['Station pH Nitrate Turbidity'], 10, 100, { fontId: 'f2' }),
        next,
        block(BODY, 10, 200),
      ])
    const text = over(block(BODY, 10, 115))
    classifyPage(text)
    expect(text.blocks[1]?.kind).toBe('heading')
    const rows = ['North Weir 7.2 1.8 3.4', 'Mill Bridge 7.0 2.6 5.1']
    const table = over({ ...block(rows, 10, 115), kind: 'table' })
    classifyPage(table)
    expect(table.blocks[1]?.kind).toBe('paragraph')
  })

  it('takes a larger numbered line near the top edge for a heading, not a running head', () => {
    const layout = page([
      block(['5. The dynamics'], 10, 40, { fontSize: 11, fontId: 'f2' }),
      block(BODY, 10, 80),
      block(['Combinatorial Cosmology'], 10, 20),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'paragraph'])
  })

  it('makes a caption of "Table 13.2. ..." however large it is set', () => {
    const layout = page([
      block(['Table 13.2. Effect of cations on flocculation.'], 10, 100, { fontSize: 16 }),
      block(['Activity 4. Determining the exchange capacity.'], 10, 300, { fontSize: 16 }),
      block(BODY, 10, 350),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['caption', 'heading', 'paragraph'])
  })

  it('takes no heading from text set sideways, however large', () => {
    const layout = page([
      block(['arXiv:2301.00001v1 [cs.CL] 1 Jan 2023'], 10, 100, {
        fontSize: 20,
        bottom: 450,
        sideways: true,
      }),
      block(BODY, 60, 200),
    ])
    classifyPage(layout)
    expect(layout.blocks[0]?.kind).toBe('paragraph')
  })

  it('joins a title set over two lines in two fonts into one heading', () => {
    const layout = page([
      block(['1. Shipping as a vector'], 10, 100, { fontSize: 16, fontId: 'f2' }),
      block(['of marine invasions'], 10, 112, { fontSize: 16, fontId: 'f3' }),
      block(BODY, 10, 150),
    ])
    classifyPage(layout)
    const headings = layout.blocks.filter((b) => b.kind === 'heading')
    expect(headings.map((b) => b.lines.map((line) => line.text).join(' '))).toEqual([
      '1. Shipping as a vector of marine invasions',
    ])
  })

  it("keeps a section's name in capitals apart from the title in mixed case under it", () => {
    const headingsOf = (first: string, second: string) => {
      const layout = page([
        block([first], 10, 100, { fontSize: 16, fontId: 'f2' }),
        block([second], 10, 112, { fontSize: 16, fontId: 'f3' }),
        block(BODY, 10, 150),
      ])
      classifyPage(layout)
      return layout.blocks.filter((b) => b.kind === 'heading').map(plainText)
    }
    expect(headingsOf('EXPERIENCE', 'Senior Data Engineer')).toEqual([
      'EXPERIENCE',
      'Senior Data Engineer',
    ])
    // A title's first line that leaves its phrase open goes on in the next, whatever its case.
    expect(headingsOf('FIELD NOTES FROM', 'the Upper Amazon')).toEqual([
      'FIELD NOTES FROM the Upper Amazon',
    ])
  })

  it('reads an IEEE section centred in its column over its first subsection, a level above it', () => {
    // The column runs from 45 to 260, 43 characters of 5 pt: the sections are centred on it.
    const column = Array.from({ length: 6 }, () => 'body text of the column that fills its line')
    const layout = page([
      block(['I. INTRODUCTION'], 115, 160, { fontId: 'f2' }),
      block(column, 45, 176),
      block(['II. SYSTEM MODEL'], 112.5, 260, { fontId: 'f2' }),
      block(['A. Channel and Antenna Model'], 45, 278, { fontId: 'f3', italic: true }),
      block(column, 45, 294),
      block(['B. Energy Model'], 45, 380, { fontId: 'f3', italic: true }),
      block(column, 45, 396),
    ])
    classifyPage(layout)
    expect(
      layout.blocks.filter((b) => b.kind === 'heading').map((b) => [plainText(b), b.level]),
    ).toEqual([
      ['I. INTRODUCTION', 1],
      ['II. SYSTEM MODEL', 1],
      ['A. Channel and Antenna Model', 2],
      ['B. Energy Model', 2],
    ])
  })

  it("joins a centred title's lines set double-spaced into one heading", () => {
    const title = { fontSize: 17.2, fontId: 'f2' }
    const layout = page([
      centred(block(['Heat Exposure and Emergency Department Visits Among'], 0, 72, title), 306),
      centred(block(['Outdoor Workers in Three U.S. States, 2015-2022'], 0, 106, title), 306),
      block(BODY, 10, 150),
    ])
    classifyPage(layout)
    const headings = layout.blocks.filter((b) => b.kind === 'heading')
    expect(headings.map((b) => b.lines.map((line) => line.text).join(' '))).toEqual([
      'Heat Exposure and Emergency Department Visits Among Outdoor Workers in Three U.S. States, 2015-2022',
    ])
  })

  it("gives a chapter's label over its title the title's level, not one of its own", () => {
    // LaTeX's report class: "Chapter 2" in 20.7 pt over the title in 24.9 pt, sections in 14.4.
    const chapter = (n: number, y: number) => [
      block([`Chapter ${n}`], 10, y, { fontSize: 20.7, fontId: 'f2' }),
      block([`Topic ${n}`], 10, y + 47, { fontSize: 24.9, fontId: 'f2' }),
      block([`${n}.1 Scope`], 10, y + 112, { fontSize: 14.4, fontId: 'f2' }),
      block(BODY, 10, y + 140),
    ]
    const layout = page([...chapter(1, 100), ...chapter(2, 400)])
    classifyPage(layout)
    expect(kinds(layout).slice(0, 4)).toEqual([
      ['heading', 1],
      ['heading', 1],
      ['heading', 2],
      ['paragraph', undefined],
    ])
  })

  it('ranks a part over its first numbered heading, which is no title of it', () => {
    // A 10-K: "PART II" in 12 pt bold over "Item 7." in 11 pt bold, subheads in 10 pt bold.
    const part = (name: string, item: number, y: number) => [
      block([`PART ${name}`], 10, y, { fontSize: 12, fontId: 'f2' }),
      block([`Item ${item}. Business`], 10, y + 25, { fontSize: 11, fontId: 'f2' }),
      block(BODY, 10, y + 45),
      block(['Overview'], 10, y + 90, { fontSize: 10, fontId: 'f2' }),
      block(BODY, 10, y + 110),
    ]
    const layout = page([...part('I', 1, 100), ...part('II', 7, 400)])
    classifyPage(layout)
    const levels = layout.blocks.filter((b) => b.kind === 'heading').map((b) => b.level)
    expect(levels[0]).toBeLessThan(levels[1] as number)
  })

  it('takes a long line in title case in a face of its own for a heading, and one over its subheading', () => {
    // A 10-K: items in 11 pt bold, subheads in 10 pt bold, the body in 10 pt regular; the bold
    // face is one font at both sizes.
    const bold = { fontId: 'bold' }
    const layout = page([
      block(['Item 1. Business'], 72, 100, { ...bold, fontSize: 11 }),
      block(['Overview'], 72, 125, { ...bold, fontSize: 10 }),
      block(BODY, 72, 145),
      block(
        [
          "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations",
        ],
        72,
        200,
        { ...bold, fontSize: 11 },
      ),
      block(BODY, 72, 225),
      // A sentence in that face is no heading, however long.
      block(
        ['We sell our products in more than seventy countries through distributors and agents'],
        72,
        280,
        { ...bold, fontSize: 11 },
      ),
      block(BODY, 72, 305),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'heading',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it('nests right-to-left list items by how far their right edge steps in', () => {
    // Items end at 300 (the first two, whatever their length) or 280 (nested under the second).
    const item = (text: string, right: number, y: number) => {
      const rtl = block([`• ${text}`], right - (text.length + 2) * 5, y)
      for (const line of rtl.lines) line.rtl = true
      return rtl
    }
    const layout = page([
      block(BODY, 10, 60),
      item('הביקוש עלה בקיץ.', 300, 100),
      item('הפחת ברשת ירד.', 300, 114),
      item('בעיקר בצפון.', 280, 128),
      block(BODY, 10, 160),
    ])
    classifyPage(layout)
    expect(layout.blocks.slice(1, 4).map((b) => [b.kind, b.depth])).toEqual([
      ['list-item', 0],
      ['list-item', 0],
      ['list-item', 1],
    ])
  })

  it("nests none of the items that stand side by side on one row, a figure's panels", () => {
    const layout = page([
      block(BODY, 10, 60),
      block(['(a) Received SNR over time'], 40, 100),
      block(['(b) CDF of training energy'], 220, 100),
      block(['(c) Outage probability vs. speed'], 400, 100),
      block(BODY, 10, 130),
    ])
    classifyPage(layout)
    expect(layout.blocks.slice(1, 4).map((b) => [b.kind, b.depth])).toEqual([
      ['list-item', 0],
      ['list-item', 0],
      ['list-item', 0],
    ])
  })

  it('reads numbered lines that end with a Chinese full stop as list items, not headings', () => {
    const layout = page([
      block(['主要发现'], 10, 60, { fontSize: 14 }),
      block(['1. 夏季需求上升。'], 20, 90),
      block(['2. 管网漏损下降。'], 20, 104),
      block(['更多信息请访问我们的网站或致电我们的服务热线，我们将在工作日内答复。'], 10, 130),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'list-item',
      'list-item',
      'paragraph',
    ])
  })

  it("ranks a title page's title above all headings, however its type compares with theirs", () => {
    // LaTeX's report class: the title in 17.3 pt on a page of its own, chapters in 24.9 pt.
    const titlePage = page([
      block(['Regional Water Study'], 150, 200, { fontSize: 17.3 }),
      block(['Planning Office'], 200, 240, { fontSize: 12 }),
    ])
    const chapter = page(
      [
        block(['Water use'], 10, 100, { fontSize: 24.9 }),
        block(['1.1 Scope'], 10, 160, { fontSize: 14.4 }),
        block([...BODY, ...BODY], 10, 190),
      ],
      2,
    )
    classifyBlocks([titlePage, chapter], measureText([titlePage, chapter]), [])
    expect([...kinds(titlePage).slice(0, 1), ...kinds(chapter)]).toEqual([
      ['heading', 1],
      ['heading', 1],
      ['heading', 2],
      ['paragraph', undefined],
    ])
  })

  it("ranks a paper's abstract title with the sections, but a chapter's closing summary below", () => {
    const levels = (abstract: boolean) => {
      const layout = page([
        block(['Salt Marsh Recovery'], 10, 60, { fontSize: 17 }),
        ...(abstract ? [block(['Abstract'], 10, 100, { fontId: 'f2' }), block(BODY, 10, 115)] : []),
        block(['1 Introduction'], 10, 160, { fontSize: 14 }),
        block(BODY, 10, 180),
        block(['1.1 Study sites'], 10, 225, { fontSize: 12 }),
        block(BODY, 10, 245),
        block(['Summary'], 10, 290, { fontId: 'f2' }),
        block(BODY, 10, 305),
        block(['2 Results'], 10, 350, { fontSize: 14 }),
        block(BODY, 10, 370),
      ])
      classifyPage(layout)
      return layout.blocks.filter((b) => b.kind === 'heading').map((b) => b.level)
    }
    expect(levels(true)).toEqual([1, 2, 2, 3, 4, 2])
    // Without an abstract, the summary that closes section 1 stays under it.
    expect(levels(false)).toEqual([1, 2, 3, 4, 2])
  })

  it('leaves a short kicker just above a much larger title out of the headings', () => {
    const layout = page([
      block(['AI Pack'], 10, 100, { fontSize: 12.5, fontId: 'f2' }),
      block(['Generative models at work'], 10, 115, { fontSize: 22, fontId: 'f3' }),
      block(BODY, 10, 160),
    ])
    classifyPage(layout)
    expect(layout.blocks.map((b) => b.kind)).toEqual(['paragraph', 'heading', 'paragraph'])
  })

  it("takes a side box's title for a heading although the box is set smaller than the body", () => {
    const main = [0, 1, 2].map((i) => block([...BODY, ...BODY], 10, 100 + i * 80, { fontSize: 13 }))
    // The page's body text is set at 13 pt, the box at 11 and its title at 10.
    const layout = page([
      ...main,
      block(['Mitosis and Meiosis'], 420, 400, { fontSize: 10, fontId: 'f7' }),
      block(['Cells divide in two ways, one for growth', 'and one for making gametes.'], 420, 412, {
        fontSize: 11,
        fontId: 'f8',
      }),
    ])
    classifyPage(layout)
    expect(layout.blocks.slice(3).map((b) => b.kind)).toEqual(['heading', 'paragraph'])
  })

  it("takes a paper's abstract title, centred over the abstract in a smaller type, for a heading", () => {
    const main = [0, 1, 2].map((i) => block([...BODY, ...BODY], 10, 300 + i * 80, { fontSize: 11 }))
    // LaTeX sets "Abstract" in bold at 10 pt, centred over the abstract's narrower 10 pt lines.
    const abstract = block(
      ['Sensors cost a few euros each, yet their readings drift', 'with temperature and salinity.'],
      40,
      112,
      { fontSize: 10, fontId: 'f8' },
    )
    const title = centred(
      block(['Abstract'], 0, 100, { fontSize: 10, fontId: 'f7' }),
      (abstract.left + abstract.right) / 2,
    )
    const layout = page([title, abstract, ...main])
    classifyPage(layout)
    expect(layout.blocks.slice(0, 2).map((b) => b.kind)).toEqual(['heading', 'paragraph'])
  })

  it('takes a larger line at the top edge for a heading unless it carries a number', () => {
    const titled = page([
      block(["THIS BOOK'S APPROACH"], 10, 30, { fontSize: 11, fontId: 'f2' }),
      block(BODY, 10, 70),
    ])
    classifyPage(titled)
    expect(titled.blocks[0]?.kind).toBe('heading')
    const runningHead = page([
      block(['ANNUAL REPORT 2021'], 10, 30, { fontSize: 11, fontId: 'f2' }),
      block(BODY, 10, 70),
    ])
    classifyPage(runningHead)
    expect(runningHead.blocks[0]?.kind).toBe('paragraph')
  })

  it('splits a numbered title line off the paragraph it ran into', () => {
    const paragraph = block(['4.3.1 Instruction Tuning', ...BODY], 10, 100)
    const title = paragraph.lines[0] as PageLayout['blocks'][number]['lines'][number]
    title.fontId = 'f3'
    const layout = page([paragraph])
    classifyPage(layout)
    expect(layout.blocks.map((b) => [b.kind, b.lines.length])).toEqual([
      ['heading', 1],
      ['paragraph', 2],
    ])
  })

  it('keeps the first line of a listing with line numbers in its listing', () => {
    const mono = { monospace: true, fontId: 'f4' }
    const listing = block(
      [
        '1 for (var i = 2; i < 9; ++i) {',
        '2   for (var k = i + i; k < 100; k += i)',
        '3     continue;',
        '4 }',
      ],
      10,
      100,
      mono,
    )
    const layout = page([block(BODY, 10, 20), listing, block(BODY, 10, 300)])
    classifyPage(layout)
    expect(layout.blocks.map((b) => [b.kind, b.lines.length])).toEqual([
      ['paragraph', 2],
      ['code', 4],
      ['paragraph', 2],
    ])
  })

  it('measures the body size without the running heads and footers of the pages', () => {
    const slides = [1, 2, 3].map((number) =>
      page(
        [
          block(['Klaas Posselt, Member of the', 'PDF Association'], 10, 20, { fontSize: 16 }),
          block(['Equal access for all people, forced by law'], 10, 300, { fontSize: 50 }),
          block(['A PDF Association Presentation, 2019 by PDF Association'], 10, 780, {
            fontSize: 16,
          }),
        ],
        number,
      ),
    )
    for (const slide of slides) {
      ;(slide.blocks[0] as Block).kind = 'header'
      ;(slide.blocks[2] as Block).kind = 'footer'
    }
    expect(measureText(slides).bodySize).toBe(50)
  })

  it('takes a line opening with a full block for a list item, however large', () => {
    const layout = page([
      block(['█ When is a PDF universally accessible?'], 10, 100, { fontSize: 16, fontId: 'f2' }),
      block(BODY, 10, 150),
    ])
    classifyPage(layout)
    expect(layout.blocks[0]).toMatchObject({ kind: 'list-item', marker: '█' })
  })

  it("ranks the outline's headings under a larger title that the outline leaves out", () => {
    const layout = page([
      block(['Supply and Demand'], 57, 80, { fontSize: 24, fontId: 'f2' }),
      block(BODY, 57, 120),
      block(['2.1 Demand'], 57, 300, { fontSize: 14, fontId: 'f2' }),
      block(BODY, 57, 330),
      block(['2.1.1 Normal and Inferior Goods'], 57, 470, { fontSize: 11, fontId: 'f2' }),
      block(BODY, 57, 500),
    ])
    classifyPage(layout, [
      { title: '2.1 Demand', depth: 1, page: 1 },
      { title: '2.1.1 Normal and Inferior Goods', depth: 2, page: 1 },
    ])
    expect(kinds(layout).filter(([kind]) => kind === 'heading')).toEqual([
      ['heading', 1],
      ['heading', 2],
      ['heading', 3],
    ])
  })

  it('matches an outline entry on the page it leads to, once, with its own depth', () => {
    const outline = [
      { title: 'An Overview', depth: 2, page: 2 },
      { title: 'An Overview', depth: 3, page: 3 },
    ]
    const pages = [1, 2, 3].map((number) =>
      page([block(['An Overview'], 10, 100), block(BODY, 10, 150)], number),
    )
    classifyBlocks(pages, measureText(pages), outline)
    // Page 1 repeats the title in a running line: no entry leads there.
    expect(pages.map((layout) => kinds(layout)[0])).toEqual([
      ['paragraph', undefined],
      ['heading', 2],
      ['heading', 3],
    ])
    // Without pages to go by, the entries are taken in order, each by one heading.
    const unpaged = [2, 3].map((number) =>
      page([block(['An Overview'], 10, 100), block(BODY, 10, 150)], number),
    )
    classifyBlocks(
      unpaged,
      measureText(unpaged),
      outline.map(({ title, depth }) => ({ title, depth })),
    )
    expect(unpaged.map((layout) => kinds(layout)[0])).toEqual([
      ['heading', 2],
      ['heading', 3],
    ])
  })

  it('leaves a bulleted item that names a section to the list, and the bookmark to the heading', () => {
    const layout = page([
      block(['The issues raised from this review are:'], 10, 60),
      block(['• Audit versus monitoring'], 10, 80),
      block(['Audit versus monitoring'], 10, 120),
      block(BODY, 10, 150),
    ])
    classifyPage(layout, [{ title: 'Audit versus monitoring', depth: 3, page: 1 }])
    expect(kinds(layout)).toEqual([
      ['paragraph', undefined],
      ['list-item', undefined],
      ['heading', 3],
      ['paragraph', undefined],
    ])
  })

  it('matches outline entries across dashes and cut-short titles, not lower-case terms', () => {
    const layout = page([
      block(['myelinization'], 10, 60, { fontSize: 9 }),
      block(['Myelinization'], 10, 100),
      block(BODY, 10, 150),
      block(['PIARC - World Road Association'], 10, 250),
      block(BODY, 10, 300),
      block(['Proceedings of the International Road Safety Forum in Melbourne 1998'], 10, 400),
      block(BODY, 10, 450),
    ])
    const outline = [
      { title: 'Myelinization', depth: 4, page: 1 },
      { title: 'PIARC – World Road Association', depth: 2, page: 1 },
      { title: 'Proceedings of the International Road Safety Forum in Melbou', depth: 3, page: 1 },
    ]
    classifyPage(layout, outline)
    expect(kinds(layout)).toEqual([
      ['paragraph', undefined],
      ['heading', 4],
      ['paragraph', undefined],
      ['heading', 2],
      ['paragraph', undefined],
      ['heading', 3],
      ['paragraph', undefined],
    ])
  })

  it('gives a heading the outline leaves out the level of outline headings in its type', () => {
    const layout = page([
      block(['Topics'], 10, 100, { fontSize: 20, fontId: 'f2' }),
      block(BODY, 10, 150),
      block(['Advantages'], 10, 300, { fontSize: 20, fontId: 'f2' }),
      block(BODY, 10, 350),
    ])
    classifyPage(layout, [{ title: 'Advantages', depth: 2, page: 1 }])
    expect(kinds(layout)[0]).toEqual(['heading', 2])
  })

  it('takes three centred lines set a little larger for a title, not a paragraph', () => {
    const title = [
      'Clinical Guidance',
      'For The Assessment and Implementation of Bed Rails',
      'In Hospitals and Home Care Settings',
    ]
    const layout = page([
      centred(block(title, 10, 100, { fontSize: 11.5, fontId: 'f2' }), 300),
      block(BODY, 10, 150),
      block(title, 10, 300, { fontSize: 11.5, fontId: 'f2' }),
      block(BODY, 10, 350),
    ])
    classifyPage(layout)
    // Flush left, the same lines read as a paragraph set in a larger type.
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it('ranks headings set below the body size under those set at it', () => {
    const layout = page([
      block(['Report on bed rails'], 10, 40, { fontSize: 20 }),
      block(BODY, 10, 80),
      block(['Introduction'], 10, 150, { fontId: 'f2' }),
      block(BODY, 10, 170),
      block(['Intended Purpose'], 10, 300, { fontSize: 9, fontId: 'f2' }),
      block(['Bed rails may reduce the risk of falls.', ...BODY], 10, 315),
    ])
    classifyPage(layout)
    expect(kinds(layout).filter(([kind]) => kind === 'heading')).toEqual([
      ['heading', 1],
      ['heading', 2],
      ['heading', 3],
    ])
  })
})
