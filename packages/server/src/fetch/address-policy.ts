import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6

/** One entry of the allow list: a network and its prefix length in bits. */
export interface ParsedCidr {
  readonly network: Address
  readonly prefixLength: number
}

// ipaddr.js names every special-purpose range; only addresses in none of them are `unicast`.
const PUBLIC_RANGE = 'unicast'

// Global unicast (RFC 4291). Outside it sit the IPv4-compatible ::/96, NAT64 64:ff9b::/96,
// discard 100::/64 and unassigned space that ipaddr.js still calls `unicast`.
const GLOBAL_UNICAST_V6: ParsedCidr = cidr('2000::/3')

// Public addresses that only mean something from inside a cloud: Azure's WireServer answers
// instance metadata and agent traffic on 168.63.129.16.
const DENIED_PUBLIC: readonly ParsedCidr[] = [cidr('168.63.129.16/32')]

/**
 * Parses `PDFX_FETCH_ALLOW` entries (CIDRs, or bare addresses meaning a single host); throws on
 * an entry that is not one, so a typo fails at start-up rather than silently allowing nothing.
 */
export function parseAllowList(entries: readonly string[]): ParsedCidr[] {
  const parsed: ParsedCidr[] = []
  for (const raw of entries) {
    const entry = raw.trim()
    if (entry === '') continue
    if (ipaddr.isValidCIDR(entry)) {
      const [network, prefixLength] = ipaddr.parseCIDR(entry)
      parsed.push(unmapCidr({ network, prefixLength }))
    } else if (isIP(entry) !== 0) {
      const network = unmap(ipaddr.parse(entry))
      parsed.push({ network, prefixLength: network.kind() === 'ipv4' ? 32 : 128 })
    } else {
      throw new Error(`Invalid CIDR in the fetch allow list: ${entry}`)
    }
  }
  return parsed
}

/**
 * True when the fetcher may connect to `ip`: it lies in an allow-list range, or it is a public
 * unicast address. IPv4-mapped IPv6 counts as its IPv4 address; NAT64, 6to4 and Teredo are
 * refused outright because the IPv4 host behind them is not ours to judge.
 */
export function isAddressAllowed(ip: string, allow: readonly ParsedCidr[]): boolean {
  // Only canonical literals: anything looser is not what the socket layer would connect to.
  if (isIP(ip) === 0) return false
  const address = unmap(ipaddr.parse(ip))
  if (allow.some((range) => inRange(address, range))) return true
  if (address.range() !== PUBLIC_RANGE) return false
  if (address.kind() === 'ipv6' && !inRange(address, GLOBAL_UNICAST_V6)) return false
  return !DENIED_PUBLIC.some((range) => inRange(address, range))
}

function inRange(address: Address, range: ParsedCidr): boolean {
  // ipaddr.js throws when the families differ.
  return address.kind() === range.network.kind() && address.match(range.network, range.prefixLength)
}

function unmap(address: Address): Address {
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()
    ? address.toIPv4Address()
    : address
}

// An allow entry like ::ffff:10.0.0.0/104 must match the IPv4 form that checks compare against.
function unmapCidr(range: ParsedCidr): ParsedCidr {
  const { network, prefixLength } = range
  if (network instanceof ipaddr.IPv6 && network.isIPv4MappedAddress() && prefixLength >= 96) {
    return { network: network.toIPv4Address(), prefixLength: prefixLength - 96 }
  }
  return range
}

function cidr(text: string): ParsedCidr {
  const [network, prefixLength] = ipaddr.parseCIDR(text)
  return { network, prefixLength }
}
