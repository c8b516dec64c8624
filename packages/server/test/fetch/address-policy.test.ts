import { describe, expect, it } from 'vitest'
import { isAddressAllowed, parseAllowList } from '../../src/fetch/address-policy.js'

// Pure checks only: proving these ranges are refused never needs a packet sent to them.
const refused: [string, string][] = [
  ['10.0.0.1', 'private 10/8'],
  ['10.255.255.255', 'private 10/8, last address'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.254', 'private 172.16/12, top end'],
  ['192.168.1.1', 'private 192.168/16'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback, whole /8'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network 0/8'],
  ['169.254.169.254', 'link-local: AWS, GCP, Azure, OCI metadata'],
  ['169.254.0.1', 'link-local'],
  ['100.100.100.200', 'carrier-grade NAT: Alibaba metadata'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['168.63.129.16', 'Azure WireServer'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast SSDP'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['192.0.2.1', 'documentation TEST-NET-1'],
  ['198.18.0.1', 'benchmarking'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with zone'],
  ['fc00::1', 'unique local fc00::/7'],
  ['fdff:ffff::1', 'unique local fc00::/7, upper half'],
  ['fd00:ec2::254', 'AWS IPv6 metadata'],
  ['fd20:ce::254', 'GCP IPv6 metadata'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback dotted'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::127.0.0.1', 'deprecated IPv4-compatible'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b::808:808', 'NAT64 even of a public address'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['2002:0a00:0001::', '6to4 of 10.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['100::1', 'IPv6 discard'],
  ['localhost', 'a name, not an address'],
  ['127.1', 'non-canonical IPv4 spelling'],
  ['0x7f000001', 'hex IPv4 spelling'],
  ['', 'empty'],
]

const allowed: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['93.184.215.14', 'public IPv4'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['2606:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:80b::200e', 'public IPv6'],
]

describe('isAddressAllowed with an empty allow list', () => {
  it.each(refused)('refuses %s (%s)', (ip) => {
    expect(isAddressAllowed(ip, [])).toBe(false)
  })

  it.each(allowed)('allows %s (%s)', (ip) => {
    expect(isAddressAllowed(ip, [])).toBe(true)
  })
})

describe('isAddressAllowed with an allow list', () => {
  const loopback = parseAllowList(['127.0.0.0/8'])

  it.each(['127.0.0.1', '127.0.0.2', '::ffff:127.0.0.1', '::ffff:7f00:1'])(
    'opens %s through 127.0.0.0/8',
    (ip) => {
      expect(isAddressAllowed(ip, loopback)).toBe(true)
    },
  )

  it.each(['10.0.0.1', '169.254.169.254', '::1', '::ffff:10.0.0.1'])('keeps %s refused', (ip) => {
    expect(isAddressAllowed(ip, loopback)).toBe(false)
  })

  it('opens exactly one host with a /32', () => {
    const single = parseAllowList(['127.0.0.1/32'])
    expect(isAddressAllowed('127.0.0.1', single)).toBe(true)
    expect(isAddressAllowed('127.0.0.2', single)).toBe(false)
  })

  it('opens IPv6 ranges', () => {
    const ranges = parseAllowList(['::1/128', 'fd00::/8'])
    expect(isAddressAllowed('::1', ranges)).toBe(true)
    expect(isAddressAllowed('fd12::1', ranges)).toBe(true)
    expect(isAddressAllowed('fc00::1', ranges)).toBe(false)
  })
})

describe('parseAllowList', () => {
  it('takes CIDRs and bare addresses, skipping blanks', () => {
    const ranges = parseAllowList([' 10.0.0.0/8 ', '', '192.168.1.7', '::1'])
    expect(ranges.map((r) => `${r.network.toString()}/${r.prefixLength}`)).toEqual([
      '10.0.0.0/8',
      '192.168.1.7/32',
      '::1/128',
    ])
  })

  it('turns IPv4-mapped ranges into IPv4 ones', () => {
    const ranges = parseAllowList(['::ffff:10.0.0.0/104'])
    expect(ranges.map((r) => `${r.network.toString()}/${r.prefixLength}`)).toEqual(['10.0.0.0/8'])
    expect(isAddressAllowed('10.1.2.3', ranges)).toBe(true)
  })

  it.each(['10.0.0.0/33', 'intranet', '10.0.0.0/', '::1/129'])('rejects %s', (entry) => {
    expect(() => parseAllowList([entry])).toThrow(/Invalid CIDR/)
  })
})
