/**
 * Adds up reading time per page. The caller says, at each change, which page is being read from
 * now on (or null when nobody reads: tab hidden, reader idle, document not shown yet); the time
 * between two calls goes to the page of the first. Times are milliseconds of one monotonic clock
 * (`performance.now()` in the browser). Pure bookkeeping: no timers, no DOM.
 */
export class DwellClock {
  /** @type {number | null} */
  #page = null
  #sinceMs = 0
  /** @type {Map<number, number>} unsent time per page, fractions of a millisecond included */
  #pending = new Map()

  /**
   * Closes the running interval at `nowMs` and opens the next one on `page`. A `nowMs` before the
   * previous call adds nothing, so a caller may close an interval in the past (at the moment the
   * reader went idle) without taking time back.
   * @param {number} nowMs
   * @param {number | null} page
   */
  update(nowMs, page) {
    if (this.#page !== null && nowMs > this.#sinceMs) {
      this.#pending.set(this.#page, (this.#pending.get(this.#page) ?? 0) + (nowMs - this.#sinceMs))
    }
    this.#page = page
    this.#sinceMs = nowMs
  }

  /** The page the clock runs for, or null while it stands. */
  get page() {
    return this.#page
  }

  /**
   * Takes the whole milliseconds gathered per page since the last drain, ordered by page; the
   * fractions stay behind for the next batch, so nothing is lost to rounding.
   * @returns {{ page: number, ms: number }[]}
   */
  drain() {
    /** @type {{ page: number, ms: number }[]} */
    const batch = []
    for (const [page, ms] of [...this.#pending].sort(([a], [b]) => a - b)) {
      const whole = Math.floor(ms)
      if (whole > 0) batch.push({ page, ms: whole })
      if (ms - whole > 0) this.#pending.set(page, ms - whole)
      else this.#pending.delete(page)
    }
    return batch
  }

  /**
   * Puts back a batch that could not be delivered, to go out with the next one.
   * @param {{ page: number, ms: number }[]} batch
   */
  restore(batch) {
    for (const { page, ms } of batch) this.#pending.set(page, (this.#pending.get(page) ?? 0) + ms)
  }
}
