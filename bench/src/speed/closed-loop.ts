/** What a closed-loop run did: how many requests, how long they all took, and their rate. */
export interface ClosedLoopResult {
  requests: number
  seconds: number
  requestsPerSecond: number
}

/**
 * Sends `requests` requests from `clients` clients that each wait for an answer before sending
 * their next one (a closed loop), so at most `clients` are in flight at once. Request `index`
 * (0-based, in the order they start) is `send(index)`. The first failure stops the run.
 */
export async function runClosedLoop(
  requests: number,
  clients: number,
  send: (index: number) => Promise<void>,
): Promise<ClosedLoopResult> {
  if (!(Number.isInteger(requests) && requests > 0 && Number.isInteger(clients) && clients > 0)) {
    throw new RangeError('requests and clients must be whole numbers ≥ 1')
  }
  let next = 0
  let failed = false
  const client = async (): Promise<void> => {
    while (!failed && next < requests) {
      const index = next++
      try {
        await send(index)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const start = performance.now()
  await Promise.all(Array.from({ length: Math.min(clients, requests) }, client))
  const seconds = (performance.now() - start) / 1000
  return { requests, seconds, requestsPerSecond: requests / seconds }
}
