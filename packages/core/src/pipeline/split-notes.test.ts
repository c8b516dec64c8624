import { describe, expect, it } from 'vitest'
import { splitNotes } from './split-notes.js'
import { block } from './test-helpers.js'
import type { Line } from './types.js'

const texts = (blocks: ReturnType<typeof splitNotes>) =>
  blocks.map((b) => b.lines.map((line) => line.text).join(' '))

describe('splitNotes', () => {
  it('gives each numbered note of a footnote block a block of its own', () => {
    const notes = block(
      [
        '4Parker, K., Miles, SH. (1997). Deaths caused by bed rails. Journal of the',
        'American Geriatrics Society 45:797-802.',
        '5 Feinsod, F.M., Moore, M. (1997). Eliminating full-length bed rails.',
        '6 MedWatch, the medical products reporting program.',
      ],
      10,
      700,
      { kind: 'footnote', fontSize: 8 },
    )
    const split = splitNotes(notes)
    expect(texts(split)).toEqual([
      '4Parker, K., Miles, SH. (1997). Deaths caused by bed rails. Journal of the American Geriatrics Society 45:797-802.',
      '5 Feinsod, F.M., Moore, M. (1997). Eliminating full-length bed rails.',
      '6 MedWatch, the medical products reporting program.',
    ])
    expect(split.map((note) => [note.kind, note.top])).toEqual([
      ['footnote', notes.top],
      ['footnote', notes.top + 24],
      ['footnote', notes.top + 36],
    ])
  })

  it('gives each note numbered in lower-case roman numerals a block of its own', () => {
    const notes = block(
      ['viii Congressional Budget Office, Public Spending (2018).', 'ix Ibid.', 'x See note viii.'],
      10,
      700,
      { kind: 'footnote', fontSize: 8 },
    )
    expect(texts(splitNotes(notes))).toEqual([
      'viii Congressional Budget Office, Public Spending (2018).',
      'ix Ibid.',
      'x See note viii.',
    ])
  })

  it('gives each note marked with a symbol in their order a block of its own', () => {
    const notes = block(
      ['* University of Somewhere, jane@example.org', '† Example Labs', '‡ Now at Another Place'],
      10,
      700,
      { kind: 'footnote', fontSize: 8 },
    )
    expect(texts(splitNotes(notes))).toEqual([
      '* University of Somewhere, jane@example.org',
      '† Example Labs',
      '‡ Now at Another Place',
    ])
    // A wrapped line that opens with an asterisk out of order stays in its note.
    const wrapped = block(['† Example Labs, where the work marked', '* was done'], 10, 700, {
      kind: 'footnote',
      fontSize: 8,
    })
    expect(texts(splitNotes(wrapped))).toEqual(['† Example Labs, where the work marked * was done'])
  })

  it('keeps a wrapped line that starts with another number in its note', () => {
    const note = block(
      ['3 Smith, J. Falls in care homes, volume', '12 of the Review, pages 4-9.'],
      10,
      700,
      {
        kind: 'footnote',
      },
    )
    expect(splitNotes(note)).toEqual([note])
  })

  it("keeps a wrapped line that starts with the next number in its note, off the notes' marks", () => {
    // Chicago-style notes: the raised mark indented, the wraps at the margin.
    const [first, second, wrap] = [
      '2 The gebuurten have been studied by Deceulaer. See "Buurtorganisaties," Stadsgeschiedenis',
      '3 (2008): 1-24.',
      '3 Stadsarchief Antwerpen, Privilegekamer, PK 914, fol. 33r-v.',
    ]
    const notes = block([first, second, wrap], 70.9, 700, { kind: 'footnote' })
    const [opening, , next] = notes.lines as [Line, Line, Line]
    opening.openingMark = '2'
    opening.left = 84.3
    next.openingMark = '3'
    next.left = 84.3
    expect(texts(splitNotes(notes))).toEqual([`${first} ${second}`, wrap])
    // Without the raised mark, a number at the margin is no mark either.
    delete next.openingMark
    expect(texts(splitNotes(notes))).toEqual([`${first} ${second} ${wrap}`])
  })
})
