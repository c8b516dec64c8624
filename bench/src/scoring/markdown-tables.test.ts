import { describe, expect, it } from 'vitest'
import { escapeHtml, markdownTablesToHtml } from './markdown-tables'

// Expected HTML is the reference scorer's md_tables_to_html() output (dpbench_score.py).
describe('markdownTablesToHtml', () => {
  it('turns a pipe table into one line of HTML with a th header row', () => {
    expect(markdownTablesToHtml('| a | b |\n|---|:-:|\n| 1 | 2 |\nafter')).toBe(
      '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>\nafter',
    )
  })

  it('accepts tables without outer pipes and cuts long rows', () => {
    expect(markdownTablesToHtml('x | y\n--|--\n1|2|3\n4')).toBe(
      '<table><tr><th>x</th><th>y</th></tr><tr><td>1</td><td>2</td></tr></table>\n4',
    )
  })

  it('takes the first body row as header when the header is empty', () => {
    expect(markdownTablesToHtml('| | |\n|---|---|\n| h1 | h2 |\n| 1 | 2 |')).toBe(
      '<table><tr><th>h1</th><th>h2</th></tr><tr><td>1</td><td>2</td></tr></table>\n',
    )
  })

  it('spreads three-cell rows, pads short ones and escapes cell text', () => {
    expect(markdownTablesToHtml('|a|b|c|d|\n|-|-|-|-|\n|1|2|3|\n|1|2|\n|<x>&|"\'|')).toBe(
      '<table><tr><th>a</th><th>b</th><th>c</th><th>d</th></tr>' +
        '<tr><td>1</td><td>2</td><td>2</td><td>3</td></tr>' +
        '<tr><td>1</td><td>2</td><td></td><td></td></tr>' +
        '<tr><td>&lt;x&gt;&amp;</td><td>&quot;&#x27;</td><td></td><td></td></tr></table>\n',
    )
  })

  it('leaves text without a rule row alone and accepts spaced rule cells', () => {
    expect(markdownTablesToHtml('not | a table\nplain')).toBe('not | a table\nplain')
    expect(markdownTablesToHtml('| a |\n| - - |\n')).toBe('<table><tr><th>a</th></tr></table>\n')
  })
})

describe('escapeHtml', () => {
  it("escapes like Python's html.escape", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;',
    )
  })
})
