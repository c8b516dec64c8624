import { describe, expect, it } from 'vitest'
import { checkState, listMarker } from './list-markers.js'

describe('listMarker', () => {
  it('reads chevrons, guillemets and ballot boxes that open a line as markers', () => {
    expect(['› Next steps', '» Tickets', '❯ Install'].map(listMarker)).toEqual(['›', '»', '❯'])
    // A German quotation opens with a guillemet set close to its word.
    expect(listMarker('»Das ist alles«, sagte sie.')).toBeUndefined()
    // A checklist's box, ticked or not: its item keeps the box as a task item's.
    expect(['☐ Send me letters by post', '☑ Done'].map(listMarker)).toEqual(['☐', '☑'])
    expect(checkState('☐')).toBe('open')
    expect(checkState('☑')).toBe('done')
    expect(checkState('•')).toBeUndefined()
  })

  it('reads "c." before a figure as circa, no lettered item', () => {
    expect(listMarker('c. 30,000 ha of orchard')).toBeUndefined()
    expect(listMarker('c. 1750 until the flood')).toBeUndefined()
    expect(listMarker('c. Remove the cover')).toBe('c.')
  })

  it("reads a telephone number's area code in brackets as no item number", () => {
    expect(listMarker('(415) 555-0134 | emily.chen@berkeley.edu')).toBeUndefined()
    expect(listMarker('(916) 555.0123')).toBeUndefined()
    expect(listMarker('(12) Liability for 555 claims')).toBe('(12)')
  })
})
