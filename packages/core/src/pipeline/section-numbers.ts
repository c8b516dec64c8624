/**
 * A section's number opening its title, in figures by levels, maybe after an appendix's letter:
 * "2.1 Savings", "3. Methods", "A.1 Sites", or set against a capitalised word ("1.Introduction").
 */
export const SECTION_NUMBER =
  /^((?:[A-Z]\.)?(?:\d{1,2}\.){0,5}\d{1,2})(?:\.?\s+\S|\.(?=\p{Lu}\p{Ll}))/u
/** A section's Roman numeral and its point opening its title: "IV. RESULTS". */
export const ROMAN_SECTION = /^([IVX]{1,5})\.\s+\S/

/** Whether a text opens with a section's number, in figures or in Roman numerals. */
export function isSectionNumber(text: string): boolean {
  return SECTION_NUMBER.test(text) || ROMAN_SECTION.test(text)
}

/** Section numbering depth: `2.3.1 Title` is 3, `A.1 Sites` 2. */
export function numberingDepth(text: string): number | undefined {
  const match = SECTION_NUMBER.exec(text)
  if (!match) return undefined
  return (match[1] as string).split('.').length
}
