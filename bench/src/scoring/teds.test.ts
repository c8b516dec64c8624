import { describe, expect, it } from 'vitest'
import { aptedDistance } from './apted'
import { parseLibxmlHtml } from './libxml-html'
import { buildTedsTree, cellText, scoreTeds, wrapTables } from './teds'

function firstCell(markup: string) {
  const root = parseLibxmlHtml(`<html><body>${markup}</body></html>`)
  return root?.kids[0]?.kids[0]?.kids[0]?.kids[0]
}

describe('cellText', () => {
  it('keeps inner tags, unescapes, and turns <br> into a space (leaving its </br>)', () => {
    // the reference scorer's _cell_text gives 'a <b>bold</b> & x </br>y </br>z' here
    const cell = firstCell('<table><tr><td>a <b>bold</b> &amp;amp; x<br>y<br/>z</td></tr></table>')
    expect(cell && cellText(cell)).toBe('a <b>bold</b> & x </br>y </br>z')
  })
})

describe('buildTedsTree', () => {
  it('renames th to td, makes cells leaves and counts the elements below the root', () => {
    const root = parseLibxmlHtml(
      wrapTables([
        '<table><thead><tr><th rowspan="2">h</th></tr></thead><tr><td>x</td></tr></table>',
      ]),
    )
    const table = root?.kids[0]?.kids[0]
    if (!table) throw new Error('no table')
    const { tree, count } = buildTedsTree(table)
    expect(count).toBe(5) // table, two tr, two td
    expect(tree.kids[0]?.kids[0]?.kids[0]).toMatchObject({
      tag: 'td',
      rowspan: 2,
      colspan: 1,
      text: 'h',
    })
  })
})

describe('scoreTeds', () => {
  const table = '<table><tr><td>a</td><td>b</td></tr></table>'

  it('is null without a reference table and 0 without a predicted one', () => {
    expect(scoreTeds('text', table, aptedDistance)).toEqual({ teds: null, tedsS: null })
    expect(scoreTeds(table, 'text', aptedDistance)).toEqual({ teds: 0, tedsS: 0 })
  })

  it('separates structure from cell text', () => {
    const pred = '<table><tr><td>a</td><td>c</td></tr></table>'
    // 1 - 1/4: one cell of four elements below the root renamed at full cost
    expect(scoreTeds(table, pred, aptedDistance)).toEqual({ teds: 0.75, tedsS: 1 })
  })
})
