import { describe, expect, it } from 'vitest'
import { runClosedLoop } from './closed-loop'

describe('runClosedLoop', () => {
  it('sends every request once, never more than `clients` at a time', async () => {
    const sent: number[] = []
    let inFlight = 0
    let most = 0
    const result = await runClosedLoop(7, 2, async (index) => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 1))
      sent.push(index)
      inFlight--
    })
    expect(sent.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(most).toBe(2)
    expect(result.requests).toBe(7)
    expect(result.requestsPerSecond).toBeCloseTo(7 / result.seconds)
  })

  it('stops sending after the first failure and rejects with it', async () => {
    const sent: number[] = []
    const run = runClosedLoop(10, 1, async (index) => {
      sent.push(index)
      if (index === 2) throw new Error('boom')
    })
    await expect(run).rejects.toThrow('boom')
    expect(sent).toEqual([0, 1, 2])
  })
})
