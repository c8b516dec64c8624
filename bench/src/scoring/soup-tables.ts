import { HTML5_ENTITIES } from './html-entities'
import { type HtmlAttribute, type HtmlTokenHandler, PyHtmlTokenizer } from './html-tokenizer'
import { REMAPPED_CHAR_REFS } from './html-unescape'
import { PY_WHITESPACE_CLASS } from './whitespace'

// BeautifulSoup(markup, "html.parser") as the bench uses it to find tables: its tree building
// rules over Python's tokenizer (no nesting repairs, void tags closed at once, whitespace-only
// strings shrunk) and `str(tag)` to write each table back out. The written markup, not the
// original, is what libxml2 later parses, so every repair made here shows in the TEDS trees.

const VOID_TAGS = new Set(
  (
    'area base br col embed hr img input keygen link menuitem meta param source track wbr ' +
    'basefont bgsound command frame image isindex nextid spacer'
  ).split(' '),
)
const KEEP_WHITESPACE_TAGS = new Set(['pre', 'textarea'])
const RAW_TEXT_TAGS = new Set(['script', 'style'])
const LIST_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['class', 'accesskey', 'dropzone'],
  a: ['rel', 'rev'],
  link: ['rel', 'rev'],
  td: ['headers'],
  th: ['headers'],
  form: ['accept-charset'],
  object: ['archive'],
  area: ['rel'],
  icon: ['sizes'],
  iframe: ['sandbox'],
  output: ['for'],
}
const SPECIAL_WRAP = {
  comment: ['<!--', '-->'],
  cdata: ['<![CDATA[', ']]>'],
  pi: ['<?', '>'],
  decl: ['<?', '?>'],
  doctype: ['<!DOCTYPE ', '>\n'],
} as const
const ONLY_SOUP_SPACES = /^[ \n\t\f\r]*$/
const NON_WHITESPACE = new RegExp(`[^${PY_WHITESPACE_CLASS}]+`, 'gu')

type StringKind = 'text' | keyof typeof SPECIAL_WRAP

interface SoupString {
  readonly kind: StringKind
  readonly data: string
}

interface SoupTag {
  readonly name: string
  readonly attrs: Map<string, string>
  readonly kids: (SoupTag | SoupString)[]
}

function isTag(node: SoupTag | SoupString): node is SoupTag {
  return 'kids' in node
}

// bs4 maps every HTML5 entity name, with or without its ';', to its text
const SOUP_ENTITIES = new Map<string, string>()
for (const [key, value] of HTML5_ENTITIES) {
  const name = key.endsWith(';') ? key.slice(0, -1) : key
  if (!SOUP_ENTITIES.has(name)) SOUP_ENTITIES.set(name, value)
}

function charRefText(name: string): string {
  const hex = name[0] === 'x' || name[0] === 'X'
  const code = hex ? Number.parseInt(name.slice(1), 16) : Number(name)
  // bs4 decodes codes below 256 as Windows-1252 first, then falls back to chr()
  if (code >= 0x80 && code <= 0x9f) return REMAPPED_CHAR_REFS.get(code) as string
  if (code <= 0x10ffff) return String.fromCodePoint(code)
  return '\ufffd'
}

class SoupBuilder implements HtmlTokenHandler {
  readonly root: SoupTag = { name: '[document]', attrs: new Map(), kids: [] }
  private readonly open: SoupTag[] = [this.root]
  private readonly openCount = new Map<string, number>()
  private readonly keepWhitespace: SoupTag[] = []
  private pending: string[] = []
  private readonly closedVoids: string[] = []

  flush(kind: StringKind = 'text'): void {
    if (this.pending.length === 0) return
    let data = this.pending.join('')
    this.pending = []
    if (this.keepWhitespace.length === 0 && ONLY_SOUP_SPACES.test(data)) {
      data = data.includes('\n') ? '\n' : ' '
    }
    this.top().kids.push({ kind, data })
  }

  private top(): SoupTag {
    return this.open[this.open.length - 1] as SoupTag
  }

