/** A figure as a table cell prints it: 12, 3.4, -0.5, 1,234, 45%, (2.1), $ 9. */
const FIGURE = /^[-+−(]?[$€£¥]?\s?\d[\d.,]*%?\)?$/

export function isFigure(text: string): boolean {
  return FIGURE.test(text.trim())
}
