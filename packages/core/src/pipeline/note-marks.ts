/**
 * The mark that opens a note and points to it from the text: a number, one to three reference
 * symbols, or superscript figures. Shared by the lines (a raised mark before a note's first
 * word) and the classification (a block that opens with a mark is a note).
 */
export const NOTE_MARK = '(?:\\d{1,3}|[*†‡§¶]{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)'

/** A note mark and nothing else. */
export const LONE_NOTE_MARK = new RegExp(`^${NOTE_MARK}$`)

/** A citation alone: a note mark, or a reference's number in brackets ("[2]", "[3, 4]", "[5–7]"). */
export const LONE_CITATION = new RegExp(
  `^(?:\\[\\d{1,3}(?:\\s*[,–-]\\s*\\d{1,3})*\\]|${NOTE_MARK})$`,
)
