import { describe, expect, it } from 'vitest'
import { parseAllowList } from '../../src/fetch/address-policy.js'
import { assertUrlAllowed, hostOf, parseRequestedUrl } from '../../src/fetch/url-policy.js'

describe('WHATWG URL parsing turns every numeric spelling into one canonical host', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', '::ffff:7f00:1'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://2852039166/', '169.254.169.254'],
  ])('%s has host %s', (raw, host) => {
    expect(hostOf(parseRequestedUrl(raw))).toBe(host)
  })
})

describe('assertUrlAllowed', () => {
  const none = parseAllowList([])

  it.each([
    'http://2130706433/a.pdf',
    'http://0x7f.1/a.pdf',
    'http://017700000001/a.pdf',
    'http://[::ffff:7f00:1]/a.pdf',
    'http://[::1]/a.pdf',
    'http://2852039166/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://100.100.100.200/latest/meta-data/',
  ])('refuses the literal address in %s', (raw) => {
    expect(() => assertUrlAllowed(parseRequestedUrl(raw), none)).toThrow(
      expect.objectContaining({
        code: 'url_not_allowed',
        message: 'The URL points to an address that is not allowed',
      }),
    )
  })

  it.each([
    'ftp://127.0.0.1/a.pdf',
    'file:///etc/passwd',
    'gopher://127.0.0.1/',
    'data:application/pdf;base64,JVBERi0=',
    'javascript:alert(1)',
    'http://user:pass@127.0.0.1/a.pdf',
    'https://user@127.0.0.1/a.pdf',
  ])('refuses the scheme or credentials of %s', (raw) => {
    expect(() => assertUrlAllowed(parseRequestedUrl(raw), parseAllowList(['127.0.0.0/8']))).toThrow(
      expect.objectContaining({ code: 'url_not_allowed' }),
    )
  })

  it('leaves host names to the connect-time check', () => {
    expect(() => assertUrlAllowed(new URL('https://example.com/a.pdf'), none)).not.toThrow()
  })

  it('lets an allow list open a literal address', () => {
    const loopback = parseAllowList(['127.0.0.0/8'])
    expect(() => assertUrlAllowed(new URL('http://2130706433/'), loopback)).not.toThrow()
  })
})

describe('parseRequestedUrl', () => {
  it.each(['not a url', '', '/relative/a.pdf', 'http://', 'http://1.2.3.4.5/'])(
    'answers invalid_request for %j',
    (raw) => {
      expect(() => parseRequestedUrl(raw)).toThrow(
        expect.objectContaining({ code: 'invalid_request' }),
      )
    },
  )
})
