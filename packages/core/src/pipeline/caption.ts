/**
 * The start of a caption: a figure or table word and its number, "Figure 2.1", "Table 3:",
 * "Exhibit 9", "Table A-3.", "Exhibit B.4", "Fig. IV". Shared by the classification of blocks and
 * the title rows cut off drawn tables, so that both agree on what names a figure.
 */
const CAPTION_START =
  /^(?:fig(?:ure)?|table|tab|chart|exhibit|plate|graph|diagram|map|box|photo)\.?\s*(?:[A-Z][.\-–]?)?[\dIVX]+[A-Za-z]?(?:[.:\-–—]|\s|$)/i

/** Whether `text` opens with a caption's label. */
export function startsCaption(text: string): boolean {
  return CAPTION_START.test(text)
}
