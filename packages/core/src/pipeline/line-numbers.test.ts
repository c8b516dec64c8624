import { describe, expect, it } from 'vitest'
import { withoutLineNumbers } from './line-numbers.js'
import { run } from './test-helpers.js'

const SENTENCE = 'Hypertension is the leading modifiable risk factor in rural Malawi.'

/** Lines of text at `pitch`, each with the number `first + i * step` before it at `numberSize`. */
function numberedPage(count: number, pitch: number, numberSize: number, step = 1) {
  const text = Array.from({ length: count }, (_, i) => run(SENTENCE, 198, 100 + i * pitch))
  const numbers = Array.from({ length: count }, (_, i) =>
    run(String(13 + i * step), 182, 100 + i * pitch, { fontSize: numberSize }),
  )
  return { text, numbers }
}

describe('withoutLineNumbers', () => {
  it("drops a preprint's line numbers, set small in the margin, and keeps its text", () => {
    const { text, numbers } = numberedPage(12, 12, 5)
    expect(withoutLineNumbers([...numbers, ...text])).toEqual(text)
    // Every fifth line numbered.
    const sparse = numberedPage(12, 12, 5, 5)
    expect(withoutLineNumbers([...sparse.numbers, ...sparse.text])).toEqual(sparse.text)
  })

  it("drops a patent's numbers of every fifth line, centred in the gutter between its columns", () => {
    const columns = Array.from({ length: 60 }, (_, i) => [
      run('A battery pack comprising a plurality of', 72, 100 + 10.4 * i),
      run('cell modules each with a temperature sensor', 316, 100 + 10.4 * i),
    ]).flat()
    const numbers = Array.from({ length: 12 }, (_, i) => {
      const text = String(5 * (i + 1))
      const width = text.length * 3.5
      return run(text, 306 - width / 2, 100 + 10.4 * (5 * (i + 1) - 1), { fontSize: 7 })
    })
    expect(withoutLineNumbers([...numbers, ...columns])).toEqual(columns)
  })

  it("drops a pleading's numbered margin, set in the text's size at one pitch", () => {
    const { text, numbers } = numberedPage(28, 24, 10)
    expect(withoutLineNumbers([...numbers, ...text])).toEqual(text)
  })

  it("drops a word processor's numbers of every fifth line on a short page, in the text's size", () => {
    // Restarted on each page: a page of 17 lines has three.
    const text = Array.from({ length: 17 }, (_, i) => run(SENTENCE, 85, 100 + i * 15.5))
    const numbers = [5, 10, 15].map((n) => run(String(n), 55, 100 + (n - 1) * 15.5))
    expect(withoutLineNumbers([...numbers, ...text])).toEqual(text)
    // A table's column of doses, 5 mg to 15 mg, starts where its caption does.
    const table = [
      run('Table 2: Doses given', 55, 80),
      ...[5, 10, 15].flatMap((n, i) => [
        run(String(n), 55, 100 + i * 15),
        run('mg daily', 85, 100 + i * 15),
      ]),
    ]
    expect(withoutLineNumbers(table)).toEqual(table)
  })

  it("keeps a table's numbered rows and a contents page's page numbers", () => {
    // Nine rows of a table, one line each, the rows numbered in the cells' type.
    const rows = numberedPage(9, 14, 10)
    const table = [...rows.numbers, ...rows.text]
    expect(withoutLineNumbers(table)).toEqual(table)
    // Entries' page numbers in the right margin rise unevenly.
    const contents = [4, 6, 11, 15, 18, 21, 25, 30, 33, 38].flatMap((page, i) => [
      run('An entry of the contents', 72, 100 + 14 * i),
      run(String(page), 520, 100 + 14 * i, { fontSize: 5 }),
    ])
    expect(withoutLineNumbers(contents)).toEqual(contents)
  })
})
