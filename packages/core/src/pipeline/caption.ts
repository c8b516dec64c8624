/**
 * The start of a caption: a figure or table word and its number, "Figure 2.1", "Table 3:",
 * "Exhibit 9", "Table A-3.", "Exhibit B.4", "Fig. IV", "Listing 2:", and the words of other
 * languages reports are written in ("Abbildung 3:", "Tabla 2."). Shared by the
 * classification of blocks and the title rows cut off drawn tables, so that both agree on what
 * names a figure.
 */
const CAPTION_WORD =
  /^(?:abbildung|tabelle|tableau|tabella|tabela|tabla|tabel|figura|figuur|gráfico|grafik|cuadro|fig(?:ure)?|table|tab|abb|chart|exhibit|plate|graph|diagram|map|box|photo|listing|algorithm)\.?\s*/iu
/**
 * The number after the word, matched case by case: an appendix letter only before a figure, and
 * Roman numerals in capitals, so that "Table six shows" or "Table in the appendix" is a sentence.
 */
const CAPTION_NUMBER = /^(?:[A-Z][.\-–]?(?=\d))?[\dIVX]+[A-Za-z]?(?:[.:\-–—]|\s|$)/

/**
 * A word in lowercase right after the number, with no mark between: the label is the subject of
 * a sentence ("Table 1 lists the limits", "Figure 3 and Figure 4 show"). A lone letter is a
 * panel's label ("Fig. 2 a Overview, b Detail").
 */
const SENTENCE_GOES_ON = /^\s+\p{Ll}{2}/u

/** Whether `text` opens with a caption's label. */
export function startsCaption(text: string): boolean {
  const word = CAPTION_WORD.exec(text)
  if (word === null) return false
  const rest = text.slice(word[0].length)
  const number = CAPTION_NUMBER.exec(rest)
  if (number === null) return false
  // Only a number followed by a space, not by a mark ("Fig. 1. the effect"), may go on as a
  // sentence; the number's pattern took that space.
  if (!/\s$/.test(number[0])) return true
  return !SENTENCE_GOES_ON.test(rest.slice(number[0].length - 1))
}

/** A caption's label with its number, "Table 1.1" of "Table 1.1: Depth at each berth". */
const LABEL = /^\p{L}+\.?\s*(?:[A-Z][.\-–]?)?[\dIVX]+(?:[.\-–][\dIVX]+)*/u

/**
 * The label that opens a caption, lowercased ("table 1.1"), or undefined for text that is no
 * caption: a table's caption repeated over its continuation ("Table 3 (continued)") names it by
 * the same label.
 */
export function captionLabel(text: string): string | undefined {
  if (!startsCaption(text)) return undefined
  return LABEL.exec(text)?.[0].toLowerCase().replace(/\s+/g, ' ')
}
