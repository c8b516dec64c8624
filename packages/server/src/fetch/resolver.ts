import { lookup } from 'node:dns/promises'

/** One answer of a name lookup. */
export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Turns a host name into every address it resolves to; injected in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

/** The operating system's resolver (getaddrinfo through node:dns, so /etc/hosts applies). */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true })
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}
