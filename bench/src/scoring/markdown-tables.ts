import { splitLines } from './lines'
import { stripPy } from './whitespace'

// The bench converts GFM pipe tables to HTML before scoring, with its own simple rules (no
// escaped pipes, no inline Markdown, the header row is always <th>). These reproduce them.

function rowCells(line: string): string[] | undefined {
  const text = stripPy(line)
  if (!text.includes('|')) return undefined
  let parts = text.split('|')
  if (text.startsWith('|')) parts = parts.slice(1)
  if (parts.length > 0 && text.endsWith('|')) parts = parts.slice(0, -1)
  if (parts.length === 0) return undefined
  return parts.map(stripPy)
}

function isRuleRow(cells: readonly string[]): boolean {
  if (cells.length === 0) return false
  return cells.every((cell) => /^[-:]+$/.test(cell.replaceAll(' ', '')))
}

function fitWidth(cells: string[], width: number): string[] {
  const n = cells.length
  if (width <= 0 || n === width) return cells
  // the bench spreads a three-cell row over a wider table as first, middle repeated, last
  if (n === 3 && width > 3) {
    return [
      cells[0] as string,
      ...Array<string>(width - 2).fill(cells[1] as string),
      cells[2] as string,
    ]
  }
  if (n < width) return [...cells, ...Array<string>(width - n).fill('')]
  return cells.slice(0, width)
}

/** Python's `html.escape(text, quote=True)`. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;')
}

/** Replaces every GFM pipe table (header, rule row, body) by a one-line HTML `<table>`. */
export function markdownTablesToHtml(markdown: string): string {
  if (!markdown) return markdown
  const lines = splitLines(markdown, true)
  const out: string[] = []
  let i = 0
  while (i < lines.length) {
    const first = lines[i] as string
    let head = rowCells(first)
    const rule = head && i + 1 < lines.length ? rowCells(lines[i + 1] as string) : undefined
    if (!head || !rule || !isRuleRow(rule)) {
      out.push(first)
      i++
      continue
    }
    const width = Math.max(head.length, rule.length)
    head = fitWidth(head, width)
    const body: string[][] = []
    let j = i + 2
    for (; j < lines.length; j++) {
      const cells = rowCells(lines[j] as string)
      if (!cells) break
      body.push(fitWidth(cells, width))
    }
    if (head.every((cell) => cell === '') && body.length > 0) head = body.shift() as string[]
    const parts = ['<table><tr>']
    for (const cell of head) parts.push(`<th>${escapeHtml(cell)}</th>`)
    parts.push('</tr>')
    for (const row of body) {
      parts.push('<tr>')
      for (const cell of row) parts.push(`<td>${escapeHtml(cell)}</td>`)
      parts.push('</tr>')
    }
    parts.push('</table>')
    if (first.endsWith('\r\n')) parts.push('\r\n')
    else if (first.endsWith('\n')) parts.push('\n')
    else if (first.endsWith('\r')) parts.push('\r')
    out.push(parts.join(''))
    i = j
  }
  return out.join('')
}
