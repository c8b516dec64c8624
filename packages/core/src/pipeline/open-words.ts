/**
 * Words that no sentence or heading ends on: articles, prepositions and conjunctions, in
 * English, French, German and Spanish.
 */
const OPEN_WORDS = new Set([
  ...['a', 'an', 'the', 'of', 'to', 'in', 'into', 'on', 'at', 'by', 'for', 'from', 'with'],
  ...['and', 'or', 'nor', 'but', 'than', 'between', 'under', 'upon', 'via'],
  ...['among', 'across', 'through', 'within', 'without', 'against'],
  ...['le', 'la', 'les', 'des', 'du', 'de', 'et', 'au', 'aux', 'pour', 'avec', 'dans', 'sur'],
  ...['der', 'die', 'das', 'dem', 'den', 'des', 'und', 'oder', 'mit', 'von', 'zu', 'für', 'im'],
  ...['el', 'los', 'las', 'del', 'y', 'con', 'para', 'en', 'por'],
])

/**
 * Whether a text ends on a word that leaves its sentence open ("...governed by the law of"),
 * written in lowercase as it is inside a sentence (a table's "Y" column is no Spanish "and").
 */
export function endsOnOpenWord(text: string): boolean {
  const word = /\p{L}+$/u.exec(text)?.[0]
  return word !== undefined && OPEN_WORDS.has(word)
}
