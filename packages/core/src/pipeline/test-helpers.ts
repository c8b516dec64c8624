import type { Block, Line, TextRun } from './types.js'

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

/** A block made of one line per string, stacked at 12 pt, for reading-order and furniture tests. */
export function block(texts: string[], x: number, y: number, options: Partial<Block> = {}): Block {
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
      fontSize: 10,
      fontId: 'f1',
      bold: false,
      italic: false,
      monospace: false,
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
