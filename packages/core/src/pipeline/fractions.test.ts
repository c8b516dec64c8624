import { describe, expect, it } from 'vitest'
import { groupLines } from './lines.js'
import { run } from './test-helpers.js'
import type { TextRun } from './types.js'

/** The texts of the lines that `runs` make. */
const textsOf = (...runs: TextRun[]) => groupLines(runs).map((line) => line.text)

/** A run with its real width, as pdflatex set it. */
const at = (text: string, left: number, right: number, baseline: number, fontSize = 10) => ({
  ...run(text, left, baseline, { fontSize }),
  right,
})

describe('seatFractions', () => {
  it('reads a displayed fraction on its formula’s line as numerator/denominator', () => {
    // pdflatex's \[ \sigma(x) = \frac{1}{1 + e^{-x}} \]: the numerator 0.68 em over the
    // formula's baseline, the denominator 0.68 em under it, the exponent raised in script size.
    const formula = [
      at('σ(x) = ', 271.5, 301.5, 160.9),
      at('1', 319.5, 324.5, 154.1),
      at('1 + ', 305.5, 320.4, 167.7),
      at('e', 322.7, 327.3, 167.7),
      at('-x', 327.3, 338, 164.8, 7),
    ]
    expect(textsOf(...formula)).toEqual(['σ(x) = 1/(1 + e-x)'])
    // Two fractions between big delimiters: \left(\frac{1}{2}\right) + \left\{\frac{x}{y}\right\}.
    const delimited = [
      { ...at('(', 274.8, 282.1, 297.4), top: 282.9, bottom: 306.8 },
      at('1', 283.3, 288.3, 290.2),
      at('x', 317.7, 323.4, 290.2),
      at('2', 283.3, 288.3, 304.1),
      at('y', 317.9, 323.2, 304.1),
      { ...at(')', 289.5, 296.8, 297.4), top: 282.9, bottom: 306.8 },
      at('+', 299, 306.8, 297),
      { ...at('{', 309, 316.5, 297.4), top: 282.9, bottom: 306.8 },
      { ...at('}', 324.6, 332, 297.4), top: 282.9, bottom: 306.8 },
    ]
    expect(textsOf(...delimited)).toEqual(['(1/2) + {x/y}'])
  })

  it('reads a fraction in running text, its denominator under the line, in the line', () => {
    // $\frac{a}{b}$ in a line of text: the numerator raised 0.39 em, the denominator lowered
    // 0.34 em, both in script size, right after a word space.
    const line = [
      at('Inline fractions like ', 133.8, 217.4, 313.1),
      at('a', 221.9, 226.3, 309.2, 7),
      at('b', 222.4, 225.9, 316.5, 7),
      at('and the rest.', 230.8, 290, 313.1),
    ]
    expect(textsOf(...line)).toEqual(['Inline fractions like a/b and the rest.'])
  })

  it('leaves a sub- and superscript of one glyph as scripts', () => {
    // x_i^2: both scripts start right against the x, where a fraction leaves a space.
    const scripts = [
      at('so that ', 100, 130, 200),
      at('x', 130, 135.7, 200),
      at('2', 135.7, 139.6, 196.1, 7),
      at('i', 135.7, 138.5, 203.4, 7),
      at(' grows.', 140, 170, 200),
    ]
    expect(textsOf(...scripts).join(' ')).not.toContain('/')
  })

  it("leaves a table header's wrapped cell alone", () => {
    // A header cell wrapped over two lines, centred on the row's baseline beside its neighbours.
    const header = [
      at('Description', 60, 120, 300),
      at('Qty', 380, 396, 300),
      at('Unit', 404, 424, 294.3),
      at('price', 404, 430, 305.7),
      at('Amount', 470, 510, 300),
    ]
    expect(textsOf(...header).join(' ')).not.toContain('/')
  })

  it('leaves the lines of two columns set half a line apart as they are', () => {
    // The right column's baselines fall between the left column's, 0.6 em off.
    const left = ['Lines of the left column run on', 'with more words of their own and', 'end.']
    const right = ['while the right column says', 'something else entirely in its', 'lines.']
    const runs = [
      ...left.map((text, i) => at(text, 72, 290, 100 + 12 * i)),
      ...right.map((text, i) => at(text, 310, 520, 106 + 12 * i)),
    ]
    expect(textsOf(...runs).sort()).toEqual([...left, ...right].sort())
  })
})
