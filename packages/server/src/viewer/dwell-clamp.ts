import type { PageDwell } from '../links/link-store.js'

/**
 * Extra time a batch may claim beyond the wall time since the visit was last seen, in
 * milliseconds: the viewer's clock and ours start a request's latency apart.
 */
export const DWELL_SLACK_MS = 2_000

/** Most dwell one batch may add, in milliseconds; the viewer sends a batch every few seconds. */
export const MAX_BATCH_DWELL_MS = 5 * 60_000

/**
 * Makes a reported batch believable before it is stored: entries of the same page are added up,
 * empty ones dropped, and when the batch claims more time than has passed since the visit was
 * last seen (plus DWELL_SLACK_MS, at most MAX_BATCH_DWELL_MS), every entry is scaled down by the
 * same factor. A page is read one at a time, so a batch can never hold more time than passed.
 *
 * @param elapsedMs wall time since the visit's `lastSeenAt`, in milliseconds
 * @returns entries ordered by page, each with a whole, positive number of milliseconds
 */
export function clampDwell(batch: readonly PageDwell[], elapsedMs: number): PageDwell[] {
  const byPage = new Map<number, number>()
  for (const { page, ms } of batch) {
    if (ms > 0) byPage.set(page, (byPage.get(page) ?? 0) + ms)
  }
  const allowedMs = Math.min(Math.max(elapsedMs, 0) + DWELL_SLACK_MS, MAX_BATCH_DWELL_MS)
  let totalMs = 0
  for (const ms of byPage.values()) totalMs += ms
  const factor = totalMs > allowedMs ? allowedMs / totalMs : 1
  const clamped: PageDwell[] = []
  for (const [page, ms] of [...byPage].sort(([a], [b]) => a - b)) {
    // Rounding down keeps the scaled sum within the allowance.
    const scaled = Math.floor(ms * factor)
    if (scaled > 0) clamped.push({ page, ms: scaled })
  }
  return clamped
}
