import { codePointLength } from './code-points'
import { unescapeHtml } from './html-unescape'
import { normalizedLevenshtein } from './levenshtein'
import { type LxNode, PI_TAG, parseLibxmlHtml } from './libxml-html'
import { parsePythonInt } from './python-int'
import { soupTables } from './soup-tables'
import type { TreeDistance } from './tree'
import { PY_WHITESPACE_CLASS, squashWhitespace } from './whitespace'

/** A node of the TEDS tree: a tag, and for cells their spans and normalized text. */
export interface TedsNode {
  readonly tag: string
  readonly colspan: number | null
  readonly rowspan: number | null
  readonly text: string
  readonly kids: TedsNode[]
}

const BR = new RegExp(`<br[${PY_WHITESPACE_CLASS}]*/?>`, 'gu')

/** A cell's text as the bench reads it: inner tags kept as `<b>...</b>`, unescaped, `<br>` as space, whitespace collapsed. */
export function cellText(cell: LxNode): string {
  const parts = [cell.text ?? '']
  const walk = (element: LxNode): void => {
    parts.push(`<${element.tag}>`)
    if (element.text) parts.push(element.text)
    for (const kid of element.kids) walk(kid)
    if (element.tag !== 'unk') parts.push(`</${element.tag}>`)
    if (element.tag !== 'td' && element.tail) parts.push(element.tail)
  }
  for (const kid of cell.kids) walk(kid)
  return squashWhitespace(unescapeHtml(parts.join('')).replace(BR, '\n'))
}

function createTedsNode(
  tag: string,
  colspan: number | null = null,
  rowspan: number | null = null,
  text = '',
): TedsNode {
  return { tag, colspan, rowspan, text, kids: [] }
}

/** The TEDS tree of a parsed table (th renamed td, cells as leaves) and its element count below the root. */
export function buildTedsTree(table: LxNode): { tree: TedsNode; count: number } {
  let count = 0
  const stack = [table]
  while (stack.length > 0) {
    const node = stack.pop() as LxNode
    for (const kid of node.kids) {
      if (kid.tag === 'th') kid.tag = 'td'
      if (kid.tag !== PI_TAG) count++
      stack.push(kid)
    }
  }
  const cell = (node: LxNode): TedsNode =>
    createTedsNode(
      'td',
      parsePythonInt(node.attrib.get('colspan') ?? '1'),
      parsePythonInt(node.attrib.get('rowspan') ?? '1'),
      cellText(node),
    )
  if (table.tag === 'td') return { tree: cell(table), count }
  const tree = createTedsNode(table.tag)
  const todo: [LxNode, TedsNode][] = [[table, tree]]
  while (todo.length > 0) {
    const [source, target] = todo.pop() as [LxNode, TedsNode]
    for (const kid of source.kids) {
      if (kid.tag === 'td') target.kids.push(cell(kid))
      else {
        const made = createTedsNode(kid.tag)
        target.kids.push(made)
        todo.push([kid, made])
      }
    }
  }
  return { tree, count }
}

function bodyTable(markup: string): LxNode | null {
  const root = parseLibxmlHtml(markup)
  if (root === null) return null
  for (const body of root.kids) {
    if (body.tag !== 'body') continue
    for (const kid of body.kids) if (kid.tag === 'table') return kid
  }
  return null
}

/** Every table of a page in document order under one synthetic `<table>`, thead/tbody tags removed, as the bench wraps them. */
export function wrapTables(tables: readonly string[]): string {
  const inner = `<html><body>\n${tables.join('\n')}\n</body></html>`
  let doc = `<html><body><table>${inner}</table></body></html>`
  for (const token of ['<thead>', '</thead>', '<tbody>', '</tbody>'])
    doc = doc.replaceAll(token, '')
  return doc
}

function spansDiffer(a: TedsNode, b: TedsNode): boolean {
  return a.tag !== b.tag || a.colspan !== b.colspan || a.rowspan !== b.rowspan
}

function tedsPair(
  gtTables: string[],
  predTables: string[],
  withText: boolean,
  distance: TreeDistance,
): number {
  const predTable = bodyTable(wrapTables(predTables))
  const gtTable = bodyTable(wrapTables(gtTables))
  if (predTable === null || gtTable === null) return 0
  const pred = buildTedsTree(predTable)
  const gt = buildTedsTree(gtTable)
  const nodes = Math.max(pred.count, gt.count)
  if (nodes === 0) throw new Error('float division by zero') // what Python raises; the document is left out
  const rename = (a: TedsNode, b: TedsNode): number => {
    if (spansDiffer(a, b)) return 1
    if (!withText || a.tag !== 'td') return 0
    return normalizedLevenshtein(a.text, b.text)
  }
  const lowerBound = (a: TedsNode, b: TedsNode): number => {
    if (spansDiffer(a, b)) return 1
    if (!withText || a.tag !== 'td') return 0
    // Levenshtein is at least the length difference: skips renames that cannot win
    const la = codePointLength(a.text)
    const lb = codePointLength(b.text)
    return la === lb ? 0 : Math.abs(la - lb) / Math.max(la, lb)
  }
  return 1 - distance(pred.tree, gt.tree, rename, lowerBound) / nodes
}

/** TEDS and TEDS-S of a page (HTML tables); null when the reference has no table, 0 when the prediction has none. */
export function scoreTeds(
  gtHtml: string,
  predHtml: string,
  distance: TreeDistance,
): { teds: number | null; tedsS: number | null } {
  const gtTables = soupTables(gtHtml)
  if (gtTables.length === 0) return { teds: null, tedsS: null }
  const predTables = soupTables(predHtml)
  if (predTables.length === 0) return { teds: 0, tedsS: 0 }
  const tedsS = tedsPair(gtTables, predTables, false, distance)
  const teds = tedsPair(gtTables, predTables, true, distance)
  return { teds, tedsS }
}
