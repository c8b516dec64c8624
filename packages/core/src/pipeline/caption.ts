/**
 * The start of a caption: a figure or table word and its number, "Figure 2.1", "Table 3:",
 * "Exhibit 9", "Table A-3.", "Exhibit B.4", "Fig. IV". Shared by the classification of blocks and
 * the title rows cut off drawn tables, so that both agree on what names a figure.
 */
const CAPTION_WORD =
  /^(?:fig(?:ure)?|table|tab|chart|exhibit|plate|graph|diagram|map|box|photo)\.?\s*/i
/**
 * The number after the word, matched case by case: an appendix letter only before a figure, and
 * Roman numerals in capitals, so that "Table six shows" or "Table in the appendix" is a sentence.
 */
const CAPTION_NUMBER = /^(?:[A-Z][.\-–]?(?=\d))?[\dIVX]+[A-Za-z]?(?:[.:\-–—]|\s|$)/

/** Whether `text` opens with a caption's label. */
export function startsCaption(text: string): boolean {
  const word = CAPTION_WORD.exec(text)
  return word !== null && CAPTION_NUMBER.test(text.slice(word[0].length))
}
