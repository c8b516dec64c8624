/** List markers as printed at the start of a line. */

/** Glyphs that bullet a list item; the hyphen last, where it stands for itself. */
const BULLETS = '•·●○◦▪▫■□█◼◾▸‣⁃∙➢➤►▶✓✔☐☑☒❖◆◇→›»❯–—*-'
const BULLET = new RegExp(`^([${BULLETS}])\\s+(?=\\S)`, 'u')
const LONE_BULLET = new RegExp(`^[${BULLETS}]$`, 'u')
/** A row of bullet glyphs alone ("* * *", "• • •"): a break between sections, not an item. */
const BULLET_ROW = new RegExp(`^[${BULLETS}](?:\\s*[${BULLETS}])+$`, 'u')
const LONE_NUMBER = /^\(?(?:\d{1,3}|[a-z])[.)]$/u
/**
 * An item number (a figure, a letter, a roman number up to 39: "cc." is none, nor "c." before a
 * figure, circa: "c. 1750", "c. 30,000 ha", nor the area code of a telephone number, "(415)
 * 555-0134"; a capital closed by a bracket, "(B)" or "C)", as a
 * capital and a full stop is as often a name's initial) and its text, apart; or set against a
 * capitalised word, where a tab after the number drew no glyph and pdf.js put no space
 * (LibreOffice's numbered items: "1.July 14").
 */
const ORDERED =
  /^(?!c\.\s+\d|\(\d{3}\)\s+\d{3}[-.\s]\d{4}\b)(\(?(?:\d{1,3}|[a-z]|(?=[ivx]{2})x{0,3}(?:ix|iv|v?i{0,3}))[.)]|\(?[A-Z]\))\s+(?=\S)|^(\d{1,2}\.)(?=\p{Lu}\p{Ll})/u

/** The marker at the start of `text` (`•`, `1.`, `(a)`), or undefined when it does not start an item. */
export function listMarker(text: string): string | undefined {
  const bullet = BULLET.exec(text)
  if (bullet) return BULLET_ROW.test(text) ? undefined : bullet[1]
  const ordered = ORDERED.exec(text)
  // "1." followed by a capitalised word is more often a numbered heading; classify decides.
  return ordered?.[1] ?? ordered?.[2]
}

/** Bullets spaced out in a row ("* * *", "• • •"): a dinkus, not a rule of dashes. */
const SPACED_BULLET_ROW = new RegExp(`^[${BULLETS}](?:\\s+[${BULLETS}])+$`, 'u')

/** Whether `text` is a row of spaced bullets alone, a break between sections. */
export function isBulletRow(text: string): boolean {
  return SPACED_BULLET_ROW.test(text)
}

/** Whether `text` is a bullet on its own: drawn apart from its item, as a separate piece. */
export function isBullet(text: string): boolean {
  return LONE_BULLET.test(text)
}

/** Whether `text` is an item's mark alone, a bullet or an item number (`3.`, `(b)`): a list's first column. */
export function isItemMark(text: string): boolean {
  return LONE_BULLET.test(text) || LONE_NUMBER.test(text)
}

/** Whether a marker numbers its items rather than bulleting them (a bare number does too). */
export function isOrderedMarker(marker: string): boolean {
  return (/[.)]$/.test(marker) && marker.length > 1) || /^\d{1,3}$/.test(marker)
}

/** Ballot boxes, empty and ticked, that mark a checklist's items: "☐ Book the room". */
const BALLOT_BOXES: Readonly<Record<string, 'open' | 'done'>> = {
  '☐': 'open',
  '☑': 'done',
  '☒': 'done',
}

/** Whether a marker is a checklist's box, and whether it is ticked; undefined for other markers. */
export function checkState(marker: string): 'open' | 'done' | undefined {
  return BALLOT_BOXES[marker]
}