  private push(name: string, attrs: Map<string, string>): void {
    this.flush()
    const tag: SoupTag = { name, attrs, kids: [] }
    this.top().kids.push(tag)
    this.open.push(tag)
    this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1)
    if (KEEP_WHITESPACE_TAGS.has(name)) this.keepWhitespace.push(tag)
  }

  private pop(): void {
    const tag = this.open.pop() as SoupTag
    const count = this.openCount.get(tag.name)
    if (count !== undefined) this.openCount.set(tag.name, count - 1)
    if (this.keepWhitespace[this.keepWhitespace.length - 1] === tag) this.keepWhitespace.pop()
  }

  private close(name: string): void {
    this.flush()
    if (name === '[document]') return
    // an end tag pops everything up to the nearest open tag of that name, if there is one
    for (let i = this.open.length - 1; i > 0; i--) {
      if (!this.openCount.get(name)) break
      if (this.open[i]?.name === name) {
        this.pop()
        break
      }
      this.pop()
    }
  }

  private start(name: string, attrs: HtmlAttribute[], maySelfClose: boolean): void {
    const values = new Map<string, string>()
    for (const [key, value] of attrs) values.set(key, value ?? '')
    this.push(name, values)
    if (maySelfClose && VOID_TAGS.has(name)) {
      this.close(name)
      this.closedVoids.push(name)
    }
  }

  private end(name: string): void {
    const index = this.closedVoids.indexOf(name)
    if (index >= 0) this.closedVoids.splice(index, 1)
    else this.close(name)
  }

  private special(kind: StringKind, data: string): void {
    this.flush()
    this.pending.push(data)
    this.flush(kind)
  }

  startTag(name: string, attrs: HtmlAttribute[]): void {
    this.start(name, attrs, true)
  }

  startEndTag(name: string, attrs: HtmlAttribute[]): void {
    this.start(name, attrs, false)
    this.end(name)
  }

  endTag(name: string): void {
    this.end(name)
  }

  data(text: string): void {
    this.pending.push(text)
  }

  charRef(name: string): void {
    this.pending.push(charRefText(name))
  }

  entityRef(name: string): void {
    this.pending.push(SOUP_ENTITIES.get(name) ?? `&${name}`)
  }

  comment(text: string): void {
    this.special('comment', text)
  }

  decl(text: string): void {
    this.special('doctype', Array.from(text).slice('DOCTYPE '.length).join(''))
  }

  unknownDecl(text: string): void {
    if (text.toUpperCase().startsWith('CDATA[')) this.special('cdata', text.slice('CDATA['.length))
    else this.special('decl', text)
  }

  pi(text: string): void {
    this.special('pi', text)
  }
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

// Python sorts strings by code point; JavaScript's default sort compares UTF-16 units.
function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) as number)
  const y = Array.from(b, (c) => c.codePointAt(0) as number)
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number)
  }
  return x.length - y.length
}

function writeTag(tag: SoupTag, out: string[]): void {
  const listed = [
    ...(LIST_ATTRIBUTES['*'] ?? []),
    ...(LIST_ATTRIBUTES[tag.name.toLowerCase()] ?? []),
  ]
  const attrs: string[] = []
  for (const key of [...tag.attrs.keys()].sort(compareCodePoints)) {
    let value = tag.attrs.get(key) as string
    if (listed.includes(key)) value = (value.match(NON_WHITESPACE) ?? []).join(' ')
    value = escapeXml(value)
    let quote = '"'
    if (value.includes('"')) {
      if (value.includes("'")) value = value.replaceAll('"', '&quot;')
      else quote = "'"
    }
    attrs.push(`${key}=${quote}${value}${quote}`)
  }
  const attrText = attrs.length > 0 ? ` ${attrs.join(' ')}` : ''
  if (tag.kids.length === 0 && VOID_TAGS.has(tag.name)) {
    out.push(`<${tag.name}${attrText}/>`)
    return
  }
  out.push(`<${tag.name}${attrText}>`)
  const raw = RAW_TEXT_TAGS.has(tag.name)
  for (const kid of tag.kids) {
    if (isTag(kid)) writeTag(kid, out)
    else if (kid.kind === 'text') out.push(raw ? kid.data : escapeXml(kid.data))
    else {
      const [before, after] = SPECIAL_WRAP[kid.kind]
      out.push(before + kid.data + after)
    }
  }
  out.push(`</${tag.name}>`)
}

/** The `<table>` elements of some markup as BeautifulSoup finds and serializes them, in document order (nested ones too). */
export function soupTables(markup: string): string[] {
  if (!markup || !/<table/iu.test(markup)) return []
  const builder = new SoupBuilder()
  const tokenizer = new PyHtmlTokenizer(builder)
  tokenizer.feed(markup)
  tokenizer.close()
  builder.flush()
  const found: SoupTag[] = []
  const stack: SoupTag[] = [builder.root]
  while (stack.length > 0) {
    const tag = stack.pop() as SoupTag
    if (tag.name === 'table' && tag !== builder.root) found.push(tag)
    for (let i = tag.kids.length - 1; i >= 0; i--) {
      const kid = tag.kids[i] as SoupTag | SoupString
      if (isTag(kid)) stack.push(kid)
    }
  }
  return found.map((tag) => {
    const out: string[] = []
    writeTag(tag, out)
    return out.join('')
  })
}
