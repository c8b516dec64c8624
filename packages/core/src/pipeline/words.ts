import type { Block } from './types.js'

/**
 * How many words a text holds: runs of characters between white space, as splitting it at white
 * space counts them, without the array a split makes (asked of every line of a page's blocks).
 */
export function countWords(text: string): number {
  let words = 0
  let inWord = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const space =
      code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x80 && /\s/.test(text[i] ?? ''))
    if (space) inWord = false
    else if (!inWord) {
      inWord = true
      words++
    }
  }
  return words
}

/** The mean count of words on a block's lines: a paragraph's run to several, a list of terms' to one or two. */
export function wordsPerLine(block: Block): number {
  let words = 0
  for (const line of block.lines) words += countWords(line.text)
  return block.lines.length === 0 ? 0 : words / block.lines.length
}
