/** Prefixes that are written with a real hyphen, so a line break after them keeps it. */
// Only prefixes that are rarely the first syllable of a hyphenated plain word ('pre-vious'). The
// tens open compound numbers ("twenty-ninth", "forty-eight"), and the units compounds
// ("eight-bit", "three-year"); hyphenation splits them elsewhere ("ten-dency" stays out).
const COMPOUND_PREFIXES = new Set([
  ...['all', 'anti', 'cross', 'half', 'non', 'self', 'so', 'well'],
  ...['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  ...['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
])

/**
 * Words that end compounds and no plain word, so a line-end hyphen before one is real
 * ("evidence-" + "based", "user-" + "friendly", "long-" + "term").
 */
const COMPOUND_ENDINGS = new Set([
  ...['based', 'free', 'friendly', 'specific', 'related', 'oriented', 'driven', 'aware'],
  ...['term', 'wide', 'sized', 'shaped', 'owned'],
])

const HYPHENS = '-\u2010\u00AD'
/** The word after a suspended hyphen, which leaves a compound's first part hanging ("2- to 3-day"). */
const SUSPENDED_HYPHEN_AFTER = /^(?:to|and|or)\s/
/**
 * The words that join a word's suspended first part to the whole compound after it: "pre- and
 * post-war", "long- or short-term", "Haupt- und Nebenstraßen", "Be- oder Entladen".
 */
const SUSPENDED_WORD_AFTER = /^(?:and|or|nor|und|oder|sowie|bzw\.|et|ou|y|o|e|en)\s/
/** The small words that hyphens link into a phrase: "end-to-end", "higher-than-expected". */
const LINKING_WORD = '(?:a|an|and|at|by|for|in|of|on|or|than|the|to)'
/** The end of a line inside a hyphen-linked phrase, after its small word: "end-to-", "more-or-". */
const LINKED_PHRASE_END = new RegExp(`\\p{L}[-\u2010]${LINKING_WORD}[-\u2010]$`, 'iu')
/** The rest of a hyphen-linked phrase broken before its small word: "end-" + "to-end", "than-". */
const LINKED_PHRASE_REST = new RegExp(`^${LINKING_WORD}[-\u2010]\\p{L}`, 'iu')
/** The start of a web address broken after a slash: "http://", "<https://gnu.org/", "www.gnu.org/". */
const ADDRESS_START = /^[<([〈]?(?:[a-z][a-z+.-]*:\/\/|www\.)\S*$/i
/** A mail address broken after its at sign. */
const MAIL_START = /^[<([〈]?[\w.+-]+@$/
/** The rest of an address: a dot or slash between letters or digits. */
const ADDRESS_REST = /^[\w~%-]+[./][\w~%-]/
/** A piece of an address's path, broken after a slash past its host: "com/example-org/data/". */
const ADDRESS_PATH = /^\S*\/\S*\/\S*$/
const HYPHENATED_WORD = /(\p{L}+)[-\u2010](\p{L}+)/gu

/** How the document spells words elsewhere, to decide the hyphens at the end of its lines. */
export interface Spellings {
  /** Words written with a hyphen inside a line ("well-known"), lowercased. */
  readonly hyphenated: ReadonlySet<string>
  /**
   * Words written whole somewhere ("optional"), lowercased: only those that a line-end hyphen
   * would otherwise keep apart ("OP-" + "TIONAL"), which are the only ones asked about.
   */
  readonly whole: ReadonlySet<string>
  /**
   * Names written whole in camel case somewhere ("TraceMonkey"), exactly as written: a line-end
   * hyphen before their inner capital ("Trace-" + "Monkey") breaks them.
   */
  readonly camelCase: ReadonlySet<string>
  /**
   * Words that end a compound written with a hyphen inside a line ("gear" of "metal-gear"),
   * lowercased: after a line-end hyphen they end another ("plastic-" + "gear").
   */
  readonly compoundEnds: ReadonlySet<string>
  /**
   * Words broken at a line end by a hyphen set apart from them ("Li -" + "brary"), lowercased
   * and joined ("library"): see `spacedBreaks`.
   */
  readonly spacedBreaks: ReadonlySet<string>
  /**
   * Whether the document prints its hyphenation breaks as U+2010 or a soft hyphen, so that each
   * plain hyphen (U+002D) at a line's end is the text's own ("machine-" + "learning").
   */
  readonly marksBreakHyphens: boolean
}

const NO_SPELLINGS: Spellings = {
  hyphenated: new Set(),
  whole: new Set(),
  camelCase: new Set(),
  compoundEnds: new Set(),
  spacedBreaks: new Set(),
  marksBreakHyphens: false,
}
/** The shortest parts, in letters, of a compound read from another compound's ending. */
const COMPOUND_PART_MIN = 3
const LINE_END_PREFIX = /(\p{L}+)[-\u2010]$/u
/** A line that ends in a word and a hyphen with a space between them: "the Community Li -". */
const SPACED_LINE_END_PREFIX = /(?:^|\s)(\p{L}+) -$/u
const LINE_START_WORD = /^\p{L}+/u
const ALL_LOWERCASE = /^\p{Ll}+$/u
const ALL_UPPERCASE = /^\p{Lu}+$/u
/** A word of one capital and lowercase letters, as the second part of a camel-case name. */
const CAPITALIZED = /^\p{Lu}\p{Ll}+$/u

/** A letter just before, or just after, a place in a text. */
const LETTER_BEFORE = /\p{L}$/u
const LETTER_AFTER = /^\p{L}/u

/**
 * Reads how the document spells its words: the hyphenated words inside its lines, and, for each
 * line-end hyphen that the rules of `joinLines` would keep, whether the joined word is written
 * whole somewhere. `lineTexts` are in reading order; `producer` tells what the document's
 * producer is known to do with the hyphens of the words it breaks.
 */
export function collectSpellings(
  lineTexts: readonly string[],
  producer: { marksBreakHyphens?: boolean } = {},
): Spellings {
  const hyphenated = new Set<string>()
  const compoundEnds = new Set<string>()
  // Line-end hyphens whose pieces might spell one word: the line before, its prefix, the line.
  const breaks: Array<[before: string, prefix: string, after: string, suffix: string]> = []
  const spaced: Array<[prefix: string, suffix: string]> = []
  // Camel-case names that line-end hyphens may break ("Trace-" + "Monkey"), as they would join.
  const camelAsked = new Set<string>()
  let previous = ''
  for (const raw of lineTexts) {
    const text = raw.trim()
    if (text.includes('-') || text.includes('\u2010')) {
      for (const match of text.matchAll(HYPHENATED_WORD)) {
        // A hyphen at the very end is a line-break hyphen, not evidence.
        if (match.index + match[0].length < text.length) {
          hyphenated.add(match[0].toLowerCase().replace('\u2010', '-'))
          const end = (match[2] as string).toLowerCase()
          if (end.length >= COMPOUND_PART_MIN) compoundEnds.add(end)
        }
      }
    }
    const prefix = endsWithHyphen(previous) ? LINE_END_PREFIX.exec(previous)?.[1] : undefined
    const suffix = prefix === undefined ? undefined : LINE_START_WORD.exec(text)?.[0]
    if (prefix !== undefined && suffix !== undefined && mayBeOneWord(prefix, suffix)) {
      breaks.push([previous, prefix, text, suffix])
    } else if (prefix !== undefined && suffix !== undefined && breaksCamelCase(prefix, suffix)) {
      camelAsked.add(prefix + suffix)
    }
    const apart = previous.endsWith(' -') ? SPACED_LINE_END_PREFIX.exec(previous)?.[1] : undefined
    const rest = apart === undefined ? undefined : LINE_START_WORD.exec(text)?.[0]
    if (apart !== undefined && rest !== undefined && ALL_LOWERCASE.test(rest)) {
      spaced.push([apart.toLowerCase(), rest])
    }
    previous = text
  }
  // Only the joined words of hyphens that would otherwise stay are asked about.
  const asked = new Set<string>()
  const joined: Array<readonly [prefix: string, suffix: string]> = []
  for (const [before, prefix, after, suffix] of breaks) {
    if (keepsByRule(before, after, prefix) || endsCompound(prefix, suffix, compoundEnds)) {
      asked.add((prefix + suffix).toLowerCase())
    } else if (ALL_LOWERCASE.test(suffix)) {
      joined.push([prefix.toLowerCase(), suffix])
    }
  }
  const counts = new WordCounts(lineTexts)
  for (const word of unbrokenWords(joined, counts)) hyphenated.add(word)
  for (const [prefix, suffix] of spaced) asked.add(prefix + suffix)
  const whole = new Set<string>()
  if (asked.size > 0) {
    // A document asks about a few words at most: each is looked up in each line, rather than
    // each of the lines' words in the few.
    for (const text of lineTexts) {
      const lower = text.toLowerCase()
      for (const word of asked) {
        if (!whole.has(word) && writesWhole(lower, word)) whole.add(word)
      }
    }
  }
  const camelCase = new Set<string>()
  if (camelAsked.size > 0) {
    for (const text of lineTexts) {
      for (const word of camelAsked) {
        if (!camelCase.has(word) && writesWhole(text, word)) camelCase.add(word)
      }
    }
  }
  return {
    hyphenated,
    whole,
    camelCase,
    compoundEnds,
    spacedBreaks: spacedBreaks(spaced, whole, counts),
    marksBreakHyphens: producer.marksBreakHyphens ?? false,
  }
}

/**
 * The spaced line-end hyphens that break a word. Justified text can leave a gap before the
 * hyphen of a broken word, and pdf.js writes it as a space ("Li -" + "brary"); a dash set
 * between words looks the same ("the flood -" + "which"). A break joins where the document
 * writes the joined word whole elsewhere, or where neither piece is a word of the document:
 * each is written on its own only as a piece of such breaks ("visi -" + "tor", "de -" + "velop"
 * and "de -" + "scribes").
 */
function spacedBreaks(
  spaced: ReadonlyArray<readonly [prefix: string, suffix: string]>,
  whole: ReadonlySet<string>,
  counts: WordCounts,
): Set<string> {
  const pieces = countPieces(spaced)
  const words = new Set<string>()
  for (const [prefix, suffix] of spaced) {
    const word = prefix + suffix
    const fragments = [prefix, suffix].every(
      (piece) => !counts.writesMoreOften(piece, pieces.get(piece) ?? 0),
    )
    if (whole.has(word) || fragments) words.add(word)
  }
  return words
}

/**
 * The compounds that line-end hyphens join where the document shows that it never breaks a word
 * there: the pieces of nearly every such hyphen are words the document writes on its own
 * elsewhere ("single-" + "use", "data-" + "protection"). A browser prints without hyphenation
 * unless asked, so its line-end hyphens are real, those whose pieces it writes only in other
 * forms too ("machine-" + "learning" beside "machines"). A document that hyphenates breaks words
 * into syllables that are no words ("infor-" + "mation"): then none is returned, and its hyphens
 * go.
 */
function unbrokenWords(
  joined: ReadonlyArray<readonly [prefix: string, suffix: string]>,
  counts: WordCounts,
): string[] {
  const pieces = countPieces(joined)
  // Of a few hyphens, each must show it; of more, one in four may be a compound of other forms.
  const allowed = Math.floor(joined.length * UNSHOWN_COMPOUND_SHARE)
  let unshown = 0
  for (const [prefix, suffix] of joined) {
    const shown = [prefix, suffix].every((piece) =>
      counts.writesMoreOften(piece, pieces.get(piece) ?? 0),
    )
    if (!shown && ++unshown > allowed) return []
  }
  return joined.map(([prefix, suffix]) => `${prefix}-${suffix}`)
}

/** The share of a document's line-end compounds whose pieces it need not write on their own. */
const UNSHOWN_COMPOUND_SHARE = 0.25

/** How many times each piece stands at a line-end hyphen, either side. */
function countPieces(pairs: ReadonlyArray<readonly [string, string]>): Map<string, number> {
  const pieces = new Map<string, number>()
  for (const pair of pairs)
    for (const piece of pair) pieces.set(piece, (pieces.get(piece) ?? 0) + 1)
  return pieces
}

/**
 * How often a document writes words on their own, asked word by word: a few words are looked up
 * in its text, and past that many the words of the whole text are counted once.
 */
class WordCounts {
  readonly #lineTexts: readonly string[]
  #lower: string | undefined
  #counts: Map<string, number> | undefined
  #asked = 0

  constructor(lineTexts: readonly string[]) {
    this.#lineTexts = lineTexts
  }

  /** Whether the document writes `word` (lowercase letters) on its own more than `times` times. */
  writesMoreOften(word: string, times: number): boolean {
    this.#lower ??= this.#lineTexts.join('\n').toLowerCase()
    if (++this.#asked > LOOKUPS_BEFORE_COUNTING && this.#counts === undefined) {
      this.#counts = new Map()
      for (const [found] of this.#lower.matchAll(/\p{L}+/gu)) {
        this.#counts.set(found, (this.#counts.get(found) ?? 0) + 1)
      }
    }
    if (this.#counts) return (this.#counts.get(word) ?? 0) > times
    let count = 0
    const lower = this.#lower
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
      if (standsAlone(lower, at, word.length) && ++count > times) return true
    }
    return false
  }
}

/** Words looked up in a document's text before all its words are counted instead. */
const LOOKUPS_BEFORE_COUNTING = 8

/**
 * Whether `text` holds `word` (letters only) as a run of letters of its own, not inside a longer
 * word ("cooperate" in "uncooperative" is no evidence).
 */
function writesWhole(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (standsAlone(text, at, word.length)) return true
  }
  return false
}

/** Whether the `length` characters of `text` at `at` have no letter just before or after them. */
function standsAlone(text: string, at: number, length: number): boolean {
  const end = at + length
  // Two code units each way hold any letter, one outside the Basic Multilingual Plane too.
  return (
    !LETTER_BEFORE.test(text.slice(Math.max(0, at - 2), at)) &&
    !LETTER_AFTER.test(text.slice(end, end + 2))
  )
}

/**
 * Joins the lines of a block into one string. A word broken by a hyphen at a line end is joined
 * back ("tra-" + "dition"), while real hyphens stay: before a capital or digit ("COVID-" "19"),
 * after a compound prefix ("well-" "known"), or when the document writes the word with a hyphen
 * elsewhere. What the document writes elsewhere decides first: a word it writes with a hyphen
 * keeps it, and one it writes whole is joined ("OP-" + "TIONAL" where it writes "OPTIONAL").
 * A hyphen after a figure stays. Soft hyphens always go. Chinese and Japanese lines join without a
 * space, and so does a line after an em dash set close to its word.
 */
export function joinLines(lines: readonly string[], spellings: Spellings = NO_SPELLINGS): string {
  let out = ''
  for (const raw of lines) {
    const line = raw.trim()
    if (line.length === 0) continue
    if (out.length === 0) {
      out = line
      continue
    }
    const last = out[out.length - 1] as string
    // A figure's hyphen is its own ("12-34-" + "56", "a 3-" + "year plan"), never a word broken;
    // one left hanging before "to" or "and" keeps its space ("2-" + "to 3-year").
    if (HYPHENS.includes(last) && /\d/.test(out[out.length - 2] ?? '')) {
      out += SUSPENDED_HYPHEN_AFTER.test(line) ? ` ${line}` : line
      continue
    }
    if (HYPHENS.includes(last) && /\p{L}/u.test(out[out.length - 2] ?? '')) {
      // A word's first part left hanging keeps its hyphen and its space ("Haupt-" + "und Neben-").
      if (last !== '\u00AD' && SUSPENDED_WORD_AFTER.test(line)) {
        out += ` ${line}`
        continue
      }
      // The paragraph's last word only: a pattern anchored at its end would scan all of it.
      const word = out.slice(out.lastIndexOf(' ') + 1)
      if (last === '\u00AD' || !keepsHyphen(word, line, spellings)) {
        out = out.slice(0, -1) + line
        continue
      }
      out += line
      continue
    }
    if (last === '-' && out.endsWith(' -') && breaksApart(out, line, spellings)) {
      out = out.slice(0, -2) + line
      continue
    }
    // An em dash set close between words stays close to the word across the line break, at
    // the end of the line or at the start of the next.
    const closeDash =
      (last === '\u2014' && /\p{L}/u.test(out[out.length - 2] ?? '')) ||
      (/^\u2014\p{L}/u.test(line) && /\p{L}/u.test(last))
    out += closeDash || continuesAddress(out, line) || joinsUnspaced(last, line) ? line : ` ${line}`
  }
  return out.replace(/\u00AD/g, '')
}

/**
 * Characters of writing without spaces between words: Chinese characters, Japanese kana, and
 * their punctuation and full-width forms; Thai, Lao, Khmer and Burmese, which set a space
 * between phrases at most and break lines between words without one.
 */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u

/** Whether a character is of writing without spaces between its words (Chinese, Thai). */
export function isUnspacedWriting(character: string): boolean {
  return UNSPACED.test(character)
}

/** Whether a line break between two such characters is no word space: "不同" + "街区". */
export function joinsUnspaced(last: string, line: string): boolean {
  return isUnspacedWriting(last) && isUnspacedWriting(line[0] ?? '')
}

function endsWithHyphen(text: string): boolean {
  const last = text.charCodeAt(text.length - 1)
  return last === 0x2d || last === 0x2010
}

/** Whether a text's last word is a web address, or a piece of one's path ("data/processed/"). */
export function endsInAddress(text: string): boolean {
  const tail = text.slice(text.lastIndexOf(' ') + 1)
  return ADDRESS_START.test(tail) || ADDRESS_PATH.test(tail)
}

/**
 * Whether a line goes on with a web or mail address that the line before broke after a slash, a
 * dot or an at sign ("http://" + "ftp.gnu.org/gnu/", "https://github." + "com/example-org/",
 * "groff@" + "gnu.org"): the address is one word. The rest must look like one too (a dot or slash
 * inside), so a sentence after an address that ends the line ("see http://gnu.org/" + "There you
 * ...") keeps its space.
 */
function continuesAddress(before: string, after: string): boolean {
  // `before` is the paragraph so far: look at its last word only, and only after a slash, a dot
  // or an at.
  const end = before.charCodeAt(before.length - 1)
  if (end !== 0x2f && end !== 0x2e && end !== 0x40) return false
  const tail = before.slice(before.lastIndexOf(' ') + 1)
  const head = /^\S+/.exec(after)?.[0] ?? ''
  // A list of addresses, one a line, is several words.
  if (!ADDRESS_REST.test(head) || ADDRESS_START.test(head)) return false
  return (ADDRESS_START.test(tail) && end !== 0x40) || MAIL_START.test(tail)
}

/** Whether a paragraph ending in a spaced hyphen and the line after it join as one broken word. */
function breaksApart(before: string, after: string, spellings: Spellings): boolean {
  if (spellings.spacedBreaks.size === 0) return false
  // The paragraph's last word only, as in joinLines.
  const prefix = SPACED_LINE_END_PREFIX.exec(
    before.slice(before.lastIndexOf(' ', before.length - 3)),
  )
  const suffix = LINE_START_WORD.exec(after)?.[0]
  return (
    prefix?.[1] !== undefined &&
    suffix !== undefined &&
    ALL_LOWERCASE.test(suffix) &&
    spellings.spacedBreaks.has((prefix[1] + suffix).toLowerCase())
  )
}

function keepsHyphen(before: string, after: string, spellings: Spellings): boolean {
  // A web address is never hyphenated: its hyphens are its own ("example.org/writing-" + "culture").
  if (ADDRESS_START.test(before)) return true
  if (spellings.marksBreakHyphens && before.endsWith('-')) return true
  const prefix = LINE_END_PREFIX.exec(before)?.[1] ?? ''
  const suffix = LINE_START_WORD.exec(after)?.[0] ?? ''
  if (spellings.hyphenated.has(`${prefix}-${suffix}`.toLowerCase())) return true
  if (breaksCamelCase(prefix, suffix) && spellings.camelCase.has(prefix + suffix)) return false
  if (!keepsByRule(before, after, prefix) && !endsCompound(prefix, suffix, spellings.compoundEnds))
    return false
  return !(mayBeOneWord(prefix, suffix) && spellings.whole.has((prefix + suffix).toLowerCase()))
}

/**
 * Whether two pieces around a line-end hyphen can spell one word: capitals on both sides
 * ("OP-" + "TIONAL") or a lowercase continuation ("non-" + "commercial"). A capital after
 * lowercase is a name's own hyphen ("Hewlett-" + "Packard"), even where a web address writes
 * it whole.
 */
function mayBeOneWord(prefix: string, suffix: string): boolean {
  if (prefix.length < 2 || suffix.length === 0) return false
  if (ALL_LOWERCASE.test(suffix)) return true
  return ALL_UPPERCASE.test(prefix) && ALL_UPPERCASE.test(suffix)
}

/**
 * Whether a line-end hyphen may break a camel-case name before its inner capital ("Java-" +
 * "Script"). Only the exact spelling elsewhere tells it from a name's own hyphen
 * ("Hewlett-" + "Packard"): a web address writes names in lowercase.
 */
function breaksCamelCase(prefix: string, suffix: string): boolean {
  return prefix.length >= 2 && /\p{Ll}$/u.test(prefix) && CAPITALIZED.test(suffix)
}

/**
 * Whether a word after a line-end hyphen ends a compound as it ends one the document writes
 * inside a line ("plastic-" + "gear" where it writes "metal-gear"): both pieces are words of a
 * few letters, not the syllables that hyphenation leaves.
 */
function endsCompound(prefix: string, suffix: string, compoundEnds: ReadonlySet<string>): boolean {
  return (
    prefix.length >= COMPOUND_PART_MIN &&
    ALL_LOWERCASE.test(suffix) &&
    compoundEnds.has(suffix.toLowerCase())
  )
}

/** Whether a line-end hyphen stays by the rules alone, without asking the document's spellings. */
function keepsByRule(before: string, after: string, prefix: string): boolean {
  if (!/\p{Ll}/u.test(after[0] ?? '')) return true
  // No hyphenation leaves one letter before its break: "X-" + "ray", "e-" + "mail"; nor breaks an
  // acronym before lowercase: "UK-" + "adopted", "COVID-" + "related".
  if (prefix.length === 1 || ALL_UPPERCASE.test(prefix)) return true
  // A phrase joined by hyphens ("state-of-the-", "peer-to-", "pat-a-") broken after its small
  // word, or before it ("end-" + "to-end").
  if (LINKED_PHRASE_END.test(before) || LINKED_PHRASE_REST.test(after)) return true
  if (COMPOUND_ENDINGS.has(LINE_START_WORD.exec(after)?.[0] ?? '')) return true
  return COMPOUND_PREFIXES.has(prefix.toLowerCase())
}
