import { codePointLength } from './code-points'
import { normalizedLevenshtein } from './levenshtein'
import { splitLines } from './lines'
import type { TreeDistance } from './tree'
import { PY_WHITESPACE_CLASS, squashWhitespace } from './whitespace'

/** A node of the MHS tree: the document, a heading, or the joined content under a heading. */
export interface MhsNode {
  readonly tag: 'document' | 'heading' | 'content'
  readonly text: string
  readonly kids: MhsNode[]
}

// every level counts the same; the bench's regex, with Python's \s
const HEADING = new RegExp(`^(#{1,6})[${PY_WHITESPACE_CLASS}]+(.*)$`, 'u')

/**
 * The heading tree of a Markdown text: document -> heading -> content, where each `#{1,6} `
 * line is a heading and the non-empty lines under it become one whitespace-collapsed content
 * node (text before the first heading hangs off the document).
 */
export function buildMhsTree(markdown: string): MhsNode {
  const root: MhsNode = { tag: 'document', text: '', kids: [] }
  if (!markdown) return root
  let holder = root
  let pending: string[] = []
  const flush = (): void => {
    if (pending.length === 0) return
    const text = squashWhitespace(pending.join(' '))
    if (text) holder.kids.push({ tag: 'content', text, kids: [] })
    pending = []
  }
  for (const line of splitLines(markdown)) {
    const match = HEADING.exec(line)
    if (match) {
      flush()
      const heading: MhsNode = {
        tag: 'heading',
        text: squashWhitespace(match[2] as string),
        kids: [],
      }
      root.kids.push(heading)
      holder = heading
      continue
    }
    const text = squashWhitespace(line)
    if (text) pending.push(text)
  }
  flush()
  return root
}

function countNodes(node: MhsNode): number {
  let count = 1
  for (const kid of node.kids) count += countNodes(kid)
  return count
}

function clamp(value: number): number {
  return Math.max(0, Math.min(1, value))
}

/** MHS and MHS-S of a page; null when the reference has no heading, 0 when the prediction has none. */
export function scoreMhs(
  gtHtml: string,
  predHtml: string,
  distance: TreeDistance,
): { mhs: number | null; mhsS: number | null } {
  const gtTree = buildMhsTree(gtHtml)
  if (!gtTree.kids.some((kid) => kid.tag === 'heading')) return { mhs: null, mhsS: null }
  const predTree = buildMhsTree(predHtml)
  if (!predTree.kids.some((kid) => kid.tag === 'heading')) return { mhs: 0, mhsS: 0 }
  const maxNodes = Math.max(countNodes(gtTree), countNodes(predTree), 1)
  const renameText = (a: MhsNode, b: MhsNode): number =>
    a.tag !== b.tag ? 1 : normalizedLevenshtein(a.text, b.text)
  const lowerText = (a: MhsNode, b: MhsNode): number => {
    if (a.tag !== b.tag) return 1
    const la = codePointLength(a.text)
    const lb = codePointLength(b.text)
    return Math.abs(la - lb) / Math.max(la, lb, 1)
  }
  const renameShape = (a: MhsNode, b: MhsNode): number => (a.tag !== b.tag ? 1 : 0)
  const withText = distance(gtTree, predTree, renameText, lowerText)
  const shape = distance(gtTree, predTree, renameShape)
  return { mhs: clamp(1 - withText / maxNodes), mhsS: clamp(1 - shape / maxNodes) }
}
