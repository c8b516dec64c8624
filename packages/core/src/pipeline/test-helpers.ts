import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import type { Segment } from './rulings.js'
import type { Block, Line, PageLayout, TextRun } from './types.js'

/** A run from a literal, for stage tests: `y` is the baseline, width from a 0.5 em per glyph guess. */
export function run(text: string, x: number, y: number, options: Partial<TextRun> = {}): TextRun {
  const fontSize = options.fontSize ?? 10
  return {
    text,
    left: x,
    right: x + text.length * fontSize * 0.5,
    top: y - 0.8 * fontSize,
    bottom: y + 0.2 * fontSize,
    baseline: y,
    fontSize,
    fontId: 'f1',
    bold: false,
    italic: false,
    monospace: false,
    rtl: false,
    ...options,
  }
}

/**
 * A block made of one line per string, stacked at 12 pt, for reading-order and furniture tests.
 * Its type (size, font, weight, slant, typewriter) is its lines' type too.
 */
export function block(texts: string[], x: number, y: number, options: Partial<Block> = {}): Block {
  const { fontSize = 10, fontId = 'f1', bold = false, italic = false, monospace = false } = options
  const lines: Line[] = texts.map((text, i) => {
    const r = run(text, x, y + i * 12)
    return {
      runs: [r],
      text,
      left: r.left,
      right: r.right,
      top: r.top,
      bottom: r.bottom,
      baseline: r.baseline,
      fontSize,
      fontId,
      bold,
      italic,
      monospace,
    }
  })
  return {
    lines,
    page: 1,
    left: Math.min(...lines.map((line) => line.left)),
    right: Math.max(...lines.map((line) => line.right)),
    top: (lines[0] as Line).top,
    bottom: (lines[lines.length - 1] as Line).bottom,
    fontSize: 10,
    fontId: 'f1',
    bold: false,
    italic: false,
    monospace: false,
    kind: 'paragraph',
    ...options,
  }
}

/** The rulings of a fully ruled grid: a line along every column edge `xs` and row edge `ys`. */
export function gridRulings(
  xs: readonly number[],
  ys: readonly number[],
): { horizontal: Segment[]; vertical: Segment[] } {
  const left = xs[0] as number
  const right = xs[xs.length - 1] as number
  const top = ys[0] as number
  const bottom = ys[ys.length - 1] as number
  return {
    horizontal: ys.map((y) => ({ x1: left, y1: y, x2: right, y2: y })),
    vertical: xs.map((x) => ({ x1: x, y1: top, x2: x, y2: bottom })),
  }
}

/**
 * What a reader sees of Markdown once a CommonMark/GFM renderer (micromark) has made it HTML:
 * the text without tags, micromark's own escapes undone, a line per block or table row, one space
 * between table cells.
 */
export function renderedText(markdown: string): string {
  // Raw HTML passes through, as on GitHub or with markdown-it's `html` option: a tag in the text
  // then goes with the other tags.
  const html = micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  })
  return html
    .replace(/<\/t[dh]>\s*<t[dh][^>]*>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n(\s*\n)+/g, '\n')
    .trim()
}

/** A 600 by 800 pt page of `blocks`, as classification and element building see a page. */
export function page(blocks: PageLayout['blocks'], number = 1): PageLayout {
  return {
    number,
    width: 600,
    height: 800,
    blocks,
    chars: 1,
    unreliableChars: 0,
    blank: false,
    cleanLayout: true,
  }
}

/**
 * Runs for the words of lines drawn word by word in `fontSize` type (a justified line as browsers
 * print it): each `[text, left, right]` on the baseline given.
 */
export function wordsIn(
  fontSize: number,
): (y: number, ...placed: [string, number, number][]) => TextRun[] {
  return (y, ...placed) =>
    placed.map(([text, left, right]) => run(text, left, y, { fontSize, right }))
}
