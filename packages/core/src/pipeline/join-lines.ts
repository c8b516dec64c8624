/** Prefixes that are written with a real hyphen, so a line break after them keeps it. */
// Only prefixes that are rarely the first syllable of a hyphenated plain word ('pre-vious').
const COMPOUND_PREFIXES = new Set(['all', 'anti', 'cross', 'half', 'non', 'self', 'so', 'well'])

const HYPHENS = '-\u2010\u00AD'
/** The end of a line inside a hyphen-linked phrase, after its small word: "end-to-", "more-or-". */
const LINKED_PHRASE_END = /\p{L}[-\u2010](?:a|an|and|at|by|for|in|of|on|or|the|to)[-\u2010]$/iu
const HYPHENATED_WORD = /(\p{L}+)[-\u2010](\p{L}+)/gu

/** Words the document writes with a hyphen inside a line ("well-known"), lowercased. */
export type HyphenatedWords = ReadonlySet<string>

/** Collects hyphenated words that appear inside lines, to decide breaks at the end of lines. */
export function collectHyphenatedWords(lineTexts: Iterable<string>): Set<string> {
  const words = new Set<string>()
  for (const text of lineTexts) {
    if (!text.includes('-') && !text.includes('\u2010')) continue
    for (const match of text.matchAll(HYPHENATED_WORD)) {
      // A hyphen at the very end is a line-break hyphen, not evidence.
      if (match.index + match[0].length < text.length)
        words.add(match[0].toLowerCase().replace('\u2010', '-'))
    }
  }
  return words
}

/**
 * Joins the lines of a block into one string. A word broken by a hyphen at a line end is joined
 * back ("tra-" + "dition"), while real hyphens stay: before a capital or digit ("COVID-" "19"),
 * after a compound prefix ("well-" "known"), or when the document writes the word with a hyphen
 * elsewhere. Soft hyphens always go.
 */
export function joinLines(
  lines: readonly string[],
  hyphenated: HyphenatedWords = new Set(),
): string {
  let out = ''
  for (const raw of lines) {
    const line = raw.trim()
    if (line.length === 0) continue
    if (out.length === 0) {
      out = line
      continue
    }
    const last = out[out.length - 1] as string
    if (HYPHENS.includes(last) && /\p{L}/u.test(out[out.length - 2] ?? '')) {
      if (last === '\u00AD' || !keepsHyphen(out, line, hyphenated)) {
        out = out.slice(0, -1) + line
        continue
      }
      out += line
      continue
    }
    out += ` ${line}`
  }
  return out.replace(/\u00AD/g, '')
}

function keepsHyphen(before: string, after: string, hyphenated: HyphenatedWords): boolean {
  const next = after[0] ?? ''
  if (!/\p{Ll}/u.test(next)) return true
  const prefix = /(\p{L}+)[-\u2010]$/u.exec(before)?.[1]?.toLowerCase() ?? ''
  const suffix = /^\p{L}+/u.exec(after)?.[0]?.toLowerCase() ?? ''
  if (hyphenated.has(`${prefix}-${suffix}`)) return true
  // A phrase joined by hyphens ("state-of-the-", "peer-to-", "pat-a-") broken after its small word.
  if (LINKED_PHRASE_END.test(before)) return true
  return COMPOUND_PREFIXES.has(prefix)
}
