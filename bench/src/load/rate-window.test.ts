import { describe, expect, it } from 'vitest'
import { waitForRoomMs, windowIndex } from './rate-window'

describe('waitForRoomMs', () => {
  const minute = 60_000

  it('does not wait when enough of the window is left', () => {
    expect(waitForRoomMs(10 * minute + 5_000, minute, 20_000)).toBe(0)
  })

  it('waits until just past the next window when too little is left', () => {
    const now = 10 * minute + 50_000
    const wait = waitForRoomMs(now, minute, 20_000)
    expect(wait).toBe(10_250)
    expect(windowIndex(now + wait, minute)).toBe(11)
  })
})
