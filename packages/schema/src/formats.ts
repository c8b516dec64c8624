import { z } from 'zod'

/**
 * An ISO 8601 date-time with `Z` or a numeric offset; local times without one are ambiguous
 * across the server's and the caller's time zones, so they are refused.
 */
export const DateTimeSchema = z.iso.datetime({ offset: true })

/** An absolute http or https URL of at most 2048 characters. */
export const HttpUrlSchema = z
  // The hostname is not checked here: whether an address may be fetched is the fetcher's call
  // (url_not_allowed), and tests fetch from 127.0.0.1.
  .url({ protocol: /^https?$/ })
  .max(2048)
