/** A page label as tables of contents print it: arabic or lower-case roman numerals. */
export const PAGE_LABEL = /^(?:\d{1,4}|[ivxlc]{1,6})$/i

/** A page number as running footers print it: "7", "- 7 -", "Page 7", "7 of 12", "vii". */
export const PAGE_NUMBER =
  /^(?:page\s+)?[-–—(]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i

/** A page number of a book's front matter in lower-case roman numerals: "ix", "xiii", "xxiv". */
export const ROMAN_PAGE = /^(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/
