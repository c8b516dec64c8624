import { toPdfxError } from './report-error.js'
import type { Outcome } from './worker-pool.js'

/**
 * Runs `work` on every item, at most `size` at once, on this thread: for work that waits (HTTP
 * requests) rather than computes. `onSettled` is called once per item as each finishes, in the
 * order they finish; failures arrive as PdfxErrors. Resolves when every item has settled.
 */
export async function runConcurrently<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
  onSettled: (index: number, outcome: Outcome<R>) => void,
): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const index = next++
      let outcome: Outcome<R>
      try {
        outcome = { ok: true, value: await work(items[index] as T) }
      } catch (error) {
        outcome = { ok: false, error: toPdfxError(error) }
      }
      onSettled(index, outcome)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, lane))
}
