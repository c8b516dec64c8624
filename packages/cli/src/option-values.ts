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
