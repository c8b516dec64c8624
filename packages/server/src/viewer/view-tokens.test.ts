import { describe, expect, it } from 'vitest'
import { signViewToken, verifyViewToken } from './view-tokens.js'
import { deriveViewerKeys } from './viewer-keys.js'

const keys = deriveViewerKeys('installation secret')
const claims = {
  linkId: 'lnk_abcdefghijklmnop',
  visitId: 'vis_0123456789abcdef',
  issuedAtMs: 1_000,
  expiresAtMs: 61_000,
}

describe('view tokens', () => {
  it('carry their claims until they expire', () => {
    const token = signViewToken(claims, keys.visit)
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/)
    expect(verifyViewToken(token, keys.visit, 60_999)).toEqual({ ok: true, claims })
    expect(verifyViewToken(token, keys.visit, 61_000)).toEqual({ ok: false, reason: 'expired' })
  })

  it('keep a missing visit missing', () => {
    const { visitId: _, ...ticket } = claims
    const checked = verifyViewToken(signViewToken(ticket, keys.ticket), keys.ticket, 0)
    expect(checked).toEqual({ ok: true, claims: ticket })
  })

  it('are refused when changed in any way, or signed with another key', () => {
    const token = signViewToken(claims, keys.visit)
    const [payload = '', signature = ''] = token.split('.')
    const longer = Buffer.from(
      JSON.stringify({ l: claims.linkId, v: claims.visitId, i: 1_000, e: 999_999 }),
    ).toString('base64url')
    const refused = [
      `${longer}.${signature}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${payload}.${signature}=`,
      payload,
      '',
      `.${signature}`,
      'x'.repeat(600),
    ]
    for (const candidate of refused) {
      expect(verifyViewToken(candidate, keys.visit, 0), candidate).toEqual({
        ok: false,
        reason: 'malformed',
      })
    }
    // The same claims under the file key are no visit token: kinds never stand in for each other.
    expect(verifyViewToken(signViewToken(claims, keys.file), keys.visit, 0).ok).toBe(false)
    expect(verifyViewToken(token, deriveViewerKeys('other secret').visit, 0).ok).toBe(false)
  })
})
