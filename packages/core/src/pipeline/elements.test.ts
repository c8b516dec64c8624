import { describe, expect, it } from 'vitest'
import { buildElements } from './elements.js'
import { collectSpellings } from './join-lines.js'
import { block, page } from './test-helpers.js'

describe('buildElements', () => {
  it("lists items by their own numbers, a number in brackets kept as the item's label", () => {
    const items = (markers: string[]) =>
      page(
        markers.map((marker, i) =>
          block([`${marker} The Authority may grant a licence.`], 10, 100 + 12 * i, {
            kind: 'list-item',
            marker,
          }),
        ),
      )
    const text = (markers: string[]) =>
      buildElements([items(markers)], collectSpellings([]))[0]?.text
    expect(text(['(1)', '(2)'])).toBe(
      '- (1) The Authority may grant a licence.\n- (2) The Authority may grant a licence.',
    )
    expect(text(['1)', '2)'])).toBe(
      '1) The Authority may grant a licence.\n2) The Authority may grant a licence.',
    )
    expect(text(['1', '2'])).toBe(
      '1. The Authority may grant a licence.\n2. The Authority may grant a licence.',
    )
  })

  it("lists a checklist's items as task items, ticked where their box is", () => {
    const list = page(
      [
        ['☐', 'Profile the Redis script'],
        ['☑', 'Add the expiry alert'],
        ['☒', 'Renew the certificate'],
      ].map(([marker = '', text], i) =>
        block([`${marker} ${text}`], 10, 100 + 12 * i, { kind: 'list-item', marker }),
      ),
    )
    const [element] = buildElements([list], collectSpellings([]))
    expect(element?.text).toBe(
      '- [ ] Profile the Redis script\n- [x] Add the expiry alert\n- [x] Renew the certificate',
    )
    expect(element?.items?.[1]).toBe('☑ Add the expiry alert')
  })

  it('reads a note broken over three pages as one note', () => {
    const pages = [1, 2, 3].map((n) => {
      const note = block([`part ${n} of the note`], 57, 760, { kind: 'footnote', page: n })
      if (n > 1) note.continuesNote = true
      return page([block(['Body text.'], 57, 100, { page: n }), note], n)
    })
    const notes = buildElements(pages, collectSpellings([])).filter(
      (element) => element.type === 'footnote',
    )
    expect(notes.map((element) => element.text)).toEqual([
      'part 1 of the note part 2 of the note part 3 of the note',
    ])
  })

  it("keeps the blank lines that stand within a listing's block", () => {
    // A browser's <pre>: lines 11.5 pt apart, a blank line 23 pt.
    const listing = block(
      [
        "const queue = new Queue('emails')",
        'queue.process(async (job) => {',
        'await send(job)',
        '})',
      ],
      72,
      300,
      { kind: 'code', monospace: true, fontSize: 9 },
    )
    const baselines = [300, 323, 334.5, 346]
    listing.lines.forEach((line, i) => {
      line.baseline = baselines[i] as number
      line.left = i === 2 ? 82.8 : 72
    })
    const [code] = buildElements([page([listing])], collectSpellings([]))
    expect(code).toMatchObject({
      type: 'code',
      text: "const queue = new Queue('emails')\n\nqueue.process(async (job) => {\n  await send(job)\n})",
    })
  })
  it('reads a listing split into blocks at its indents as one, indented in its characters', () => {
    // LaTeX's verbatim in 10.9 pt cmtt: 5.73 pt a character, lines 13.5 pt apart, each indent
    // four characters; the blocks break where the indentation grows.
    const advance = 5.726
    const lines = [
      'procedure BFS(G, s)',
      'queue := [s]',
      'while queue is not empty',
      'v := dequeue(queue)',
      'for each neighbour w of v',
      'enqueue(queue, w)',
    ]
    const indents = [0, 4, 4, 8, 8, 12]
    const blocks = [
      [0, 3],
      [3, 5],
      [5, 6],
    ].map(([from, to]) => {
      const part = block(lines.slice(from, to), 151.7, 209.2, {
        kind: 'code',
        monospace: true,
        fontSize: 10.9,
      })
      part.lines.forEach((line, i) => {
        const index = (from as number) + i
        line.baseline = 209.2 + 13.5 * index
        line.left = 151.7 + advance * (indents[index] as number)
        line.right = line.left + advance * line.text.length
        line.top = line.baseline - 8
        line.bottom = line.baseline + 2
      })
      part.left = Math.min(...part.lines.map((line) => line.left))
      part.right = Math.max(...part.lines.map((line) => line.right))
      part.top = part.lines[0]?.top ?? 0
      part.bottom = part.lines.at(-1)?.bottom ?? 0
      return part
    })
    const [code, ...rest] = buildElements([page(blocks)], collectSpellings([]))
    expect(rest).toEqual([])
    expect(code?.text).toBe(
      lines.map((line, i) => ' '.repeat(indents[i] as number) + line).join('\n'),
    )
  })

  it('reads a listing on over a page break, past the running head, to its last line alone overleaf', () => {
    const code = { kind: 'code' as const, monospace: true, fontSize: 9 }
    const foot = block(
      ['exporters:', 'type: ndjson', 'path: /var/log/app/spans.ndjson'],
      72,
      720,
      code,
    )
    for (const line of foot.lines.slice(1)) line.left = 82.8
    const head = block(['Configuration guide'], 72, 30, { kind: 'header', page: 2 })
    const last = block(['flush: 5s'], 82.8, 60, { monospace: true, fontSize: 9, page: 2 })
    const after = block(['The exporter writes a line a span.'], 72, 100, { page: 2 })
    const elements = buildElements(
      [page([foot]), page([head, last, after], 2)],
      collectSpellings([]),
    )
    expect(elements.map((element) => [element.type, element.text])).toEqual([
      ['code', 'exporters:\n  type: ndjson\n  path: /var/log/app/spans.ndjson\n  flush: 5s'],
      ['header', 'Configuration guide'],
      ['paragraph', 'The exporter writes a line a span.'],
    ])
  })

  it("keeps a paragraph under a one-line item's text, a tab right of its number, in the item", () => {
    const item = (text: string, y: number) =>
      block([text], 64.9, y, { kind: 'list-item', marker: text.slice(0, 1), fontSize: 11 })
    const under = (text: string, y: number) => block([text], 100.9, y, { fontSize: 11 })
    const elements = buildElements(
      [
        page([
          item('1 Apologies for absence', 158),
          under('To receive apologies for absence.', 170),
          item('2 Minutes of the previous meeting', 195),
          under('To approve the minutes of the meeting.', 207),
          item('3 Any other business', 232),
        ]),
      ],
      collectSpellings([]),
    )
    expect(elements.map((element) => element.type)).toEqual(['list'])
    expect(elements[0]?.text).toContain('meeting\n\n   To approve the minutes of the meeting.\n')
  })

  it('joins the lines of a note that stands between the parts of a paragraph as it joins text', () => {
    const paragraph = (texts: string[], y: number, number: number) =>
      Object.assign(block(texts, 71, y), { kind: 'paragraph' as const, page: number })
    const note = Object.assign(
      block(
        ['1 The code is at https://www.gov.uk/government/', 'publications/code-2015.'],
        71,
        740,
        {
          fontSize: 9,
        },
      ),
      { kind: 'footnote' as const },
    )
    const pages = [
      page([
        paragraph(['Councils publish their spending data as the code', 'asks them to,'], 700, 1),
        note,
      ]),
      page([paragraph(['though in no consistent format.'], 72, 2)], 2),
    ]
    const elements = buildElements(pages, collectSpellings([]))
    expect(elements.map((element) => [element.type, element.text])).toEqual([
      [
        'paragraph',
        'Councils publish their spending data as the code asks them to, though in no consistent format.',
      ],
      ['footnote', '1 The code is at https://www.gov.uk/government/publications/code-2015.'],
    ])
  })

  it("parts a note's number from its text where a word processor set them together", () => {
    const note = (text: string, y: number) =>
      Object.assign(block([text], 71, y, { fontSize: 9 }), { kind: 'footnote' as const })
    const [first, second] = [
      note('1See the minutes of meeting 3.', 748),
      note('2 See item 8.', 758),
    ]
    const elements = buildElements([page([first, second])], collectSpellings([]))
    expect(elements.map((element) => [element.type, element.text])).toEqual([
      ['footnote', '1 See the minutes of meeting 3.'],
      ['footnote', '2 See item 8.'],
    ])
  })
})
