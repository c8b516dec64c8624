import type { ResolvedAddress, Resolver } from '../../src/fetch/resolver.js'

/** A resolver with fixed answers; unknown names fail like NXDOMAIN and never reach real DNS. */
export function staticResolver(answers: Record<string, readonly string[]>): Resolver & {
  calls: string[]
} {
  const calls: string[] = []
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname)
    const addresses = answers[hostname]
    if (addresses === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return Object.assign(resolve, { calls })
}
