import { countLetters } from './letters.js'

/** ISO 639-3 codes that franc-min detects, mapped to ISO 639-1. */
const ISO_639_1: Record<string, string> = {
  arb: 'ar',
  azj: 'az',
  bel: 'be',
  ben: 'bn',
  bos: 'bs',
  bul: 'bg',
  ces: 'cs',
  ckb: 'ku',
  cmn: 'zh',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  fra: 'fr',
  guj: 'gu',
  hau: 'ha',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ibo: 'ig',
  ind: 'id',
  ita: 'it',
  jav: 'jv',
  jpn: 'ja',
  kan: 'kn',
  kaz: 'kk',
  kin: 'rw',
  kor: 'ko',
  lin: 'ln',
  mai: 'hi',
  mal: 'ml',
  mar: 'mr',
  mya: 'my',
  nld: 'nl',
  npi: 'ne',
  nya: 'ny',
  pan: 'pa',
  pbu: 'ps',
  pes: 'fa',
  plt: 'mg',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  run: 'rn',
  rus: 'ru',
  sin: 'si',
  som: 'so',
  spa: 'es',
  srp: 'sr',
  sun: 'su',
  swe: 'sv',
  swh: 'sw',
  tam: 'ta',
  tel: 'te',
  tgl: 'tl',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  uzn: 'uz',
  vie: 'vi',
  yor: 'yo',
  zlm: 'ms',
  zul: 'zu',
  amh: 'am',
  ceb: 'tl',
  ilo: 'tl',
  mad: 'id',
  bho: 'hi',
  mag: 'hi',
  skr: 'ur',
  fuv: 'ff',
  hms: 'zh',
  hnj: 'zh',
  koi: 'ru',
  qug: 'qu',
  zyb: 'za',
  uzb: 'uz',
}

/**
 * Most characters of prose looked at: detection is statistical and a sample is as good as the
 * whole. franc's time grows with its input, and it was the largest cost of a one-page extraction
 * after pdf.js itself. 500 characters of prose name the same language as 1000 for every document
 * of the corpus and for a paragraph of each of 13 languages (Indonesian and Malay, near one
 * language, trade places at any length), in two thirds of the time.
 */
export const PROSE_SAMPLE_CHARS = 500
/**
 * Most characters of other text looked at, where a document has too little prose: names and
 * figures tell less per character (a table of data centres' names reads as French in 500).
 */
export const TEXT_SAMPLE_CHARS = 1000

type Franc = (text: string, options?: { minLength?: number }) => string
let francPromise: Promise<Franc> | undefined

/** Fewest words in a text that reads as prose for the sample. */
const PROSE_MIN_WORDS = 6
/** A sentence's end: a full stop, question or exclamation mark before a space or the end. */
const SENTENCE_END = /[.!?。！？](?:\s|$)/u

/** Letters of prose enough to detect from prose alone. */
const PROSE_MIN_LETTERS = 80

/**
 * The texts of a document to detect its language from: its prose alone where it has enough,
 * since sentences tell a language apart far better than the names, codes and figures of a
 * table's rows or an address (an English invoice's rows and addresses read as French). The
 * detector counts letter sequences, so adding the rest would weigh them in, not put them last.
 * Reading stops at a full sample: a long document's texts are never all scanned or joined.
 */
export function languageSample(texts: readonly string[]): string {
  const prose: string[] = []
  let length = 0
  for (const text of texts) {
    if (length >= PROSE_SAMPLE_CHARS) break
    if (!SENTENCE_END.test(text) || wordCount(text, PROSE_MIN_WORDS) < PROSE_MIN_WORDS) continue
    prose.push(text)
    length += text.length + 1
  }
  const sample = prose.join(' ')
  return countLetters(sample) >= PROSE_MIN_LETTERS
    ? sample.slice(0, PROSE_SAMPLE_CHARS)
    : joinUpTo(texts, TEXT_SAMPLE_CHARS).slice(0, TEXT_SAMPLE_CHARS)
}

/** The words of a text, counted no further than `enough`. */
function wordCount(text: string, enough: number): number {
  const words = /\S+/g
  let count = 0
  while (count < enough && words.test(text)) count++
  return count
}

/** Texts joined with spaces, up to the first one that takes the result to `limit` characters. */
function joinUpTo(texts: readonly string[], limit: number): string {
  const taken: string[] = []
  let length = 0
  for (const text of texts) {
    if (length >= limit) break
    taken.push(text)
    length += text.length + 1
  }
  return taken.join(' ')
}

/** Detects the language of a text as an ISO 639-1 code, or undefined when it cannot tell. */
export async function detectLanguage(text: string): Promise<string | undefined> {
  const sample = text.slice(0, TEXT_SAMPLE_CHARS)
  if (countLetters(sample) < 40) return undefined
  // Text mostly in a script the detector knows no language of is judged by its script: the
  // detector would judge by the few Latin names and codes among it.
  const byScript = languageOfScript(sample)
  if (byScript !== undefined) return byScript
  francPromise ??= import('franc-min').then((module) => module.franc as Franc)
  const franc = await francPromise
  return ISO_639_1[franc(sample, { minLength: 40 })]
}

/**
 * Scripts that franc-min's languages leave out, each written for one language above all others
 * (Yiddish, also written in Hebrew letters, has far fewer readers).
 */
const SCRIPT_LANGUAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\p{Script=Hebrew}/gu, 'he'],
  [/\p{Script=Armenian}/gu, 'hy'],
  [/\p{Script=Georgian}/gu, 'ka'],
  [/\p{Script=Khmer}/gu, 'km'],
  [/\p{Script=Lao}/gu, 'lo'],
]

/** The language of the script that writes most of a text's letters, among SCRIPT_LANGUAGES. */
function languageOfScript(text: string): string | undefined {
  const letters = countLetters(text)
  for (const [script, language] of SCRIPT_LANGUAGES) {
    if ((text.match(script)?.length ?? 0) * 2 > letters) return language
  }
  return undefined
}
