import { describe, expect, it } from 'vitest'
import { aptedDistance } from './apted'
import { buildMhsTree, scoreMhs } from './mhs'

describe('buildMhsTree', () => {
  it('hangs joined content under each heading, whatever its level', () => {
    // same tree as the reference scorer's _mhs_tree on this text
    const tree = buildMhsTree('intro\n# A\nline 1\n\n line  2 \n####### not heading\n#\tB\n#C\n')
    expect(tree).toEqual({
      tag: 'document',
      text: '',
      kids: [
        { tag: 'content', text: 'intro', kids: [] },
        {
          tag: 'heading',
          text: 'A',
          kids: [{ tag: 'content', text: 'line 1 line 2 ####### not heading', kids: [] }],
        },
        { tag: 'heading', text: 'B', kids: [{ tag: 'content', text: '#C', kids: [] }] },
      ],
    })
  })
})

describe('scoreMhs', () => {
  it('is null without reference headings and 0 without predicted ones', () => {
    expect(scoreMhs('no heading', '# H', aptedDistance)).toEqual({ mhs: null, mhsS: null })
    expect(scoreMhs('# H\ntext', 'H\ntext', aptedDistance)).toEqual({ mhs: 0, mhsS: 0 })
  })

  it('ignores heading levels', () => {
    expect(scoreMhs('# H\ntext', '### H\ntext', aptedDistance)).toEqual({ mhs: 1, mhsS: 1 })
  })
})
