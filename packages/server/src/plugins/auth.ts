import { PdfxError } from '@pdfx/schema'
import type { FastifyRequest } from 'fastify'
import ipaddr from 'ipaddr.js'
import type { Caller } from '../service/extraction-service.js'
import type { Store } from '../store/index.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; set by `authenticate` on the routes that call it. */
    caller?: Caller
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/**
 * The caller behind an `Authorization` header: anonymous without one (unless `requireKey`), the
 * key's account with `Bearer <key>`. A malformed header or an unknown or revoked key is
 * `unauthorized`, never a silent fall-back to anonymous. Shared by REST and MCP.
 */
export async function resolveCaller(
  store: Store,
  authorization: string | undefined,
  ip: string,
  options: { requireKey?: boolean } = {},
): Promise<Caller> {
  // Only a missing header is anonymous: an empty or malformed one was meant to carry a key.
  if (authorization === undefined) {
    if (options.requireKey) throw new PdfxError('unauthorized', 'An API key is required')
    return { kind: 'anonymous', ip }
  }
  const token = BEARER.exec(authorization)?.[1]
  if (token === undefined) {
    throw new PdfxError('unauthorized', 'The Authorization header must be "Bearer <API key>"')
  }
  const found = await store.authenticate(token)
  if (found === null) throw new PdfxError('unauthorized', 'Unknown or revoked API key')
  return { kind: 'account', account: found.account, keyId: found.keyId, ip }
}

/**
 * The client's address: the socket's peer, or with `trustProxy` the one the trusted proxies
 * forwarded. A forwarded value that is no address falls back to the peer, which always is one.
 */
export function clientIp(request: FastifyRequest): string {
  const ip = request.ip.replace(/%.*$/, '')
  if (ipaddr.isValid(ip)) return ip
  return request.socket.remoteAddress ?? '0.0.0.0'
}

/** Resolves and remembers `request.caller` from the request's `Authorization` header. */
export async function authenticate(
  store: Store,
  request: FastifyRequest,
  options: { requireKey?: boolean } = {},
): Promise<Caller> {
  const caller = await resolveCaller(
    store,
    request.headers.authorization,
    clientIp(request),
    options,
  )
  request.caller = caller
  return caller
}
