import { describe, expect, it } from 'vitest'
import { markFurniture } from './furniture.js'
import { block } from './test-helpers.js'
import type { Block } from './types.js'

/** Three pages 800 pt tall, with the blocks `blocksOf` gives page 1, 2 and 3. */
const threePages = (blocksOf: (n: number) => Block[]) =>
  [1, 2, 3].map((n) => ({ height: 800, blocks: blocksOf(n) }))

/** The kind of every block, page by page. */
const kinds = (pages: readonly { blocks: Block[] }[]) =>
  pages.map((page) => page.blocks.map((b) => b.kind))

describe('markFurniture', () => {
  it('marks repeated margin text and page numbers, not body text', () => {
    const pages = threePages((n) => [
      block(['Annual Report 2024'], 10, 20),
      block([`Body text of page ${n}`], 10, 300),
      block([String(n)], 300, 780),
    ])
    markFurniture(pages)
    expect(kinds(pages)).toEqual(Array(3).fill(['header', 'paragraph', 'footer']))
  })

  it('marks a press release\'s "-more-" at the foot of its first page, though it stands there once', () => {
    const pages = threePages((n) => [
      block([`Body text of page ${n}`], 10, 300, { page: n }),
      ...(n === 1 ? [block(['-more-'], 290, 737, { page: n })] : []),
    ])
    markFurniture(pages)
    expect(kinds(pages)[0]).toEqual(['paragraph', 'footer'])
    // The word alone in the body is text.
    const text = threePages((n) => [block(['More'], 10, 300, { page: n })])
    markFurniture(text)
    expect(kinds(text)[0]).toEqual(['paragraph'])
  })

  it("marks a book's running heads that number its pages, though the odd pages' heads name their sections", () => {
    const heads = [
      '4.2. Nominal Sets 57',
      '58 Chapter 4. Learning Automata',
      '4.3. Automata with Atoms 59',
      '60 Chapter 4. Learning Automata',
    ]
    const pages = heads.map((head, i) => ({
      height: 800,
      blocks: [
        block([head], 72, 55, { page: i + 1 }),
        block([`Body text of page ${i + 1}`], 72, 300, { page: i + 1 }),
      ],
    }))
    markFurniture(pages)
    expect(kinds(pages)).toEqual(Array(4).fill(['header', 'paragraph']))
    // A section's number at the top of its page is none of the page's.
    const sections = ['2 Methods', '3 Results', '4 Discussion', '5 Outlook'].map((title, i) => ({
      height: 800,
      blocks: [
        block([title], 72, 55, { page: 2 * i + 1 }),
        block(['Body text'], 72, 300, { page: 2 * i + 1 }),
      ],
    }))
    markFurniture(sections)
    expect(kinds(sections)).toEqual(Array(4).fill(['paragraph', 'paragraph']))
  })

  it("marks a book's running heads read with their page numbers, where the other pages' heads are numbers alone", () => {
    // LaTeX's book class: a long chapter title runs its even pages' heads into their numbers;
    // the odd pages' heads are their numbers alone, and the chapter's first page's at its foot.
    const title = "CHAPTER 7. THE LIGHTHOUSE KEEPER'S DAUGHTER"
    const book = (head: (n: number) => string) =>
      [1, 2, 3, 4, 5, 6, 7].map((n) => ({
        height: 800,
        blocks: [
          block([head(n)], 72, n === 1 ? 760 : 30, { page: n }),
          block([`Body text of page ${n}`], 72, 300, { page: n }),
        ],
      }))
    const pages = book((n) => (n === 2 || n === 4 ? `${n} ${title}` : String(n)))
    markFurniture(pages)
    expect(kinds(pages).map(([head]) => head)).toEqual(['footer', ...Array(6).fill('header')])
    // A section heading that opens its page with the page's number is no head.
    const opened = book((n) => (n === 4 ? '4 Discussion' : String(n)))
    markFurniture(opened)
    expect(kinds(opened)[3]).toEqual(['paragraph', 'paragraph'])
  })

  it("keeps a document's symbol in its masthead under the running head that repeats it", () => {
    const pages = threePages((n) => [
      block(['WHA77.14'], 70, 40, { page: n }),
      ...(n === 1 ? [block(['WHA77.14'], 70, 95, { page: n, fontSize: 10.9 })] : []),
      block([`Body text of page ${n}`], 70, 300, { page: n }),
    ])
    markFurniture(pages)
    expect(kinds(pages)[0]).toEqual(['header', 'paragraph', 'paragraph'])
  })

  it("keeps a letterhead's name and the signature that repeats it atop the next page", () => {
    const pages = [1, 2].map((n) => ({
      height: 800,
      blocks:
        n === 1
          ? [
              block(['Sofia Marquez-Lindqvist'], 70, 80, { page: 1, fontSize: 24 }),
              block(['Dear Ms Oduya, I am writing to apply for the role.'], 70, 300, { page: 1 }),
            ]
          : [
              block(['Sincerely,'], 70, 55, { page: 2, fontSize: 11 }),
              block(['Sofia Marquez-Lindqvist'], 70, 80, { page: 2, fontSize: 11 }),
            ],
    }))
    markFurniture(pages)
    expect(kinds(pages)).toEqual([
      ['paragraph', 'paragraph'],
      ['paragraph', 'paragraph'],
    ])
  })

  it("keeps a bare number in the margin that breaks the document's page numbering", () => {
    // A table's cell at the top of the page it runs on to, in a document numbered "Page n".
    const pages = threePages((n) => [
      ...(n === 3 ? [block(['53'], 300, 20, { page: n })] : []),
      block([`Body text of page ${n}`], 10, 300, { page: n }),
      block([`Page ${n}`], 300, 780, { page: n }),
    ])
    markFurniture(pages)
    expect(kinds(pages)[2]).toEqual(['paragraph', 'paragraph', 'footer'])
  })

  it("keeps a note's mark beside its text at the foot of a page whose folios are numbers too", () => {
    // Pages numbered 27 to 29: the note's "4" stands in the bottom margin of page 1 as well.
    const pages = threePages((n) => [
      block([`Body text of page ${n}`], 10, 300, { page: n }),
      ...(n === 1
        ? [
            block(['4'], 300, 745, { page: n }),
            block(['Estimates are sensitive to the choice'], 306, 745, { page: n }),
          ]
        : []),
      block([String(26 + n)], 300, 780, { page: n }),
    ])
    markFurniture(pages)
    expect(kinds(pages)[0]).toEqual(['paragraph', 'paragraph', 'paragraph', 'footer'])
  })

  it("keeps a step's number in the margin beside its text, no page's number", () => {
    // A leaflet's first step at the top of its second page: "1" in a badge beside its text.
    const pages = [1, 2].map((n) => ({
      height: 595,
      blocks:
        n === 1
          ? [block(['What happens when your deal ends?'], 36, 300, { page: n })]
          : [
              block(['1'], 466, 78, { page: n }),
              block(['Check your options. Log in to see the rates'], 490, 78, { page: n }),
              block(['Choose a product and apply online'], 490, 200, { page: n }),
            ],
    }))
    markFurniture(pages)
    expect(kinds(pages)[1]).toEqual(['paragraph', 'paragraph', 'paragraph'])
  })

  it('marks a running head that repeats a chapter title set larger on the page before', () => {
    // A novel's recto head names the chapter that opened on the page before; the verso's head
    // names the book, once, and stays.
    const body = ['the text of the chapter runs on from line to line as novels do']
    const pages = [
      {
        height: 800,
        blocks: [
          block(['THE WINTER ORCHARD'], 10, 20, { fontSize: 8.5 }),
          block(['The Tenant'], 10, 200, { fontSize: 20 }),
          block(body, 10, 260),
        ],
      },
      {
        height: 800,
        blocks: [
          block(['The Tenant'], 10, 20, { fontSize: 8.5, page: 2 }),
          block(body, 10, 60, { page: 2 }),
        ],
      },
    ]
    markFurniture(pages)
    expect(kinds(pages)).toEqual([
      ['paragraph', 'paragraph', 'paragraph'],
      ['header', 'paragraph'],
    ])
  })

  it('keeps a contents entry near the top of its page, under the title "Contents"', () => {
    // The first entry names a section set larger on the next page, as a running head would.
    const body = ['the text of the summary runs on from line to line as reports do']
    const pages = [
      {
        height: 800,
        blocks: [
          block(['Contents'], 10, 50, { fontSize: 18 }),
          block(['Executive summary 3'], 10, 90, { fontSize: 10.5 }),
          block(['Introduction 4'], 10, 110, { fontSize: 10.5 }),
        ],
      },
      {
        height: 800,
        blocks: [
          block(['Executive summary'], 10, 60, { fontSize: 18, page: 2 }),
          block(body, 10, 100, { page: 2 }),
        ],
      },
    ]
    markFurniture(pages)
    expect(kinds(pages)[0]).toEqual(['paragraph', 'paragraph', 'paragraph'])
  })

  it("marks a running head that names the chapter beside the page's number, on its line", () => {
    // The recto head of a book's chapter, "The Night Ferry 3", its number set in the head's line.
    const body = ['the text of the chapter runs on from line to line as novels do']
    const page = (blocks: Block[]) => ({ height: 800, blocks })
    const text = (n: number) => block(body, 10, 60, { page: n })
    const pages = [
      page([block(['The Night Ferry'], 10, 200, { fontSize: 20 }), block(body, 10, 260)]),
      page([block(['The Lantern Keeper'], 10, 20, { fontSize: 9, page: 2 }), text(2)]),
      page([block(['The Night Ferry 3'], 10, 20, { fontSize: 9, page: 3 }), text(3)]),
    ]
    markFurniture(pages)
    expect(pages[2]?.blocks[0]?.kind).toBe('header')
  })

  it("marks a short book's heads: its title on every other page, a chapter's over its title too", () => {
    // Nine pages: a title page, a dedication and contents, then chapters that open on a page
    // whose head names the chapter above its title; the book's title heads every other page.
    const body = (page: number) => block(['the story runs on from line to line'], 10, 300, { page })
    const head = (text: string, page: number) => block([text], 10, 20, { fontSize: 9, page })
    const title = (text: string, page: number) => block([text], 10, 100, { fontSize: 18, page })
    const chapters: Record<number, string> = {
      4: 'Chapter 1: The Arrival',
      6: 'Chapter 2',
      8: 'Chapter 3',
    }
    const pages = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => {
      const chapter = chapters[n]
      const blocks =
        n <= 3
          ? [body(n)]
          : chapter
            ? [head(chapter, n), title(chapter, n), body(n)]
            : [head("The Lighthouse Keeper's Ledger", n), body(n)]
      return { height: 800, blocks }
    })
    markFurniture(pages)
    expect(kinds(pages).slice(3)).toEqual([
      ['header', 'paragraph', 'paragraph'],
      ['header', 'paragraph'],
      ['header', 'paragraph', 'paragraph'],
      ['header', 'paragraph'],
      ['header', 'paragraph', 'paragraph'],
      ['header', 'paragraph'],
    ])
  })

  it('marks a running head naming a chapter of one page after the title its other heads share', () => {
    const heads = [
      'Aquila X300 Operator Manual - 1 Getting Started',
      'Aquila X300 Operator Manual - 1 Getting Started',
      'Aquila X300 Operator Manual - 2 Operation',
    ]
    const pages = threePages((n) => [
      block([heads[n - 1] as string], 10, 20, { fontSize: 9, page: n }),
      block([`Body text of page ${n} - and a dash`], 10, 300, { page: n }),
    ])
    markFurniture(pages)
    expect(kinds(pages)).toEqual(Array(3).fill(['header', 'paragraph']))
  })

  it("keeps a table's header row, repeated over every page the table runs on, where it first stands", () => {
    const pages = threePages((n) => [
      block(['Annual Report 2024'], 10, 20),
      { ...block(['LICENSE TYPE NAME CITY EXPIRES'], 10, 50), standalone: true, tableRow: true },
      { ...block([`64876${n} AAA ALLEGIANT AIR TULSA 2014/12/0${n}`], 10, 62), tableRow: true },
    ])
    markFurniture(pages)
    expect(kinds(pages)).toEqual([
      ['header', 'paragraph', 'paragraph'],
      ['header', 'header', 'paragraph'],
      ['header', 'header', 'paragraph'],
    ])
  })

  it('keeps numbered headings that open their pages, but not running heads and footers', () => {
    const body = Array.from({ length: 20 }, () => 'body text of the page, line after line')
    const pages = threePages((n) => [
      // A journal's running head: numbers inside, and the page's, but set small.
      block([`Coastal Studies 12 (3), p. ${40 + n} of 58`], 300, 40, { fontSize: 8 }),
      block([`${n} Area ${n} overview`], 10, 90, { fontSize: 16 }),
      block(body, 10, 120, { fontSize: 11 }),
      // Set larger than the body too, but its only number is the page's, at one end.
      block([`Domestic Trade ${638 + n}`], 10, 780, { fontSize: 13 }),
    ])
    markFurniture(pages)
    expect(kinds(pages)).toEqual(Array(3).fill(['header', 'paragraph', 'paragraph', 'footer']))
  })

  it("keeps a manual's numbered chapters that open pages one after another, a page ahead", () => {
    const body = Array.from({ length: 20 }, () => 'body text of the page, line after line')
    const titles = ['Getting Started', 'Importing Photos', 'Editing', 'Exporting']
    const pages = [1, 2, 3, 4].map((n) => ({
      height: 800,
      blocks: [
        // Chapter 1 on page 2, chapter 2 on page 3: numbered as a running head numbers pages.
        block([`${n} ${titles[n - 1]}`], 10, 40, { fontSize: 16, page: n + 1 }),
        block(body, 10, 120, { fontSize: 10, page: n + 1 }),
      ],
    }))
    markFurniture(pages)
    expect(kinds(pages)).toEqual(Array(4).fill(['paragraph', 'paragraph']))
  })

  it("marks a running head that ends in the page's number on the one page of its section", () => {
    const body = Array.from({ length: 20 }, () => 'body text of the page, line after line')
    const pages = [1, 2, 3, 4].map((n) => ({
      height: 800,
      blocks: [
        ...(n === 3 ? [block(['2.1. Data collection 3'], 10, 40, { page: n })] : []),
        ...(n === 2 ? [block(['2 Results and more'], 10, 40, { page: n })] : []),
        block(body, 10, 120, { page: n }),
        block([String(n)], 300, 780, { page: n }),
      ],
    }))
    markFurniture(pages)
    // A section's number opens its title: the heading on page 2 stays, though it numbers it.
    expect(kinds(pages)).toEqual([
      ['paragraph', 'footer'],
      ['paragraph', 'paragraph', 'footer'],
      ['header', 'paragraph', 'footer'],
      ['paragraph', 'footer'],
    ])
  })

  it("keeps a control table's title cell, beside its label, though it names the title set larger", () => {
    const body = Array.from({ length: 20 }, () => 'body text of the page, line after line')
    const pages = threePages((n) => [
      ...(n === 1
        ? [
            block(['Title'], 10, 40, { page: n }),
            block(['New Starter Account Provisioning'], 120, 40, { page: n }),
          ]
        : []),
      ...(n === 2
        ? [block(['New Starter Account Provisioning'], 10, 120, { fontSize: 18, page: n })]
        : []),
      block(body, 10, 160, { page: n }),
    ])
    markFurniture(pages)
    expect(kinds(pages)[0]).toEqual(['paragraph', 'paragraph', 'paragraph'])
  })

  it('marks a band repeated under the running header after its first occurrence, the title', () => {
    // The header ends in the top margin (112 pt of 800); the band under it reaches 140 pt.
    const pages = threePages((n) => [
      block(['VA Medical Center', 'Policy No. 3'], 10, 60),
      block(['Controlled Substance Policy', 'Research Service'], 10, 120),
      block([`Body text of page ${n}`], 10, 300),
      block(['Repeated in the body of every page'], 10, 160),
    ])
    markFurniture(pages)
    expect(kinds(pages)).toEqual([
      ['header', 'paragraph', 'paragraph', 'paragraph'],
      ['header', 'header', 'paragraph', 'paragraph'],
      ['header', 'header', 'paragraph', 'paragraph'],
    ])
  })

  it("keeps the first page's title that a browser's running header repeats in small type", () => {
    const pages = threePages((n) => [
      block(['Annual Review of District Services'], 290, 20, { fontSize: 8 }),
      ...(n === 1 ? [block(['Annual Review of District Services'], 30, 60, { fontSize: 22 })] : []),
      block([`Body text of page ${n}`], 10, 300),
    ])
    markFurniture(pages)
    expect(kinds(pages)).toEqual([
      ['header', 'paragraph', 'paragraph'],
      ['header', 'paragraph'],
      ['header', 'paragraph'],
    ])
  })

  it("marks a LaTeX running head, set lower in the margin, on the pages after a chapter's first", () => {
    // The head's baseline stands 13% down the page; the chapter's first page has none.
    const pages = threePages((n) => [
      ...(n > 1 ? [block(['Harbour Survey 2026'], 10, 103)] : []),
      block([`Body text of page ${n}`], 10, 300),
    ])
    markFurniture(pages)
    expect(kinds(pages)).toEqual([['paragraph'], ['header', 'paragraph'], ['header', 'paragraph']])
  })

  it('marks nothing in a one-page document', () => {
    const page = { height: 800, blocks: [block(['7'], 300, 780)] }
    markFurniture([page])
    expect(page.blocks[0]?.kind).toBe('paragraph')
  })

  it('marks the running head on the line of the page number, though its chapter title changes', () => {
    // Printed page numbers run two behind the page positions (an unnumbered front matter).
    const heads = ['Chapter 1: Introduction', 'Chapter 2: Syntax', 'Chapter 3: Naming']
    const pages = heads.map((head, i) => ({
      height: 800,
      blocks: [
        block([head], 10, 40, { page: i + 3 }),
        block([String(i + 1)], 500, 40, { page: i + 3 }),
        block(['Body text'], 10, 300, { page: i + 3 }),
      ],
    }))
    markFurniture(pages)
    expect(kinds(pages)).toEqual(Array(3).fill(['header', 'header', 'paragraph']))
  })

  it('keeps a margin line whose number is a note mark, not the page number', () => {
    const pages = threePages((n) => [
      block([String(n)], 300, 780, { page: n }),
      // A table's first column head in the top margin, with its note mark set apart.
      block([n === 2 ? 'Kind of business' : `Table ${n}`], 10, 40, { page: n }),
      block(['1'], 120, 40, { page: n }),
    ])
    markFurniture(pages)
    expect(pages[1]?.blocks[1]?.kind).toBe('paragraph')
  })
  it('marks page numbers set above the margin when they keep the page numbering', () => {
    // LaTeX sets the number 100 pt over the bottom of a letter page, with a note under the text.
    const pages = [1, 2].map((n) => ({
      height: 792,
      blocks: [
        block([`Body text of page ${n}`], 126, 300, { page: n }),
        block([`${n} A note under the text of page ${n}.`], 138, 655, { page: n }),
        block([String(n)], 302, 700, { page: n }),
      ],
    }))
    markFurniture(pages)
    expect(kinds(pages)).toEqual(Array(2).fill(['paragraph', 'paragraph', 'footer']))
    // A lone figure that high, out of step with the page numbers, is content.
    const figures = [1, 2].map((n) => ({
      height: 792,
      blocks: [
        block(['Body text'], 126, 300, { page: n }),
        block([n === 1 ? '12' : '3'], 302, 700, { page: n }),
      ],
    }))
    markFurniture(figures)
    expect(kinds(figures)).toEqual(Array(2).fill(['paragraph', 'paragraph']))
  })
  it("marks a book's front matter numbered in Roman numerals where its chapters' numbers stand", () => {
    // Page 1 ends the contents, numbered "iii" where the chapters' opening pages 2 and 3 (numbered
    // 1 and 2) set theirs; page 4 is a blank verso with its running head beside "iv".
    const pages = [1, 2, 3, 4].map((n) => ({
      height: 792,
      blocks:
        n === 4
          ? [block(['iv'], 126, 60, { page: n }), block(['CONTENTS'], 420, 60, { page: n })]
          : [
              block([`Body text of page ${n}`], 126, 300, { page: n }),
              block([n === 1 ? 'iii' : String(n - 1)], 302, 700, { page: n }),
            ],
    }))
    markFurniture(pages)
    expect(kinds(pages)).toEqual([
      ['paragraph', 'footer'],
      ['paragraph', 'footer'],
      ['paragraph', 'footer'],
      ['header', 'header'],
    ])
    // A Roman numeral elsewhere on that line is content: an item's number, a volume.
    const item = [1, 2, 3].map((n) => ({
      height: 792,
      blocks: [
        block(['Body text'], 126, 300, { page: n }),
        block([n === 1 ? 'iv' : String(n)], n === 1 ? 126 : 302, 700, { page: n }),
      ],
    }))
    markFurniture(item)
    expect(item[0]?.blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph'])
  })

  it('marks a running title read apart from its page number on one page like those read with it', () => {
    const title = 'Clinical Guidance for Bed Rails'
    const pages = threePages((n) => [
      block([`Body text of page ${n}`], 10, 300, { page: n }),
      ...(n === 2
        ? [block([title], 10, 780, { page: n }), block(['2'], 500, 780, { page: n })]
        : [block([`${title} ${n}`], 10, 780, { page: n })]),
    ])
    markFurniture(pages)
    expect(kinds(pages)).toEqual([
      ['paragraph', 'footer'],
      ['paragraph', 'footer', 'footer'],
      ['paragraph', 'footer'],
    ])
  })
})
