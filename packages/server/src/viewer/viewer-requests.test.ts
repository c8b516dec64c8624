import { describe, expect, it } from 'vitest'
import { parseEmail, parseEventsRequest, parseVisitRequest } from './viewer-requests.js'

describe('viewer request bodies', () => {
  it('accept a captured email only when it is an address, lowercased', () => {
    expect(parseEmail(' Ana@Example.COM ')).toBe('ana@example.com')
    for (const value of ['', 'ana', 'ana@', '<a@b.co>', `${'a'.repeat(250)}@b.co`, 42, undefined]) {
      expect(parseEmail(value), String(value)).toBeUndefined()
    }
  })

  it('read a visit request', () => {
    expect(parseVisitRequest({ ticket: 't.s' })).toEqual({ ticket: 't.s' })
    expect(parseVisitRequest({ ticket: 't.s', email: 'A@b.co' })).toEqual({
      ticket: 't.s',
      email: 'a@b.co',
    })
    for (const body of [
      null,
      [],
      { ticket: '' },
      { ticket: 1 },
      { ticket: 't', email: 'x' },
      { ticket: 't', more: 1 },
    ]) {
      expect(() => parseVisitRequest(body), JSON.stringify(body)).toThrow(/Invalid body/)
    }
  })

  it('read an events batch and say what is wrong with a bad one', () => {
    expect(parseEventsRequest({ visitToken: 'v.s', pages: [{ page: 2, ms: 0 }] })).toEqual({
      visitToken: 'v.s',
      pages: [{ page: 2, ms: 0 }],
    })
    expect(() =>
      parseEventsRequest({ visitToken: 'v.s', pages: [{ page: 100_001, ms: 1 }] }),
    ).toThrow('pages.0.page')
    expect(() => parseEventsRequest({ visitToken: 'v.s', pages: [{ page: 1, ms: '1' }] })).toThrow(
      'pages.0.ms',
    )
    expect(() => parseEventsRequest({ visitToken: 'v.s', pages: {} })).toThrow(
      'pages: must be an array',
    )
  })
})
