import { indelSimilarity } from './indel'
import { squashWhitespace } from './whitespace'

const TABLE_BLOCK = /<table[^>]*?>[\s\S]*?<\/table>/giu

/** NID and NID-S (tables removed) of a page; null when the reference is blank. */
export function scoreNid(
  gtHtml: string,
  predHtml: string,
): { nid: number | null; nidS: number | null } {
  const gt = squashWhitespace(gtHtml)
  if (!gt) return { nid: null, nidS: null }
  const gtStripped = squashWhitespace(gtHtml.replace(TABLE_BLOCK, ' '))
  const pred = squashWhitespace(predHtml)
  const predStripped = squashWhitespace(predHtml.replace(TABLE_BLOCK, ' '))
  return { nid: indelSimilarity(gt, pred), nidS: indelSimilarity(gtStripped, predStripped) }
}
