/** A figure as a table cell prints it: 12, 3.4, -0.5, 1,234, 45%, (2.1), $ 9. */
const FIGURE = /^[-+−(]?[$€£¥]?\s?\d[\d.,]*%?\)?$/

export function isFigure(text: string): boolean {
  return FIGURE.test(text.trim())
}

/**
 * A quantity with its unit of up to three letters: "4.1 ms", "12 kg", "$3.2bn", "(2.5 GB)",
 * "2.1 °C", "40 m²", "£1.42bn". Units are Latin, Greek or Cyrillic letters: a figure before a
 * Korean word ("3. 섬으로") is a numbered title's.
 */
const QUANTITY =
  /^[-+−–(]?[$€£¥]?\d[\d.,]*\s?[°º]?[µ\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]{1,3}[²³]?\.?\)?$/u

export function isQuantity(text: string): boolean {
  return QUANTITY.test(text.trim())
}
