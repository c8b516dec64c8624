import { describe, expect, it } from 'vitest'
import { deriveViewerKeys } from './viewer-keys.js'
import {
  dailyHash,
  isVisitorId,
  linkVisitor,
  newVisitorId,
  startOfUtcDay,
} from './visitor-identity.js'

const keys = deriveViewerKeys('installation secret')
const morning = new Date('2026-03-10T06:00:00.000Z')
const evening = new Date('2026-03-10T23:59:59.999Z')
const nextDay = new Date('2026-03-11T00:00:00.000Z')
const chrome = 'Mozilla/5.0 Chrome/156.0.0.0'

describe('visitor identity', () => {
  it('makes random cookie ids that it recognises, and nothing else', () => {
    const id = newVisitorId()
    expect(isVisitorId(id)).toBe(true)
    expect(newVisitorId()).not.toBe(id)
    for (const value of [
      '',
      'vst_',
      `${id}x`,
      id.replace('vst_', 'vis_'),
      'vst_../../etc/passwd',
    ]) {
      expect(isVisitorId(value), value).toBe(false)
    }
  })

  it('stores a different pseudonym of one browser for each link', () => {
    const id = newVisitorId()
    const first = linkVisitor(keys.visitor, 'lnk_aaaaaaaaaaaaaaaa', id)
    expect(first).toBe(linkVisitor(keys.visitor, 'lnk_aaaaaaaaaaaaaaaa', id))
    expect(first).not.toBe(linkVisitor(keys.visitor, 'lnk_bbbbbbbbbbbbbbbb', id))
    expect(first).not.toContain(id.slice(4))
  })

  it('hashes network, user agent and UTC day, so the hash changes at midnight UTC', () => {
    const hash = dailyHash(keys.daily, morning, '198.51.100.7', chrome)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(dailyHash(keys.daily, evening, '198.51.100.7', chrome)).toBe(hash)
    expect(dailyHash(keys.daily, nextDay, '198.51.100.7', chrome)).not.toBe(hash)
    expect(dailyHash(keys.daily, morning, '198.51.100.8', chrome)).not.toBe(hash)
    expect(dailyHash(keys.daily, morning, '198.51.100.7', `${chrome} Edg/156`)).not.toBe(hash)
    expect(dailyHash(keys.daily, morning, '::ffff:198.51.100.7', chrome)).toBe(hash)
    expect(dailyHash(deriveViewerKeys('other').daily, morning, '198.51.100.7', chrome)).not.toBe(
      hash,
    )
  })

  it('counts IPv6 clients per /64', () => {
    const hash = dailyHash(keys.daily, morning, '2001:db8:1:2::1', chrome)
    expect(dailyHash(keys.daily, morning, '2001:db8:1:2:ffff::9', chrome)).toBe(hash)
    expect(dailyHash(keys.daily, morning, '2001:db8:1:3::1', chrome)).not.toBe(hash)
  })

  it('finds the start of the UTC day', () => {
    expect(startOfUtcDay(evening).toISOString()).toBe('2026-03-10T00:00:00.000Z')
    expect(startOfUtcDay(nextDay).toISOString()).toBe('2026-03-11T00:00:00.000Z')
  })
})
