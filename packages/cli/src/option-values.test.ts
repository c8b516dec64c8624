import { describe, expect, it } from 'vitest'
import { parseBaseUrl, parseExpires, parseHttpUrl, parseSlug } from './option-values.js'

const NOW = Date.parse('2026-03-10T08:00:00.000Z')

describe('parseExpires', () => {
  it.each([
    ['30m', '2026-03-10T08:30:00.000Z'],
    ['12h', '2026-03-10T20:00:00.000Z'],
    ['7d', '2026-03-17T08:00:00.000Z'],
    ['2W', '2026-03-24T08:00:00.000Z'],
    ['1d12h', '2026-03-11T20:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2026-12-31T23:59:59.000Z'],
    ['2026-12-31T18:00+01:00', '2026-12-31T17:00:00.000Z'],
    [' 2026-04-01T00:00:00.5-02:00 ', '2026-04-01T02:00:00.500Z'],
  ])('turns %s into %s', (value, expected) => {
    expect(parseExpires(value, NOW)).toBe(expected)
  })

  it.each([
    ['tomorrow', /date-time with a zone/],
    ['7', /date-time with a zone/],
    ['7 days', /date-time with a zone/],
    ['2026-12-31', /date-time with a zone/],
    ['2026-12-31T23:59:59', /date-time with a zone/],
    ['2026-02-30T00:00:00Z', /date-time with a zone/],
    ['2026-03-10T07:59:59Z', /already passed/],
    ['0d', /already passed/],
    ['99999999999w', /not a date this program can represent/],
  ])('refuses %s', (value, message) => {
    expect(() => parseExpires(value, NOW)).toThrow(message)
  })
})

describe('URLs and slugs', () => {
  it('takes http(s) URLs only', () => {
    expect(parseHttpUrl('https://example.org/a.pdf')).toBe('https://example.org/a.pdf')
    for (const bad of ['ftp://example.org/a.pdf', 'report.pdf', 'file:///tmp/a.pdf']) {
      expect(() => parseHttpUrl(bad)).toThrow('Expected an http(s) URL.')
    }
  })

  it('keeps a base URL without its trailing slash, and refuses a query', () => {
    expect(parseBaseUrl('https://pdfx.example.com/')).toBe('https://pdfx.example.com')
    expect(parseBaseUrl('http://127.0.0.1:8787/prefix/')).toBe('http://127.0.0.1:8787/prefix')
    expect(() => parseBaseUrl('https://pdfx.example.com/?x=1')).toThrow(/without a query/)
  })

  it('checks the shape of vanity slugs', () => {
    expect(parseSlug('q3-report')).toBe('q3-report')
    for (const bad of ['ab', '-q3', 'q3-', 'Q3-report', 'q3_report', 'a'.repeat(65)]) {
      expect(() => parseSlug(bad)).toThrow(/3-64 of a-z/)
    }
  })
})
