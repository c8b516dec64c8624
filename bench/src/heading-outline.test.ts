import { describe, expect, it } from 'vitest'
import { alignHeadings, headingKey, scoreOutline } from './heading-outline'

describe('headingKey', () => {
  it('ignores case, spacing, punctuation and leading numbering', () => {
    expect(headingKey('2.1  Road Safety Audit of existing roads.')).toBe(
      'roadsafetyauditofexistingroads',
    )
    expect(headingKey('CHAPTER5Physical Development')).toBe(
      headingKey('Chapter 5 Physical development'),
    )
    expect(headingKey('IV. Results')).toBe('results')
    expect(headingKey('ﬁndings')).toBe('findings') // NFKC folds the ligature
  })
})

describe('alignHeadings', () => {
  it('matches in order, tolerating small differences in long headings only', () => {
    expect(
      alignHeadings(['intro', 'method', 'results'], ['intro', 'extra', 'results', 'method']),
    ).toEqual([
      [0, 0],
      [2, 2],
    ])
    expect(alignHeadings(['roadsafetyauditofexisting'], ['roadsafetyaudit0fexisting'])).toEqual([
      [0, 0],
    ])
    expect(alignHeadings(['intro'], ['intra'])).toEqual([])
  })
})

describe('scoreOutline', () => {
  it('gives precision, recall, F1 and level agreement', () => {
    const reference = [
      { text: 'Title', level: 1 },
      { text: 'Purpose', level: 3 },
      { text: 'Scope', level: 3 },
    ]
    const predicted = [
      { text: 'Title', level: 1 },
      { text: 'Purpose', level: 2 },
      { text: 'Page 3', level: 2 },
    ]
    const score = scoreOutline(reference, predicted)
    expect(score).toMatchObject({
      reference: 3,
      predicted: 3,
      matched: 2,
      levelExact: 0.5,
      levelRelative: 1,
    })
    expect(score.precision).toBeCloseTo(2 / 3)
    expect(score.f1).toBeCloseTo(2 / 3)
  })

  it('ranks levels over matched headings, so an extra heading does not shift the ranks below it', () => {
    const reference = [
      { text: 'Title', level: 1 },
      { text: 'Introduction', level: 3 },
    ]
    const predicted = [
      { text: 'Title', level: 1 },
      { text: 'Developed by the workgroup', level: 2 },
      { text: 'Introduction', level: 3 },
    ]
    expect(scoreOutline(reference, predicted)).toMatchObject({ matched: 2, levelRelative: 1 })
  })

  it('scores an empty prediction as zero without dividing by zero', () => {
    expect(scoreOutline([{ text: 'A', level: 1 }], [])).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
      levelExact: null,
    })
  })
})
