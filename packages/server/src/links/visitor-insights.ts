import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import type { AsnResponse, CountryResponse, Reader } from 'maxmind'
import { ConfigError } from '../config.js'
import { type Device, deviceOf } from './device.js'
import { companyFromEmail } from './email-company.js'
import { openGeoipDatabase } from './geoip-database.js'
import { type NetworkKind, networkKind } from './network-kind.js'

export { isBotUserAgent } from './bot-user-agent.js'

/** What a visit reveals about its visitor; every field is left out when unknown. */
export interface VisitorInsight {
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string
  /** The captured email's domain (not free-mail), else the organisation owning the network. */
  company?: string
  /** Set when the network belongs to an ISP or a hosting provider rather than an organisation. */
  network?: 'isp' | 'hosting'
  device?: Device
}

/** Describes visitors from their address, user agent and captured email. */
export interface VisitorInsights {
  /**
   * Never throws; unknown fields are left out. `email` is an already-validated address or
   * undefined. Call it only for counted visits: bots are filtered with isBotUserAgent first.
   */
  describe(input: {
    ip: string
    userAgent?: string | undefined
    email?: string | undefined
  }): VisitorInsight
}

/** Paths of the offline databases; either may be left out, and then its fields stay unknown. */
export interface VisitorInsightsOptions {
  /** `PDFX_GEOIP_COUNTRY_DB`: a country or city database such as GeoLite2-Country. */
  countryDb?: string | undefined
  /** `PDFX_GEOIP_ASN_DB`: an ASN database such as GeoLite2-ASN. */
  asnDb?: string | undefined
}

/**
 * Opens the configured databases (loaded into memory) and returns the describer. Fails with a
 * ConfigError naming the variable and file when a configured file is missing or not a MaxMind DB,
 * so a wrong path stops the server at start-up instead of silently losing countries.
 */
export async function openVisitorInsights(
  options: VisitorInsightsOptions,
): Promise<VisitorInsights> {
  const [country, asn] = await Promise.allSettled([
    options.countryDb === undefined
      ? undefined
      : openGeoipDatabase<CountryResponse>('country', options.countryDb),
    options.asnDb === undefined ? undefined : openGeoipDatabase<AsnResponse>('asn', options.asnDb),
  ])
  const issues = [country, asn].flatMap((result) =>
    result.status === 'rejected' ? [errorMessage(result.reason)] : [],
  )
  if (issues.length > 0) throw new ConfigError(issues)
  return createVisitorInsights(
    country.status === 'fulfilled' ? country.value : undefined,
    asn.status === 'fulfilled' ? asn.value : undefined,
  )
}

// Distinct ASN organisations number in the tens of thousands worldwide, but a server sees a few
// hundred often; past this many the memo starts over rather than growing without bound.
const NETWORK_KIND_MEMO_SIZE = 4096

function createVisitorInsights(
  countryDb: Reader<CountryResponse> | undefined,
  asnDb: Reader<AsnResponse> | undefined,
): VisitorInsights {
  const kinds = new Map<string, NetworkKind>()
  const kindOf = (organisation: string): NetworkKind => {
    let kind = kinds.get(organisation)
    if (kind === undefined) {
      if (kinds.size >= NETWORK_KIND_MEMO_SIZE) kinds.clear()
      kind = networkKind(organisation)
      kinds.set(organisation, kind)
    }
    return kind
  }

  return {
    describe({ ip, userAgent, email }) {
      const insight: VisitorInsight = {}
      try {
        const device = deviceOf(userAgent)
        if (device !== undefined) insight.device = device
        const emailCompany = email === undefined ? undefined : companyFromEmail(email)
        if (emailCompany !== undefined) insight.company = emailCompany
        if (countryDb === undefined && asnDb === undefined) return insight
        const address = lookupAddress(ip)
        if (address === undefined) return insight

        const country = countryDb && countryOf(countryDb, address)
        if (country !== undefined) insight.country = country
        const organisation = asnDb && organisationOf(asnDb, address)
        if (organisation !== undefined) {
          const kind = kindOf(organisation)
          // The email names the visitor's employer more surely than the network they came through,
          // but the network kind stays true either way.
          if (kind !== 'organisation') insight.network = kind
          else if (insight.company === undefined) insight.company = organisation
        }
      } catch {
        // A damaged database must not fail the visit: whatever was found so far is returned.
      }
      return insight
    },
  }
}

/**
 * The address to look up, or undefined when `ip` is not one. IPv4 clients of a dual-stack socket
 * arrive as `::ffff:a.b.c.d`; MaxMind readers file IPv4 under `::/96` only, so the mapped form is
 * turned back into IPv4 here (real databases alias `::ffff:0:0/96`, generated ones need not).
 */
function lookupAddress(ip: string): string | undefined {
  const family = isIP(ip)
  if (family === 4) return ip
  if (family !== 6) return undefined // the reader does not validate: garbage would walk the tree
  if (!/^::ffff:/i.test(ip)) return ip
  const parsed = ipaddr.IPv6.parse(ip)
  return parsed.isIPv4MappedAddress() ? parsed.toIPv4Address().toString() : ip
}

/** A reader walks the first bits of an IPv6 address as if it were IPv4 in an IPv4-only tree. */
function canLookUp(reader: Reader<CountryResponse> | Reader<AsnResponse>, address: string) {
  return reader.metadata.ipVersion === 6 || !address.includes(':')
}

const COUNTRY_CODE = /^[A-Z]{2}$/

function countryOf(reader: Reader<CountryResponse>, address: string): string | undefined {
  if (!canLookUp(reader, address)) return undefined
  const record = reader.get(address)
  // registered_country covers networks whose users cannot be placed (anycast, some satellites).
  const code = record?.country?.iso_code ?? record?.registered_country?.iso_code
  return typeof code === 'string' && COUNTRY_CODE.test(code) ? code : undefined
}

function organisationOf(reader: Reader<AsnResponse>, address: string): string | undefined {
  if (!canLookUp(reader, address)) return undefined
  const organisation = reader.get(address)?.autonomous_system_organization
  if (typeof organisation !== 'string') return undefined
  const trimmed = organisation.trim()
  return trimmed === '' ? undefined : trimmed
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
