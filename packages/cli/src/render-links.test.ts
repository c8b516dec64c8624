import type { DocLinkListItem, DocLinkStats } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import {
  formatDuration,
  formatInstant,
  linkState,
  renderDwellChart,
  renderLinkList,
  renderLinkStats,
} from './render-links.js'

const NOW = Date.parse('2026-03-10T08:00:00Z')

const LINK: DocLinkListItem = {
  id: 'lnk_aaaaaaaaaaaaaaaa',
  slug: 'q3-report',
  link: 'https://pdfx.example.com/d/q3-report',
  name: 'Quarterly report of the field station, with appendices',
  disabled: false,
  createdAt: '2026-03-01T09:30:00.000Z',
  totalViews: 12,
  expiresAt: null,
  lastViewAt: '2026-03-09T17:05:00.000Z',
}

describe('linkState and formats', () => {
  it('calls a link revoked before expired, and expired once its moment has passed', () => {
    expect(linkState({ disabled: false, expiresAt: null }, NOW)).toBe('active')
    expect(linkState({ disabled: false, expiresAt: '2026-03-10T08:00:00Z' }, NOW)).toBe('expired')
    expect(linkState({ disabled: false, expiresAt: '2026-03-11T00:00:00Z' }, NOW)).toBe('active')
    expect(linkState({ disabled: true, expiresAt: '2026-03-01T00:00:00Z' }, NOW)).toBe('revoked')
  })

  it('writes instants in UTC to the minute, and durations for people', () => {
    expect(formatInstant('2026-03-09T18:05:59+01:00')).toBe('2026-03-09 17:05')
    expect(formatInstant(null)).toBe('-')
    expect([0, 4_240, 59_949, 187_000, 7_500_000].map(formatDuration)).toEqual([
      '0.0 s',
      '4.2 s',
      '59.9 s',
      '3 min 07 s',
      '2 h 05 min',
    ])
  })
})

describe('renderDwellChart', () => {
  const pages = [
    { page: 10, views: 1, avgMs: 1_000 },
    { page: 2, views: 4, avgMs: 8_000 },
    { page: 1, views: 5, avgMs: 2_000 },
    { page: 3, views: 0, avgMs: 0 },
  ]

  it('draws one bar per page in page order, the longest filling the width', () => {
    const lines = renderDwellChart(pages, 60).split('\n')
    expect(lines).toHaveLength(4)
    expect(lines.map((line) => line.match(/page\s+\d+/)?.[0])).toEqual([
      'page 1',
      'page 2',
      'page 3',
      'page 10',
    ])
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60)
    const bars = lines.map((line) => line.replace(/[^█▏▎▍▌▋▊▉]/g, ''))
    expect(bars[1]).toMatch(/^█+$/)
    // 2 s of 8 s is a quarter of the longest bar; 1 s an eighth; an unread page has none.
    expect(bars[0]?.length).toBe(Math.ceil((bars[1]?.length ?? 0) / 4))
    expect(bars[2]).toBe('')
    expect(lines[1]).toMatch(/^ {2}page 2 {3}█+ {2}8\.0 s {2}4 views$/)
  })

  it('scales to the terminal, within bounds', () => {
    const bar = (width: number) =>
      (renderDwellChart(pages, width).split('\n')[1] ?? '').replace(/[^█]/g, '').length
    expect(bar(60)).toBeLessThan(bar(100))
    expect(bar(20)).toBe(10)
    expect(bar(400)).toBe(60)
  })

  it('gives a page read for a moment a sliver next to a long one', () => {
    const chart = renderDwellChart(
      [
        { page: 1, views: 1, avgMs: 600_000 },
        { page: 2, views: 1, avgMs: 100 },
      ],
      80,
    )
    expect(chart.split('\n')[1]).toContain('▏')
  })
})

describe('renderLinkList', () => {
  it('draws one row per link; on a terminal every line fits its width', () => {
    const revoked = { ...LINK, id: 'lnk_bbbbbbbbbbbbbbbb', name: 'Old', disabled: true }
    const text = renderLinkList([LINK, revoked], { nowMs: NOW, width: 80 })
    for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(80)
    expect(text).toContain('revoked')
    const pipe = renderLinkList([LINK], { nowMs: NOW })
    expect(pipe).toContain(`│ ${LINK.name} │ ${LINK.link} │    12 │ 2026-03-09 17:05 │ active │`)
  })
})

describe('renderLinkStats', () => {
  const stats: DocLinkStats = {
    id: 'lnk_aaaaaaaaaaaaaaaa',
    slug: 'q3-report',
    link: 'https://pdfx.example.com/d/q3-report',
    name: 'Q3 report',
    plan: 'free',
    disabled: false,
    expiresAt: '2026-03-01T00:00:00.000Z',
    totalViews: 3,
    visitors: 2,
    lastVisit: null,
    upgradeNote: 'Countries, companies and time per page come with the pro plan.',
  }

  it('shows the summary and the upgrade note on the free plan', () => {
    expect(renderLinkStats(stats, { nowMs: NOW })).toBe(
      [
        'Q3 report',
        '  Link        https://pdfx.example.com/d/q3-report',
        '  Id          lnk_aaaaaaaaaaaaaaaa',
        '  State       expired (since 2026-03-01 00:00 UTC)',
        '  Plan        free',
        '  Views       3',
        '  Visitors    2',
        '  Last visit  never',
        '',
        'Countries, companies and time per page come with the pro plan.',
        '',
      ].join('\n'),
    )
  })

  it('says when a premium breakdown or the visits are empty', () => {
    const text = renderLinkStats(
      { ...stats, plan: 'pro', countries: [], companies: [], pages: [], visits: [] },
      { nowMs: NOW },
    )
    expect(text).toContain('Countries: none recorded')
    expect(text).toContain('Companies: none recognised')
    expect(text).toContain('Time per page: no page viewed yet')
    expect(text).toContain('Recent visits: none')
  })
})
