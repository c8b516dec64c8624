import { DwellClock } from './dwell-clock.js'

/** Without pointer, key, wheel, scroll or touch input for this long, the reader counts as away. */
export const IDLE_MS = 30_000

/** How often the clock is brought up to date while nothing else happens, in milliseconds. */
const TICK_MS = 1_000

/** Inputs that show someone is at the screen. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll']

/**
 * @typedef {object} TrackerOptions
 * @property {string} eventsUrl where dwell batches go (`POST /d/<slug>/events`)
 * @property {string} visitToken the visit the batches belong to
 * @property {number} flushMs how often a batch is sent while the page stays open
 * @property {() => number | null} currentPage the page being read, or null before one is shown
 * @property {(status: number) => void} onGone the link was revoked (404) or expired (410)
 */

/**
 * Measures visible, active reading time per page and reports it: a batch every `flushMs`, and
 * one more with `navigator.sendBeacon` when the page is hidden or left. The clock runs only
 * while the tab is visible and the reader was active within IDLE_MS.
 * @param {TrackerOptions} options
 * @returns {{ sync: () => void, stop: () => void }}
 */
export function startTracking(options) {
  const clock = new DwellClock()
  let lastActivityMs = performance.now()
  let stopped = false
  let sending = false

  /** Brings the clock up to now: who reads which page, if anyone. */
  function sync() {
    if (stopped) return
    const nowMs = performance.now()
    const idleSinceMs = lastActivityMs + IDLE_MS
    if (document.visibilityState !== 'visible') clock.update(nowMs, null)
    // Idle time is not reading time: the clock stopped when the reader went quiet, not now.
    else if (nowMs >= idleSinceMs) clock.update(Math.max(idleSinceMs, 0), null)
    else clock.update(nowMs, options.currentPage())
  }

  function onActivity() {
    const wasIdle = performance.now() - lastActivityMs >= IDLE_MS
    lastActivityMs = performance.now()
    if (wasIdle) sync()
  }

  function body(batch) {
    return JSON.stringify({ visitToken: options.visitToken, pages: batch })
  }

  /** Sends what was gathered while the page stays open; failures keep the time for later. */
  async function flush() {
    sync()
    if (stopped || sending) return
    const batch = clock.drain()
    if (batch.length === 0) return
    sending = true
    try {
      const response = await fetch(options.eventsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body(batch),
        keepalive: true,
        credentials: 'same-origin',
      })
      if (response.status === 404 || response.status === 410) {
        stop()
        options.onGone(response.status)
      } else if (response.status === 429 || response.status >= 500) {
        clock.restore(batch)
      } else if (!response.ok) {
        // The visit token was refused: nothing this page sends can count any more.
        stop()
      }
    } catch {
      clock.restore(batch) // offline for a moment: the time goes out with the next batch
    } finally {
      sending = false
    }
  }

  /** Sends what was gathered as the page goes away; a beacon survives the page's end. */
  function beacon() {
    const batch = clock.drain()
    if (batch.length === 0) return
    const payload = new Blob([body(batch)], { type: 'application/json' })
    if (navigator.sendBeacon(options.eventsUrl, payload)) return
    // The beacon queue was full: a keepalive request outlives the page as well.
    fetch(options.eventsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(batch),
      keepalive: true,
    }).catch(() => {})
  }

  function onVisibilityChange() {
    sync()
    if (document.visibilityState === 'hidden' && !stopped) beacon()
  }

  function onPageHide() {
    sync()
    clock.update(performance.now(), null)
    if (!stopped) beacon()
  }

  function onPageShow(event) {
    // Back from the back/forward cache: the same visit goes on.
    if (event.persisted) {
      lastActivityMs = performance.now()
      sync()
    }
  }

  function stop() {
    sync()
    clock.update(performance.now(), null)
    stopped = true
    clearInterval(tickTimer)
    clearInterval(flushTimer)
    for (const type of ACTIVITY_EVENTS) removeEventListener(type, onActivity, true)
    document.removeEventListener('visibilitychange', onVisibilityChange)
    removeEventListener('pagehide', onPageHide)
    removeEventListener('pageshow', onPageShow)
  }

  for (const type of ACTIVITY_EVENTS) {
    addEventListener(type, onActivity, { capture: true, passive: true })
  }
  document.addEventListener('visibilitychange', onVisibilityChange)
  addEventListener('pagehide', onPageHide)
  addEventListener('pageshow', onPageShow)
  const tickTimer = setInterval(sync, TICK_MS)
  const flushTimer = setInterval(() => void flush(), options.flushMs)
  sync()
  return { sync, stop }
}
