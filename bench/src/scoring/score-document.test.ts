import { describe, expect, it } from 'vitest'
import { type DocumentScores, scoreDocument, summarize } from './score-document'
import { zhangShashaDistance } from './zhang-shasha'

// Expected values were computed with the reference scorer,
// `python3 ../shared/tools/dpbench_score.py` (its score_document(), default apted-compatible
// tree edit distance), on exactly these strings. Agreement is exact, so the test is too.
const REFERENCE_CASES: { name: string; gt: string; pred: string; expected: DocumentScores }[] = [
  {
    name: 'plain text',
    gt: 'Hello world.\nSecond line here.',
    pred: 'Hello  world.\n\nSecond line hare.',
    expected: {
      overall: 0.9666666666666667,
      nid: 0.9666666666666667,
      nidS: 0.9666666666666667,
      teds: null,
      tedsS: null,
      mhs: null,
      mhsS: null,
    },
  },
  {
    name: 'blank reference',
    gt: '  \n ',
    pred: 'anything',
    expected: {
      overall: null,
      nid: null,
      nidS: null,
      teds: null,
      tedsS: null,
      mhs: null,
      mhsS: null,
    },
  },
  {
    name: 'headings and content',
    gt: '# Title\nIntro text.\n## Part A\nBody of A.\n',
    pred: 'Title\nIntro text.\n# Part A\nBody of A.',
    expected: {
      overall: 0.8452253628724217,
      nid: 0.961038961038961,
      nidS: 0.961038961038961,
      teds: null,
      tedsS: null,
      mhs: 0.7294117647058823,
      mhsS: 0.8,
    },
  },
  {
    name: 'missing prediction',
    gt: '# Title\nSome text',
    pred: '',
    expected: { overall: 0.0, nid: 0.0, nidS: 0.0, teds: null, tedsS: null, mhs: 0.0, mhsS: 0.0 },
  },
  {
    name: 'html table vs gfm table',
    gt: 'Intro\n\n<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>\n\nEnd',
    pred: 'Intro\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd',
    expected: { overall: 1.0, nid: 1.0, nidS: 1.0, teds: 1.0, tedsS: 1.0, mhs: null, mhsS: null },
  },
  {
    name: 'spans and cell text',
    gt: '<table><tr><td colspan="2">Head &amp; more</td></tr><tr><td>x<br>y</td><td>z</td></tr></table>',
    pred: '<table><tr><td>Head & more</td><td></td></tr><tr><td>x y</td><td>zz</td></tr></table>',
    expected: {
      overall: 0.6901935355147646,
      nid: 0.8268156424581005,
      nidS: 1.0,
      teds: 0.5535714285714286,
      tedsS: 0.7142857142857143,
      mhs: null,
      mhsS: null,
    },
  },
  {
    name: 'malformed markup',
    gt: 'T\n<table><tr><td>a<td>b</tr><tr><td rowspan=2>c</table>',
    pred: '<TABLE><tr><td>a</td><td>b<tr><td>c</td></tr></table>',
    expected: {
      overall: 0.75,
      nid: 0.6666666666666667,
      nidS: 0.0,
      teds: 0.8333333333333334,
      tedsS: 0.8333333333333334,
      mhs: null,
      mhsS: null,
    },
  },
  {
    name: 'three-cell row spread',
    gt: '| a | b | c | d |\n|---|---|---|---|\n| 1 | 2 | 3 |',
    pred: '<table><tr><td>a</td><td>b</td><td>c</td><td>d</td></tr><tr><td>1</td><td>2</td><td>2</td><td>3</td></tr></table>',
    expected: {
      overall: 0.9646017699115044,
      nid: 0.9292035398230089,
      nidS: 1.0,
      teds: 1.0,
      tedsS: 1.0,
      mhs: null,
      mhsS: null,
    },
  },
  {
    name: 'apted is not minimal here',
    gt: '# \nabcd\n# x ab\nabc',
    pred: 'x\n# abc\nab x\n# ab',
    expected: {
      overall: 0.4279411764705882,
      nid: 0.7058823529411764,
      nidS: 0.7058823529411764,
      teds: null,
      tedsS: null,
      mhs: 0.15000000000000002,
      mhsS: 0.6,
    },
  },
  {
    name: 'astral characters',
    gt: '# \ud83d\ude00 Emoji \ud835\udd18nicode\ntext \ud83d\ude00\ud83d\ude00',
    pred: '# Emoji \ud835\udd18nicode\ntext \ud83d\ude00',
    expected: {
      overall: 0.9220533603512326,
      nid: 0.9361702127659575,
      nidS: 0.9361702127659575,
      teds: null,
      tedsS: null,
      mhs: 0.9079365079365079,
      mhsS: 1.0,
    },
  },
  {
    name: 'python whitespace',
    gt: 'a\u001cb\u0085c\ufeffd',
    pred: 'a b c d',
    expected: {
      overall: 0.8571428571428572,
      nid: 0.8571428571428572,
      nidS: 0.8571428571428572,
      teds: null,
      tedsS: null,
      mhs: null,
      mhsS: null,
    },
  },
]

describe('scoreDocument', () => {
  for (const { name, gt, pred, expected } of REFERENCE_CASES) {
    it(`matches the reference scorer: ${name}`, () => {
      expect(scoreDocument(gt, pred)).toEqual(expected)
    })
  }

  it('gives the minimal tree edit distance with Zhang-Shasha (dpbench_score.py --exact-ted)', () => {
    const scores = scoreDocument('# \nabcd\n# x ab\nabc', 'x\n# abc\nab x\n# ab', {
      treeDistance: zhangShashaDistance,
    })
    expect(scores.mhs).toBe(0.19999999999999996)
    expect(scores.overall).toBe(0.4529411764705882)
  })

  it('throws where the bench raises, so the document is left out', () => {
    expect(() =>
      scoreDocument(
        '<table><tr><td colspan="x">a</td></tr></table>',
        '<table><tr><td>a</td></tr></table>',
      ),
    ).toThrow("invalid literal for int() with base 10: 'x'")
  })

  it('scores a reference against itself as 1 everywhere it applies', () => {
    const gt = '# Report\n\nText.\n\n<table><tr><td>1</td></tr></table>\n'
    expect(scoreDocument(gt, gt)).toEqual({
      overall: 1,
      nid: 1,
      nidS: 1,
      teds: 1,
      tedsS: 1,
      mhs: 1,
      mhsS: 1,
    })
  })
})

describe('summarize', () => {
  it('averages each metric over the documents where it applies, with counts', () => {
    const none = { teds: null, tedsS: null, mhs: null, mhsS: null }
    const summary = summarize([
      { overall: 0.5, nid: 0.5, nidS: 0.4, ...none },
      { overall: 0.75, nid: 1, nidS: 1, teds: 0.5, tedsS: 0.6, mhs: null, mhsS: null },
      { overall: null, nid: null, nidS: null, ...none },
    ])
    expect(summary.nid).toEqual({ mean: 0.75, count: 2 })
    expect(summary.teds).toEqual({ mean: 0.5, count: 1 })
    expect(summary.mhs).toEqual({ mean: null, count: 0 })
    expect(summary.overall).toEqual({ mean: 0.625, count: 2 })
  })

  it('uses an exactly rounded sum like Python (0.1 ten times is 1)', () => {
    const docs = Array.from({ length: 10 }, () => ({
      overall: 0.1,
      nid: 0.1,
      nidS: 0.1,
      teds: null,
      tedsS: null,
      mhs: null,
      mhsS: null,
    }))
    expect(summarize(docs).nid.mean).toBe(0.1)
  })
})
