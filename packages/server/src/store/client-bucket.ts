import { createHmac } from 'node:crypto'
import ipaddr from 'ipaddr.js'

/** IPv6 clients are counted per /64, the smallest prefix an ISP normally hands one subscriber. */
const IPV6_BUCKET_PREFIX_LENGTH = 64

/**
 * The network an anonymous client is counted under: an IPv4 address as is, an IPv6 address as its
 * /64 prefix (`2001:db8:1:2::/64`), an IPv4-mapped IPv6 address as the IPv4 address.
 * Throws a TypeError when `ip` is not an IP address.
 */
export function clientBucket(ip: string): string {
  // A zone index (`fe80::1%eth0`) names a local interface, not a different client.
  const address = ip.trim().replace(/%.*$/, '')
  if (!ipaddr.isValid(address)) throw new TypeError(`Not an IP address: ${JSON.stringify(ip)}`)
  const parsed = ipaddr.process(address) // unwraps ::ffff:a.b.c.d into IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, IPV6_BUCKET_PREFIX_LENGTH / 16)
  const network = new ipaddr.IPv6([...parts, 0, 0, 0, 0])
  return `${network.toString()}/${IPV6_BUCKET_PREFIX_LENGTH}`
}

/**
 * Keyed SHA-256 (HMAC) of a client bucket as lower-case hex. A plain SHA-256 of an IPv4 address
 * is reversed by trying all 2³² addresses, so the hash is keyed with the installation's secret
 * (`Store.clientHashSecret`), which every instance sharing the database also shares.
 */
export function hashClientBucket(bucket: string, secret: string): string {
  return createHmac('sha256', secret).update(bucket).digest('hex')
}

/** `hashClientBucket(clientBucket(ip), secret)`: the key under which anonymous usage is counted. */
export function clientBucketHash(ip: string, secret: string): string {
  return hashClientBucket(clientBucket(ip), secret)
}
