import { describe, expect, it } from 'vitest'
import { type LxNode, PI_TAG, parseLibxmlHtml } from './libxml-html'

function dump(node: LxNode | null, depth = 0): string {
  if (node === null) return 'None'
  const attrs = [...node.attrib].map(([key, value]) => `${key}=${value}`).join(',')
  let out = `${'  '.repeat(depth)}${node.tag} {${attrs}} text=${JSON.stringify(node.text)} tail=${JSON.stringify(node.tail)}\n`
  for (const kid of node.kids) out += dump(kid, depth + 1)
  return out
}

// Trees as the reference scorer's _LibxmlHtml (dpbench_score.py) builds them, which matches
// lxml.html.fromstring with libxml2 2.9.
describe('parseLibxmlHtml', () => {
  it('drops nested html/body tags and closes cells implicitly', () => {
    const markup =
      '<html><body><table><html><body>\n<table><tr><th colspan="2">h</th></tr><tr><td>a<td>b</tr></table>\n</body></html></table></body></html>'
    expect(dump(parseLibxmlHtml(markup))).toBe(
      [
        'html {} text=null tail=null',
        '  body {} text=null tail=null',
        '    table {} text="\\n" tail=null',
        '      table {} text=null tail="\\n"',
        '        tr {} text=null tail=null',
        '          th {colspan=2} text="h" tail=null',
        '        tr {} text=null tail=null',
        '          td {} text="a" tail=null',
        '          td {} text="b" tail=null',
        '',
      ].join('\n'),
    )
  })

  it('drops comments and keeps processing instructions as nodes', () => {
    const root = parseLibxmlHtml(
      '<html><body><table><tr><td>x<p>para</p>y</td></tr><!-- c --><?pi data?></table></body></html>',
    )
    const table = root?.kids[0]?.kids[0]
    expect(table?.kids.map((kid) => kid.tag)).toEqual(['tr', PI_TAG])
    expect(table?.kids[1]?.text).toBe('data?')
    expect(table?.kids[0]?.kids[0]?.kids[0]).toMatchObject({ tag: 'p', text: 'para', tail: 'y' })
  })

  it('implies html, body and a paragraph around loose text', () => {
    expect(dump(parseLibxmlHtml('text <td>cell</td>'))).toBe(
      [
        'html {} text=null tail=null',
        '  body {} text=null tail=null',
        '    p {} text="text " tail=null',
        '    td {} text="cell" tail=null',
        '',
      ].join('\n'),
    )
  })

  it('keeps the first of repeated attributes and decodes HTML 4 entities in values', () => {
    const root = parseLibxmlHtml('<table><tr><td a=1 A=2 b=&lt;&amp;x&gt; c>v</td></table>')
    const cell = root?.kids[0]?.kids[0]?.kids[0]?.kids[0]
    expect(Object.fromEntries(cell?.attrib ?? [])).toEqual({ a: '1', b: '<&x>', c: '' })
  })
})
