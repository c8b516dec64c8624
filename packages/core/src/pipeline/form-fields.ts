import type { TextRun } from './types.js'

/** What this stage reads of a field as pdf.js's `getFieldObjects` describes it. */
export interface FormField {
  type: string
  value?: unknown
  exportValues?: unknown
  rect?: number[]
  /** Index of the field's page, from 0. */
  page?: number
  hidden?: boolean
  password?: boolean
  multiline?: boolean
}

/** The marks a box reads as, ticked or not. */
const CHECKED = '☒'
const UNCHECKED = '☐'
/** Without text on its page to go by, a field's text is set this large... */
const FALLBACK_TEXT_SIZE = 10
/** ...in a font of its own. */
const FALLBACK_FONT_ID = 'form-field'
const LINE_PITCH = 1.2
/** Width of a character of a field's text, in its size: the run's width is a guess. */
const CHARACTER_WIDTH = 0.5

/**
 * The fields of a form that show something (a value, a choice, a box), grouped by page number
 * from 1: pdf.js reads a page's own text only, and a field draws its value itself. Hidden fields
 * and passwords are left out.
 */
export function fieldsByPage(
  fields: Record<string, FormField[]> | null | undefined,
): Map<number, FormField[]> {
  const byPage = new Map<number, FormField[]>()
  if (!fields) return byPage
  for (const widgets of Object.values(fields)) {
    for (const field of widgets) {
      if (field.hidden || field.password || field.page === undefined || field.page < 0) continue
      if (field.rect?.length !== 4 || fieldText(field) === undefined) continue
      const page = field.page + 1
      const onPage = byPage.get(page)
      if (onPage) onPage.push(field)
      else byPage.set(page, [field])
    }
  }
  return byPage
}

/**
 * Text runs for the values of a page's fields, where the fields stand (`viewport` maps PDF space
 * to the page's top-left space): a text or choice field's value on its box's middle line, or a
 * multi-line one from its box's top; a check box or radio button as ☒ or ☐. The values are set
 * in the type of the page's text beside them (a label), else of most of its text, so that they
 * read as part of it.
 */
export function fieldRuns(
  fields: readonly FormField[],
  viewport: readonly number[],
  pageRuns: readonly TextRun[],
): TextRun[] {
  const [va = 1, vb = 0, vc = 0, vd = 1, ve = 0, vf = 0] = viewport
  const common = commonType(pageRuns)
  const runs: TextRun[] = []
  for (const field of fields) {
    const text = fieldText(field)
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = field.rect ?? []
    if (text === undefined) continue
    const xs = [va * x1 + vc * y1 + ve, va * x2 + vc * y2 + ve]
    const ys = [vb * x1 + vd * y1 + vf, vb * x2 + vd * y2 + vf]
    const left = Math.min(...xs)
    const right = Math.max(...xs)
    const top = Math.min(...ys)
    const bottom = Math.max(...ys)
    const type = labelBeside(pageRuns, left, top, bottom) ?? common
    const size = type.fontSize
    const lines = field.multiline ? text.split(/\r\n|\r|\n/) : [text.replace(/\s+/g, ' ')]
    // One line sits on the box's middle; several run down from its top.
    let baseline = field.multiline ? top + size : (top + bottom) / 2 + 0.35 * size
    for (const line of lines) {
      const value = line.trim()
      if (value.length > 0) {
        runs.push({
          text: value,
          left,
          right: Math.min(right, left + CHARACTER_WIDTH * size * value.length),
          top: baseline - 0.8 * size,
          bottom: baseline + 0.2 * size,
          baseline,
          fontSize: size,
          fontId: type.fontId,
          bold: false,
          italic: false,
          monospace: false,
          rtl: false,
          field: true,
        })
      }
      baseline += LINE_PITCH * size
    }
  }
  return runs
}

/** The nearest run left of a field's box whose baseline lies within the box's height. */
function labelBeside(runs: readonly TextRun[], left: number, top: number, bottom: number) {
  let label: TextRun | undefined
  for (const run of runs) {
    if (run.baseline < top || run.baseline > bottom + 0.5 * run.fontSize || run.right > left)
      continue
    if (!label || run.right > label.right) label = run
  }
  return label
}

/** The size and font of most of the characters of a page; a default where it has none. */
function commonType(runs: readonly TextRun[]): { fontSize: number; fontId: string } {
  const chars = new Map<string, number>()
  let best: TextRun | undefined
  let bestChars = 0
  for (const run of runs) {
    const key = `${run.fontId}@${run.fontSize}`
    const count = (chars.get(key) ?? 0) + run.text.length
    chars.set(key, count)
    if (count > bestChars) {
      best = run
      bestChars = count
    }
  }
  return best ?? { fontSize: FALLBACK_TEXT_SIZE, fontId: FALLBACK_FONT_ID }
}

/** What a field reads as: its value, its choice, or its box ticked or not; undefined if empty. */
function fieldText(field: FormField): string | undefined {
  if (field.type === 'checkbox' || field.type === 'radiobutton') {
    const on = field.value !== undefined && field.value !== 'Off' && field.value !== ''
    const own = field.exportValues === undefined || field.value === field.exportValues
    return on && own ? CHECKED : UNCHECKED
  }
  if (field.type === 'text' || field.type === 'combobox' || field.type === 'listbox') {
    const value = typeof field.value === 'string' ? field.value : ''
    return value.trim().length > 0 ? value : undefined
  }
  return undefined
}
