import { unescapeHtml } from './html-unescape'
import { stripPy, PY_WHITESPACE_CLASS as WS } from './whitespace'

// Python 3.11's html.parser.HTMLParser with convert_charrefs=False, which BeautifulSoup's
// "html.parser" builder drives: the same regular expressions, the same feed() then close()
// passes, and the same recovery from markup it cannot read. Table text reaches the TEDS tree
// through this tokenizer, so its quirks change scores; they are reproduced, not fixed.

/** Attribute as html.parser reports it: lower-cased name, unescaped value (null without '='). */
export type HtmlAttribute = [name: string, value: string | null]

/** The callbacks of html.parser.HTMLParser that the tree builder implements. */
export interface HtmlTokenHandler {
  startTag(name: string, attrs: HtmlAttribute[]): void
  startEndTag(name: string, attrs: HtmlAttribute[]): void
  endTag(name: string): void
  data(text: string): void
  charRef(name: string): void
  entityRef(name: string): void
  comment(text: string): void
  decl(text: string): void
  unknownDecl(text: string): void
  pi(text: string): void
}

const INTERESTING_NORMAL = /[&<]/g
const INCOMPLETE = /&[a-zA-Z#]/y
const ENTITY_REF = /&([a-zA-Z][-.a-zA-Z0-9]*)[^a-zA-Z0-9]/uy
const CHAR_REF = /&#([0-9]+|[xX][0-9a-fA-F]+)[^0-9a-fA-F]/uy
const START_TAG_OPEN = /<[a-zA-Z]/y
const COMMENT_CLOSE = new RegExp(`--[${WS}]*>`, 'g')
const TAG_FIND = new RegExp(`([a-zA-Z][^\\t\\n\\r\\f />\\x00]*)(?:[${WS}]|/(?!>))*`, 'uy')
const ATTR_FIND = new RegExp(
  `((?<=['"${WS}/])[^${WS}/>][^${WS}/=>]*)([${WS}]*=+[${WS}]*('[^']*'|"[^"]*"|(?!['"])[^>${WS}]*))?(?:[${WS}]|/(?!>))*`,
  'uy',
)
const LOCATE_START_TAG_END = new RegExp(
  `<[a-zA-Z][^\\t\\n\\r\\f />\\x00]*` +
    `(?:[${WS}/]*(?:(?<=['"${WS}/])[^${WS}/>][^${WS}/=>]*` +
    `(?:[${WS}]*=+[${WS}]*(?:'[^']*'|"[^"]*"|(?!['"])[^>${WS}]*)[${WS}]*)?(?:[${WS}]|/(?!>))*)*)?` +
    `[${WS}]*`,
  'uy',
)
const END_TAG_FIND = new RegExp(`</[${WS}]*([a-zA-Z][-.a-zA-Z0-9:_]*)[${WS}]*>`, 'uy')
const DECL_NAME = new RegExp(`[a-zA-Z][-_.a-zA-Z0-9]*[${WS}]*`, 'uy')
const MARKED_SECTION_CLOSE = new RegExp(`\\][${WS}]*\\][${WS}]*>`, 'g')
const MS_MARKED_SECTION_CLOSE = new RegExp(`\\][${WS}]*>`, 'g')
const ASCII_LETTER_OR_SLASH = /^[a-zA-Z=/]$/
const CDATA_CONTENT_ELEMENTS = new Set(['script', 'style'])
const MARKED_SECTION_KEYWORDS = new Set(['temp', 'cdata', 'ignore', 'include', 'rcdata'])
const MS_MARKED_SECTION_KEYWORDS = new Set(['if', 'else', 'endif'])

function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index
  return pattern.exec(text)
}

/** Python's html.parser tokenizer (convert_charrefs=False) feeding a handler. */
export class PyHtmlTokenizer {
  private rawdata = ''
  private cdataElem: string | null = null
  private interesting = INTERESTING_NORMAL
  private readonly handler: HtmlTokenHandler

  constructor(handler: HtmlTokenHandler) {
    this.handler = handler
  }

  /** `HTMLParser.feed`: tokenizes what it can, keeping an unfinished construct for later. */
  feed(data: string): void {
    this.rawdata += data
    this.goahead(false)
  }

  /** `HTMLParser.close`: tokenizes the rest as if the input ended there. */
  close(): void {
    this.goahead(true)
  }

