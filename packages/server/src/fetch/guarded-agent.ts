import type { LookupAddress, LookupOptions } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { Agent, buildConnector } from 'undici'
import { isAddressAllowed, type ParsedCidr } from './address-policy.js'
import { urlNotAllowed } from './fetch-errors.js'
import type { ResolvedAddress, Resolver } from './resolver.js'

/** What the guarded agent needs to decide where it may connect. */
export interface GuardedAgentOptions {
  allow: readonly ParsedCidr[]
  resolve: Resolver
}

/**
 * An undici Agent that checks addresses at the moment it opens a socket: literal IP hosts before
 * connecting, host names inside the socket's own DNS lookup. The address that is checked is the
 * address that is dialled, so DNS rebinding between a check and the connection cannot happen.
 */
export function createGuardedAgent({ allow, resolve }: GuardedAgentOptions): Agent {
  const connectSocket = buildConnector({ lookup: createGuardedLookup(allow, resolve) })
  const connect: buildConnector.connector = (options, callback) => {
    // net.connect skips `lookup` for literal IPs, so those are judged here.
    if (isIP(options.hostname) !== 0 && !isAddressAllowed(options.hostname, allow)) {
      callback(urlNotAllowed(), null)
      return
    }
    connectSocket(options, callback)
  }
  return new Agent({ connect })
}

/** A `lookup` for net.connect that refuses the host when any address it resolves to is refused. */
function createGuardedLookup(allow: readonly ParsedCidr[], resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        // Every answer is judged, not only the family asked for: a name that also points inside
        // the network is refused as a whole.
        if (!addresses.every(({ address }) => isAddressAllowed(address, allow))) {
          callback(urlNotAllowed(), '')
          return
        }
        const usable = addresses.filter((answer) => familyWanted(answer, options))
        const first = usable[0]
        if (first === undefined) {
          callback(notFound(hostname), '')
        } else if (options.all) {
          callback(null, usable.map(toLookupAddress))
        } else {
          callback(null, first.address, first.family)
        }
      },
      (error: unknown) => callback(asErrno(error), ''),
    )
  }
}

function familyWanted(answer: ResolvedAddress, options: LookupOptions): boolean {
  const { family } = options
  if (family === 4 || family === 'IPv4') return answer.family === 4
  if (family === 6 || family === 'IPv6') return answer.family === 6
  return true
}

function toLookupAddress({ address, family }: ResolvedAddress): LookupAddress {
  return { address, family }
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
}

function asErrno(error: unknown): NodeJS.ErrnoException {
  return error instanceof Error ? error : new Error(String(error))
}
