import { describe, expect, it } from 'vitest'
import { DwellClock } from '../../viewer/dwell-clock.js'

// The viewer's bookkeeping of reading time (viewer/dwell-clock.js), run in Node: it is plain data.

describe('DwellClock', () => {
  it('gives the time between two updates to the page of the first', () => {
    const clock = new DwellClock()
    clock.update(1_000, 1)
    clock.update(4_000, 2)
    clock.update(6_500, null)
    clock.update(60_000, 3)
    clock.update(61_000, 3)
    expect(clock.drain()).toEqual([
      { page: 1, ms: 3_000 },
      { page: 2, ms: 2_500 },
      { page: 3, ms: 1_000 },
    ])
    expect(clock.drain()).toEqual([])
  })

  it('counts nothing while it stands, and nothing for an update in the past', () => {
    const clock = new DwellClock()
    clock.update(0, null)
    clock.update(10_000, 1)
    // The reader went idle at 12 s; the tick that noticed came at 15 s and closes at 12 s.
    clock.update(12_000, null)
    clock.update(11_000, null)
    expect(clock.page).toBeNull()
    expect(clock.drain()).toEqual([{ page: 1, ms: 2_000 }])
  })

  it('keeps fractions of a millisecond for the next batch', () => {
    const clock = new DwellClock()
    clock.update(0.4, 1)
    clock.update(1.9, 1)
    expect(clock.drain()).toEqual([{ page: 1, ms: 1 }])
    clock.update(2.4, null)
    expect(clock.drain()).toEqual([{ page: 1, ms: 1 }])
  })

  it('takes back a batch that could not be sent', () => {
    const clock = new DwellClock()
    clock.update(0, 2)
    clock.update(500, null)
    const batch = clock.drain()
    clock.restore(batch)
    clock.update(1_000, 2)
    clock.update(1_250, null)
    expect(clock.drain()).toEqual([{ page: 2, ms: 750 }])
  })
})