  private goahead(end: boolean): void {
    const rawdata = this.rawdata
    const handler = this.handler
    const n = rawdata.length
    let i = 0
    while (i < n) {
      const found = matchAt(this.interesting, rawdata, i)
      let j: number
      if (found) j = found.index
      else {
        if (this.cdataElem !== null) break
        j = n
      }
      if (i < j) handler.data(rawdata.slice(i, j))
      i = j
      if (i === n) break
      if (rawdata[i] === '<') {
        let k: number
        if (matchAt(START_TAG_OPEN, rawdata, i)) k = this.parseStartTag(i)
        else if (rawdata.startsWith('</', i)) k = this.parseEndTag(i)
        else if (rawdata.startsWith('<!--', i)) k = this.parseComment(i)
        else if (rawdata.startsWith('<?', i)) k = this.parsePi(i)
        else if (rawdata.startsWith('<!', i)) k = this.parseHtmlDeclaration(i)
        else if (i + 1 < n) {
          handler.data('<')
          k = i + 1
        } else break
        if (k < 0) {
          if (!end) break
          k = rawdata.indexOf('>', i + 1)
          if (k < 0) {
            k = rawdata.indexOf('<', i + 1)
            if (k < 0) k = i + 1
          } else k += 1
          handler.data(rawdata.slice(i, k))
        }
        i = k
      } else if (rawdata.startsWith('&#', i)) {
        const match = matchAt(CHAR_REF, rawdata, i)
        if (match) {
          const name = match[1] as string
          handler.charRef(name)
          // the character after the reference is consumed only when it is ';'
          i += 2 + name.length + (rawdata[i + 2 + name.length] === ';' ? 1 : 0)
          continue
        }
        if (rawdata.indexOf(';', i) >= 0) {
          handler.data(rawdata.slice(i, i + 2))
          i += 2
        }
        break
      } else if (rawdata[i] === '&') {
        const match = matchAt(ENTITY_REF, rawdata, i)
        if (match) {
          const name = match[1] as string
          handler.entityRef(name)
          i += 1 + name.length + (rawdata[i + 1 + name.length] === ';' ? 1 : 0)
          continue
        }
        const partial = matchAt(INCOMPLETE, rawdata, i)
        if (partial) {
          // html.parser drops the '&' when exactly "&x" is left at the very end
          if (end && partial[0] === rawdata.slice(i)) i += 1
          break
        }
        if (i + 1 < n) {
          handler.data('&')
          i += 1
        } else break
      } else {
        throw new Error('html tokenizer: interesting.search() lied')
      }
    }
    if (end && i < n && this.cdataElem === null) {
      handler.data(rawdata.slice(i, n))
      i = n
    }
    this.rawdata = rawdata.slice(i)
  }

  private parseHtmlDeclaration(i: number): number {
    const rawdata = this.rawdata
    if (rawdata.startsWith('<!--', i)) return this.parseComment(i)
    if (rawdata.startsWith('<![', i)) return this.parseMarkedSection(i)
    if (rawdata.slice(i, i + 9).toLowerCase() === '<!doctype') {
      const gtpos = rawdata.indexOf('>', i + 9)
      if (gtpos === -1) return -1
      this.handler.decl(rawdata.slice(i + 2, gtpos))
      return gtpos + 1
    }
    return this.parseBogusComment(i)
  }

  private parseBogusComment(i: number): number {
    const pos = this.rawdata.indexOf('>', i + 2)
    if (pos === -1) return -1
    this.handler.comment(this.rawdata.slice(i + 2, pos))
    return pos + 1
  }

  private parsePi(i: number): number {
    const j = this.rawdata.indexOf('>', i + 2)
    if (j < 0) return -1
    this.handler.pi(this.rawdata.slice(i + 2, j))
    return j + 1
  }

  private parseComment(i: number): number {
    const match = matchAt(COMMENT_CLOSE, this.rawdata, i + 4)
    if (!match) return -1
    this.handler.comment(this.rawdata.slice(i + 4, match.index))
    return match.index + match[0].length
  }

