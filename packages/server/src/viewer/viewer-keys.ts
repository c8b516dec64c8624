import { createHmac } from 'node:crypto'

/** One HMAC key per use of the installation secret, so a value made for one use never passes for another. */
export interface ViewerKeys {
  /** Signs the view ticket embedded in the viewer page. */
  ticket: Buffer
  /** Signs visit tokens, which the viewer sends with its dwell events. */
  visit: Buffer
  /** Signs the short-lived tokens in PDF file URLs. */
  file: Buffer
  /** Signs the visitor cookie. */
  cookie: Buffer
  /** Keys the daily hash of client network and user agent. */
  daily: Buffer
  /** Turns a cookie's visitor id into the per-link pseudonym that is stored. */
  visitor: Buffer
}

/**
 * Derives the viewer's keys from the installation secret (`Store.clientHashSecret`), which every
 * instance sharing the database also shares: tokens issued by one instance verify on another.
 */
export function deriveViewerKeys(secret: string): ViewerKeys {
  const derive = (purpose: string) =>
    createHmac('sha256', secret).update(`pdfx viewer ${purpose} key`).digest()
  return {
    ticket: derive('ticket'),
    visit: derive('visit'),
    file: derive('file'),
    cookie: derive('cookie'),
    daily: derive('daily'),
    visitor: derive('visitor'),
  }
}
