import { createRequire } from 'node:module'

interface Encoder {
  encode(text: string): Uint32Array
  decode(tokens: Uint32Array): Uint8Array
}

let encoder: Encoder | undefined

/**
 * The o200k_base tokenizer, loaded on first use (about a quarter of a second) and kept for the
 * life of the process. Loaded with require so that counting stays synchronous.
 */
function getEncoder(): Encoder {
  if (!encoder) {
    const require = createRequire(import.meta.url)
    const tiktoken = require('tiktoken') as { get_encoding(name: string): Encoder }
    encoder = tiktoken.get_encoding('o200k_base')
  }
  return encoder
}

/** Number of o200k_base tokens in `text`. */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : getEncoder().encode(text).length
}

const decoder = new TextDecoder()

/** Cuts `text` into pieces of at most `budget` tokens each, on token boundaries. */
export function splitByTokens(text: string, budget: number): string[] {
  const tokens = getEncoder().encode(text)
  const pieces: string[] = []
  for (let start = 0; start < tokens.length; start += budget) {
    pieces.push(decoder.decode(getEncoder().decode(tokens.subarray(start, start + budget))))
  }
  return pieces
}
