import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a signed viewer token vouches for. Instants are milliseconds since the Unix epoch. */
export interface ViewTokenClaims {
  linkId: string
  /** The visit a visit or file token belongs to; tickets and uncounted (bot) views have none. */
  visitId?: string | undefined
  issuedAtMs: number
  expiresAtMs: number
}

/** Why a token was refused: not made by us (or damaged), or made by us but too old. */
export type TokenRefusal = 'malformed' | 'expired'

/** The outcome of checking a token. */
export type TokenCheck = { ok: true; claims: ViewTokenClaims } | { ok: false; reason: TokenRefusal }

/** Longest token accepted; real ones are about 150 characters. */
export const MAX_TOKEN_LENGTH = 512

/** The signed JSON; short field names keep tokens, and the file URLs that carry them, short. */
interface Payload {
  l: string
  v?: string
  i: number
  e: number
}

/**
 * Signs claims as `<payload>.<signature>`, both base64url: the payload is JSON, the signature an
 * HMAC-SHA256 of the payload text under `key` (one key per kind of token, see ViewerKeys).
 * Tokens are not encrypted: they carry ids only, which the viewer may see.
 */
export function signViewToken(claims: ViewTokenClaims, key: Buffer): string {
  const payload = Buffer.from(
    JSON.stringify({
      l: claims.linkId,
      ...(claims.visitId !== undefined && { v: claims.visitId }),
      i: claims.issuedAtMs,
      e: claims.expiresAtMs,
    }),
  ).toString('base64url')
  return `${payload}.${signature(payload, key)}`
}

/** Checks a token's signature under `key`, then its expiry against `nowMs`. */
export function verifyViewToken(token: string, key: Buffer, nowMs: number): TokenCheck {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' }
  const dot = token.indexOf('.')
  if (dot <= 0) return { ok: false, reason: 'malformed' }
  const payload = token.slice(0, dot)
  // Compared as text: decoding base64url first would accept many spellings of one signature.
  const given = Buffer.from(token.slice(dot + 1))
  const expected = Buffer.from(signature(payload, key))
  // timingSafeEqual throws on a length mismatch, and the length of a signature is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'malformed' }
  }
  const parsed = parsePayload(payload)
  // Only reachable with a correct signature, i.e. a token of another format signed by us.
  if (parsed === undefined) return { ok: false, reason: 'malformed' }
  if (parsed.e <= nowMs) return { ok: false, reason: 'expired' }
  return {
    ok: true,
    claims: {
      linkId: parsed.l,
      ...(parsed.v !== undefined && { visitId: parsed.v }),
      issuedAtMs: parsed.i,
      expiresAtMs: parsed.e,
    },
  }
}

function signature(payload: string, key: Buffer): string {
  return createHmac('sha256', key).update(payload).digest('base64url')
}

function parsePayload(payload: string): Payload | undefined {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { l, v, i, e } = value as Record<string, unknown>
  if (typeof l !== 'string' || l === '') return undefined
  if (v !== undefined && (typeof v !== 'string' || v === '')) return undefined
  if (!Number.isSafeInteger(i) || !Number.isSafeInteger(e)) return undefined
  return { l, ...(v !== undefined && { v }), i: i as number, e: e as number }
}
