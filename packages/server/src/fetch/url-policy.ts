import { isIP } from 'node:net'
import { PdfxError } from '@pdfx/schema'
import { isAddressAllowed, type ParsedCidr } from './address-policy.js'
import { urlNotAllowed } from './fetch-errors.js'

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:'])

/** Parses the URL a caller asked for; a string that is no URL at all is a bad request. */
export function parseRequestedUrl(raw: string): URL {
  if (!URL.canParse(raw)) throw new PdfxError('invalid_request', 'The URL is not a valid URL')
  return new URL(raw)
}

/**
 * Throws url_not_allowed unless the URL may be fetched: http or https, no credentials, and a
 * literal IP host that passes the address policy. Host names are judged later, at connect time,
 * on every address they resolve to. Runs on the first URL and on every redirect target.
 */
export function assertUrlAllowed(url: URL, allow: readonly ParsedCidr[]): void {
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    throw new PdfxError('url_not_allowed', 'Only http and https URLs can be fetched')
  }
  if (url.username !== '' || url.password !== '') {
    throw new PdfxError('url_not_allowed', 'URLs with credentials cannot be fetched')
  }
  // WHATWG URL parsing already rewrote 2130706433, 0x7f.1 and 017700000001 to 127.0.0.1, and
  // wraps IPv6 literals in brackets.
  const host = hostOf(url)
  if (isIP(host) !== 0 && !isAddressAllowed(host, allow)) throw urlNotAllowed()
}

/** The URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  const { hostname } = url
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}
