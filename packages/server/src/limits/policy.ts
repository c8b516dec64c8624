import type { Plan } from '@pdfx/schema'

/** Who a per-minute limit applies to: an anonymous client bucket, or a key of a plan. */
export type RateTier = 'anonymous' | Plan

/** The limits the extraction service enforces; every one has a production default. */
export interface ExtractionLimits {
  /** Requests per window, per API key (by its account's plan) or per anonymous client bucket. */
  requestsPerWindow: Record<RateTier, number>
  /** Length of the request window, in seconds. */
  windowSeconds: number
  /** Extractions per UTC day per anonymous client bucket (IPv4 address or IPv6 /64). */
  anonymousPerDay: number
}

/** Production limits (SPEC §8; ARCHITECTURE: 5 anonymous requests per minute, 25 a day). */
export const DEFAULT_LIMITS: ExtractionLimits = {
  requestsPerWindow: { anonymous: 5, free: 10, pro: 60 },
  windowSeconds: 60,
  anonymousPerDay: 25,
}

/** Values to use instead of some of DEFAULT_LIMITS (tests use small ones). */
export interface LimitOverrides {
  requestsPerWindow?: Partial<Record<RateTier, number>>
  windowSeconds?: number
  anonymousPerDay?: number
}

/** DEFAULT_LIMITS with the given values replaced. */
export function resolveLimits(overrides: LimitOverrides = {}): ExtractionLimits {
  return {
    requestsPerWindow: { ...DEFAULT_LIMITS.requestsPerWindow, ...overrides.requestsPerWindow },
    windowSeconds: overrides.windowSeconds ?? DEFAULT_LIMITS.windowSeconds,
    anonymousPerDay: overrides.anonymousPerDay ?? DEFAULT_LIMITS.anonymousPerDay,
  }
}
