// Types of dwell-clock.js for the unit test that imports it; the browser needs none.

/** One page's reading time, in whole milliseconds. */
export interface PageDwell {
  page: number
  ms: number
}

/** Adds up reading time per page; see dwell-clock.js. */
export declare class DwellClock {
  update(nowMs: number, page: number | null): void
  get page(): number | null
  drain(): PageDwell[]
  restore(batch: PageDwell[]): void
}
