import { describe, expect, it } from 'vitest'
import { looksLikePdf } from './pdf-header.js'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('looksLikePdf', () => {
  it('accepts a header at the start', () => {
    expect(looksLikePdf(bytes('%PDF-1.7\n'))).toBe(true)
  })

  it('accepts junk before the header within 1024 bytes', () => {
    expect(looksLikePdf(bytes(`${' '.repeat(1019)}%PDF-`))).toBe(true)
  })

  it('refuses a header that starts too late', () => {
    expect(looksLikePdf(bytes(`${' '.repeat(1020)}%PDF-1.4`))).toBe(false)
  })

  it.each(['<!doctype html><title>report.pdf</title>', '%PDF', '', '%pdf-1.4'])(
    'refuses %j',
    (text) => {
      expect(looksLikePdf(bytes(text))).toBe(false)
    },
  )
})
