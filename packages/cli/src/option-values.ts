import { InvalidArgumentError } from 'commander'
import { type PageSelection, parsePageRanges } from './page-ranges.js'

// Parsers for option values. They throw commander's InvalidArgumentError, which commander turns
// into "option '--x <n>' argument 'y' is invalid" and exit code 2, before anything heavy loads.

/** Kinds of output an ExtractedDocument can carry, as `--outputs` accepts them. */
export const OUTPUT_KINDS = ['markdown', 'elements', 'chunks', 'images'] as const
/** One of OUTPUT_KINDS. */
export type OutputKindName = (typeof OUTPUT_KINDS)[number]

/** A whole number of at least 1 (`--jobs`, `--chunk-tokens`, `--tokens`). */
export function parsePositiveInteger(value: string): number {
  const number = Number(value)
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(number) || number < 1) {
    throw new InvalidArgumentError('Expected a whole number of at least 1.')
  }
  return number
}

/** `--pages 1-3,7,10-`. */
export function parsePagesOption(value: string): PageSelection {
  try {
    return parsePageRanges(value)
  } catch (error) {
    throw new InvalidArgumentError(`${(error as Error).message}.`)
  }
}

/** `--outputs markdown,elements,chunks,images`: a comma-separated, non-empty subset. */
export function parseOutputsOption(value: string): OutputKindName[] {
  const kinds = value
    .split(',')
    .map((kind) => kind.trim())
    .filter((kind) => kind.length > 0)
  const unknown = kinds.filter((kind) => !(OUTPUT_KINDS as readonly string[]).includes(kind))
  if (kinds.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`Use a comma-separated list of ${OUTPUT_KINDS.join(', ')}.`)
  }
  return [...new Set(kinds as OutputKindName[])]
}

/** An absolute http(s) URL, as written (`links create <url>`). */
export function parseHttpUrl(value: string): string {
  if (!isHttpUrl(value)) throw new InvalidArgumentError('Expected an http(s) URL.')
  return value
}

/** True when `value` is an absolute http or https URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** `--base-url`: an http(s) origin, optionally with a path prefix; kept without a trailing slash. */
export function parseBaseUrl(value: string): string {
  if (!isHttpUrl(value)) throw new InvalidArgumentError('Expected an http(s) URL.')
  const url = new URL(value)
  if (url.search !== '' || url.hash !== '') {
    throw new InvalidArgumentError('Expected a server address without a query or fragment.')
  }
  return url.href.replace(/\/+$/, '')
}

// The service's rule for vanity slugs (ARCHITECTURE.md); reserved words are the server's to refuse.
const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$/

/** `--slug`: 3-64 characters of a-z, 0-9 and `-`, neither first nor last a `-`. */
export function parseSlug(value: string): string {
  if (!SLUG_PATTERN.test(value)) {
    throw new InvalidArgumentError('Use 3-64 of a-z, 0-9 and -, not starting or ending with -.')
  }
  return value
}

const DURATION_UNIT_MS = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
} as const

// A date-time with seconds optional, and a zone: without one the instant is ambiguous.
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i

/**
 * `--expires`: an ISO 8601 date-time with `Z` or an offset (`2026-12-31T18:00:00+01:00`), or a
 * duration from now such as `30m`, `12h`, `7d`, `2w` or `1d12h`. Returns the instant as an ISO
 * string in UTC (`2026-12-31T17:00:00.000Z`); it must lie in the future.
 */
export function parseExpires(value: string, nowMs = Date.now()): string {
  const text = value.trim()
  let ms: number
  if (/^(?:\d+[mhdw])+$/i.test(text)) {
    ms = nowMs
    for (const [, amount, unit] of text.toLowerCase().matchAll(/(\d+)([mhdw])/g)) {
      ms += Number(amount) * DURATION_UNIT_MS[unit as keyof typeof DURATION_UNIT_MS]
    }
  } else if (ISO_DATE_TIME.test(text) && isCalendarDate(text)) {
    ms = Date.parse(text)
  } else {
    throw new InvalidArgumentError(
      'Use a date-time with a zone (2026-12-31T23:59:59Z) or a duration (30m, 12h, 7d, 2w).',
    )
  }
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) {
    throw new InvalidArgumentError('That is not a date this program can represent.')
  }
  if (ms <= nowMs) throw new InvalidArgumentError('That moment has already passed.')
  return new Date(ms).toISOString()
}

/** Whether the date part of `YYYY-MM-DD...` exists: Date.parse turns February 30 into March 2. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
