/** A page label as tables of contents print it: arabic or lower-case roman numerals. */
export const PAGE_LABEL = /^(?:\d{1,4}|[ivxlc]{1,6})$/i
