import type { FastifyReply } from 'fastify'
import type { RateLimitState } from '../service/extraction-service.js'

/**
 * The rate-limit fields of the IETF draft "RateLimit header fields for HTTP"
 * (draft-ietf-httpapi-ratelimit-headers, structured-field form), e.g.
 * `RateLimit-Policy: "minute";q=10;w=60` and `RateLimit: "minute";r=7;t=42`:
 * q = quota per window, w = window in seconds, r = remaining, t = seconds until the reset.
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const name = JSON.stringify(state.policy ?? 'minute')
  return {
    'ratelimit-policy': `${name};q=${state.limit};w=${state.windowSeconds}`,
    ratelimit: `${name};r=${state.remaining};t=${Math.max(0, Math.ceil(state.resetSeconds))}`,
  }
}

/** Puts the rate-limit fields on a reply. */
export function setRateLimitHeaders(reply: FastifyReply, state: RateLimitState): void {
  reply.headers(rateLimitHeaders(state))
}
