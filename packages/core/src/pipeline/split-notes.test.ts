import { describe, expect, it } from 'vitest'
import { splitNotes } from './split-notes.js'
import { block } from './test-helpers.js'

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
})
