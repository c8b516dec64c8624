import { describe, expect, it } from 'vitest'
import { clientBucket, clientBucketHash, hashClientBucket } from './client-bucket'

describe('clientBucket', () => {
  it('counts an IPv4 client by its address', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts an IPv6 client by its /64 network', () => {
    expect(clientBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(clientBucket('2001:0DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64')
    expect(clientBucket('fe80::1%eth0')).toBe('fe80::/64')
  })

  it('unwraps IPv4-mapped IPv6 addresses', () => {
    expect(clientBucket('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('refuses what is not an IP address', () => {
    expect(() => clientBucket('example.com')).toThrow(TypeError)
    expect(() => clientBucket('')).toThrow(TypeError)
  })
})

describe('clientBucketHash', () => {
  it('is a keyed hash of the bucket, never the address itself', () => {
    const hash = clientBucketHash('203.0.113.7', 'secret')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).toBe(hashClientBucket('203.0.113.7', 'secret'))
    expect(hash).toBe(clientBucketHash('::ffff:203.0.113.7', 'secret'))
    expect(hash).not.toBe(clientBucketHash('203.0.113.7', 'another secret'))
  })
})
