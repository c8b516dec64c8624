import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  API_KEY_PREFIX,
  apiKeyDisplayPrefix,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from './api-key'

describe('API keys', () => {
  it('are pdfx_ + 32 base62 characters + a 4-character checksum, all different', () => {
    const keys = Array.from({ length: 200 }, generateApiKey)
    for (const key of keys) {
      expect(key).toMatch(/^pdfx_[0-9A-Za-z]{36}$/)
      expect(isWellFormedApiKey(key)).toBe(true)
    }
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('refuses a key whose body or checksum was mistyped', () => {
    const key = generateApiKey()
    const swap = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`
    expect(isWellFormedApiKey(swap(key, API_KEY_PREFIX.length + 3))).toBe(false)
    expect(isWellFormedApiKey(swap(key, key.length - 1))).toBe(false)
  })

  it('refuses anything without the shape of a key', () => {
    const key = generateApiKey()
    for (const candidate of [
      '',
      'pdfx_',
      key.slice(0, -1),
      `${key}0`,
      key.replace('pdfx_', 'sk_x_'),
    ]) {
      expect(isWellFormedApiKey(candidate)).toBe(false)
    }
    expect(isWellFormedApiKey(`${key.slice(0, -2)}-_`)).toBe(false)
  })

  it('hashes the whole key with SHA-256 and shows only its start', () => {
    const key = generateApiKey()
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'))
    expect(apiKeyDisplayPrefix(key)).toBe(key.slice(0, 9))
  })
})