  private parseMarkedSection(i: number): number {
    const [name, j] = this.scanName(i + 3, i)
    if (j < 0) return j
    let close: RegExp
    if (MARKED_SECTION_KEYWORDS.has(name)) close = MARKED_SECTION_CLOSE
    else if (MS_MARKED_SECTION_KEYWORDS.has(name)) close = MS_MARKED_SECTION_CLOSE
    else throw new Error(`html tokenizer: unknown status keyword in marked section: ${name}`)
    const match = matchAt(close, this.rawdata, i + 3)
    if (!match) return -1
    this.handler.unknownDecl(this.rawdata.slice(i + 3, match.index))
    return match.index + match[0].length
  }

  private scanName(i: number, declStart: number): [string, number] {
    const rawdata = this.rawdata
    if (i === rawdata.length) return ['', -1]
    const match = matchAt(DECL_NAME, rawdata, i)
    if (!match) {
      throw new Error(
        `html tokenizer: expected name token at ${rawdata.slice(declStart, declStart + 20)}`,
      )
    }
    if (i + match[0].length === rawdata.length) return ['', -1]
    return [stripPy(match[0]).toLowerCase(), i + match[0].length]
  }

  private parseStartTag(i: number): number {
    const endpos = this.checkForWholeStartTag(i)
    if (endpos < 0) return endpos
    const rawdata = this.rawdata
    const attrs: HtmlAttribute[] = []
    const tagMatch = matchAt(TAG_FIND, rawdata, i + 1) as RegExpExecArray
    let k = TAG_FIND.lastIndex
    const tag = (tagMatch[1] as string).toLowerCase()
    while (k < endpos) {
      const match = matchAt(ATTR_FIND, rawdata, k)
      if (!match) break
      const name = match[1] as string
      let value: string | null = match[3] ?? null
      if (match[2] === undefined) value = null
      else if (
        value !== null &&
        value.length >= 2 &&
        (value[0] === "'" || value[0] === '"') &&
        value[value.length - 1] === value[0]
      ) {
        value = value.slice(1, -1)
      }
      if (value) value = unescapeHtml(value)
      attrs.push([name.toLowerCase(), value])
      k = ATTR_FIND.lastIndex
    }
    const rest = stripPy(rawdata.slice(k, endpos))
    if (rest !== '>' && rest !== '/>') {
      this.handler.data(rawdata.slice(i, endpos))
      return endpos
    }
    if (rest.endsWith('/>')) this.handler.startEndTag(tag, attrs)
    else {
      this.handler.startTag(tag, attrs)
      if (CDATA_CONTENT_ELEMENTS.has(tag)) {
        this.cdataElem = tag
        this.interesting = new RegExp(`</[${WS}]*${tag}[${WS}]*>`, 'giu')
      }
    }
    return endpos
  }

  private checkForWholeStartTag(i: number): number {
    const rawdata = this.rawdata
    matchAt(LOCATE_START_TAG_END, rawdata, i)
    const j = LOCATE_START_TAG_END.lastIndex
    const next = rawdata[j] ?? ''
    if (next === '>') return j + 1
    // html.parser treats any '/' here as a buffer boundary (its "/>" test comes first)
    if (next === '/') return rawdata.startsWith('/>', j) ? j + 2 : -1
    if (next === '') return -1
    if (ASCII_LETTER_OR_SLASH.test(next)) return -1
    return j > i ? j : i + 1
  }

  private parseEndTag(i: number): number {
    const rawdata = this.rawdata
    const gt = rawdata.indexOf('>', i + 1)
    if (gt < 0) return -1
    const gtpos = gt + 1
    const match = matchAt(END_TAG_FIND, rawdata, i)
    if (!match) {
      if (this.cdataElem !== null) {
        this.handler.data(rawdata.slice(i, gtpos))
        return gtpos
      }
      const nameMatch = matchAt(TAG_FIND, rawdata, i + 2)
      if (!nameMatch) {
        if (rawdata.startsWith('</>', i)) return i + 3
        return this.parseBogusComment(i)
      }
      const close = rawdata.indexOf('>', TAG_FIND.lastIndex)
      this.handler.endTag((nameMatch[1] as string).toLowerCase())
      return close + 1
    }
    const elem = (match[1] as string).toLowerCase()
    if (this.cdataElem !== null && elem !== this.cdataElem) {
      this.handler.data(rawdata.slice(i, gtpos))
      return gtpos
    }
    this.handler.endTag(elem)
    this.cdataElem = null
    this.interesting = INTERESTING_NORMAL
    return gtpos
  }
}
