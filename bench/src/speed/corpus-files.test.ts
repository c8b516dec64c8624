import { describe, expect, it } from 'vitest'
import { readCorpusPdf, speedCorpusDir } from './corpus-files'

describe('speedCorpusDir', () => {
  it('finds ../shared/corpus beside the repository, ending in a slash', () => {
    expect(speedCorpusDir()).toMatch(/\/shared\/corpus\/$/)
  })
})

describe('readCorpusPdf', () => {
  it('names the missing file', async () => {
    await expect(readCorpusPdf('dpbench', 'no-such.pdf')).rejects.toThrow(
      /dpbench\/no-such\.pdf is missing/,
    )
  })
})
