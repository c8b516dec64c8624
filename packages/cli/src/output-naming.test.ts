import { describe, expect, it } from 'vitest'
import { planOutputPaths } from './output-naming.js'

describe('planOutputPaths', () => {
  it('replaces .pdf with the extension of the format', () => {
    expect(planOutputPaths(['report.pdf'], 'markdown')).toEqual(['report.md'])
    expect(planOutputPaths(['report.PDF'], 'json')).toEqual(['report.json'])
    expect(planOutputPaths(['report.pdf'], 'chunks')).toEqual(['report.chunks.jsonl'])
    expect(planOutputPaths(['download'], 'markdown')).toEqual(['download.md'])
  })

  it('gives later inputs with a taken name -2, -3, without letter case mattering', () => {
    expect(
      planOutputPaths(['report.pdf', 'Report.pdf', 'report-2.pdf', 'report.pdf'], 'markdown'),
    ).toEqual(['report.md', 'Report-2.md', 'report-2-2.md', 'report-3.md'])
  })

  it('keeps sub-folders but never leaves the output folder', () => {
    expect(planOutputPaths(['2024/q1/report.pdf'], 'markdown')).toEqual(['2024/q1/report.md'])
    expect(planOutputPaths(['../../etc/passwd', '/abs/x.pdf', 'a:b?.pdf'], 'markdown')).toEqual([
      '_/_/etc/passwd.md',
      'abs/x.md',
      'a_b_.md',
    ])
    expect(planOutputPaths(['', '.pdf'], 'markdown')).toEqual(['document.md', 'document-2.md'])
  })
})
