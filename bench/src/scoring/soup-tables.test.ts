import { describe, expect, it } from 'vitest'
import { soupTables } from './soup-tables'

// Expected strings are the reference scorer's soup_tables() output (dpbench_score.py), which
// reproduces BeautifulSoup(markup, "html.parser") and str(tag).
describe('soupTables', () => {
  it('normalizes attributes and decodes references the way bs4 does', () => {
    expect(
      soupTables(
        '<table class=" a  b " id=x><tr><td>1 &amp; 2 &copy &foo; &#150;</td></tr></table>',
      ),
    ).toEqual([
      '<table class="a b" id="x"><tr><td>1 &amp; 2 \u00a9 &amp;foo \u2013</td></tr></table>',
    ])
  })

  it('closes void tags, shrinks blank strings and closes open tags at </table>', () => {
    expect(
      soupTables(
        'x<table><tr><td>a<br>b<img src=1></td></tr><tr>  \n  <td>c</table> y <TABLE><tr><td>z</td></tr></table>',
      ),
    ).toEqual([
      '<table><tr><td>a<br/>b<img src="1"/></td></tr><tr>\n<td>c</td></tr></table>',
      '<table><tr><td>z</td></tr></table>',
    ])
  })

  it('lists nested tables after the table that holds them', () => {
    expect(
      soupTables('<table><tr><td><table><tr><td>in</td></tr></table></td></tr></table>'),
    ).toEqual([
      '<table><tr><td><table><tr><td>in</td></tr></table></td></tr></table>',
      '<table><tr><td>in</td></tr></table>',
    ])
  })

  it('quotes attribute values and keeps comments and CDATA', () => {
    const markup =
      '<table><tr><td title=\'say "hi"\'>q</td><td title="it\'s &quot;x&quot;">r</td></tr><!-- note --><![CDATA[c]]></table>'
    expect(soupTables(markup)).toEqual([
      '<table><tr><td title=\'say "hi"\'>q</td><td title="it\'s &quot;x&quot;">r</td></tr><!-- note --><![CDATA[c]]></table>',
    ])
  })

  it('reads references without their semicolon like html.parser', () => {
    expect(soupTables('a < b & c <table><tr><td>&#x41g &amp</td></tr></table>')).toEqual([
      '<table><tr><td>Ag &amp;</td></tr></table>',
    ])
    expect(soupTables('<table><tr><td>unclosed <b>bold</td></tr></table> &#')).toEqual([
      '<table><tr><td>unclosed <b>bold</b></td></tr></table>',
    ])
  })

  it('finds nothing without a table', () => {
    expect(soupTables('no tables <tab>')).toEqual([])
    expect(soupTables('')).toEqual([])
  })
})
