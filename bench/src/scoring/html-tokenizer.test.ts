import { describe, expect, it } from 'vitest'
import { type HtmlAttribute, type HtmlTokenHandler, PyHtmlTokenizer } from './html-tokenizer'

function tokens(markup: string): string[] {
  const out: string[] = []
  const attrs = (list: HtmlAttribute[]) =>
    list.map(([name, value]) => `${name}=${value ?? 'null'}`).join(',')
  const handler: HtmlTokenHandler = {
    startTag: (name, list) => out.push(`start ${name} ${attrs(list)}`),
    startEndTag: (name, list) => out.push(`startend ${name} ${attrs(list)}`),
    endTag: (name) => out.push(`end ${name}`),
    data: (text) => out.push(`data ${JSON.stringify(text)}`),
    charRef: (name) => out.push(`charref ${name}`),
    entityRef: (name) => out.push(`entityref ${name}`),
    comment: (text) => out.push(`comment ${text}`),
    decl: (text) => out.push(`decl ${text}`),
    unknownDecl: (text) => out.push(`unknowndecl ${text}`),
    pi: (text) => out.push(`pi ${text}`),
  }
  const tokenizer = new PyHtmlTokenizer(handler)
  tokenizer.feed(markup)
  tokenizer.close()
  return out
}

// Event sequences as Python 3.11's html.parser.HTMLParser(convert_charrefs=False) reports them.
describe('PyHtmlTokenizer', () => {
  it('reports tags with lower-cased names and unescaped attribute values', () => {
    expect(tokens('<TD ColSpan="2" x=a&amp;b flag>t</td>')).toEqual([
      'start td colspan=2,x=a&b,flag=null',
      'data "t"',
      'end td',
    ])
  })

  it('reports references, comments, declarations and processing instructions', () => {
    expect(tokens('&amp;&#65;x<!--c--><!DOCTYPE html><?pi?><![CDATA[d]]><br/>')).toEqual([
      'entityref amp',
      'charref 65',
      'data "x"',
      'comment c',
      'decl DOCTYPE html',
      'pi pi?',
      'unknowndecl CDATA[d',
      'startend br ',
    ])
  })

  it('keeps script content as text', () => {
    expect(tokens('<script>a<b>&amp;</script>z')).toEqual([
      'start script ',
      'data "a<b>&amp;"',
      'end script',
      'data "z"',
    ])
  })

  it('turns what it cannot read into text', () => {
    expect(tokens('a < b <1> &x')).toEqual([
      'data "a "',
      'data "<"',
      'data " b "',
      'data "<"',
      'data "1> "',
      'data "x"',
    ])
  })

  it('throws on an unknown marked section, as Python does', () => {
    expect(() => tokens('<![foo[x]]>')).toThrow('unknown status keyword')
  })
})
