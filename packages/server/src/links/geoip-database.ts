import { open, type Reader, type Response } from 'maxmind'

/** Which of the two offline databases a file is configured as. */
export type GeoipRole = 'country' | 'asn'

/** The environment variable that configures each database, named in every error. */
export const GEOIP_VARIABLES = {
  country: 'PDFX_GEOIP_COUNTRY_DB',
  asn: 'PDFX_GEOIP_ASN_DB',
} as const satisfies Record<GeoipRole, string>

// database_type of files that cannot serve a role, to catch the two paths swapped: an ASN file has
// no countries and a country or city file has no network owners. Files of other vendors in the
// MaxMind format (DB-IP "DBIP-Country-Lite", "DBIP-ASN-Lite (compat=GeoLite2-ASN)") pass.
const WRONG_TYPE: Record<GeoipRole, { wrong: RegExp; unless: RegExp; expected: string }> = {
  country: { wrong: /ASN|ISP/i, unless: /Country|City|Enterprise/i, expected: 'GeoLite2-Country' },
  asn: { wrong: /Country|City/i, unless: /ASN|ISP/i, expected: 'GeoLite2-ASN' },
}

/**
 * Opens a MaxMind DB (`.mmdb`) file with the maxmind package, which loads it into memory. Throws
 * an Error whose message starts with the role's variable and names the file when the file cannot
 * be read, is not a MaxMind DB, or is the other kind of database.
 */
export async function openGeoipDatabase<T extends Response>(
  role: GeoipRole,
  path: string,
): Promise<Reader<T>> {
  const variable = GEOIP_VARIABLES[role]
  let reader: Reader<T>
  try {
    reader = await open<T>(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new Error(`${variable}: no file at "${path}"`)
    if (code !== undefined) throw new Error(`${variable}: cannot read "${path}" (${code})`)
    throw new Error(`${variable}: "${path}" is not a MaxMind DB (.mmdb) file`, { cause: error })
  }
  // The reader accepts anything that ends in bytes resembling metadata; these fields are what a
  // real database always has, so a damaged or foreign file is refused here, not on the first visit.
  const { binaryFormatMajorVersion, ipVersion, nodeCount, recordSize, databaseType } =
    reader.metadata
  const wellFormed =
    binaryFormatMajorVersion === 2 &&
    (ipVersion === 4 || ipVersion === 6) &&
    Number.isInteger(nodeCount) &&
    nodeCount > 0 &&
    [24, 28, 32].includes(recordSize) &&
    typeof databaseType === 'string'
  if (!wellFormed) throw new Error(`${variable}: "${path}" is not a MaxMind DB (.mmdb) file`)
  const { wrong, unless, expected } = WRONG_TYPE[role]
  if (wrong.test(databaseType) && !unless.test(databaseType)) {
    throw new Error(
      `${variable}: "${path}" is a ${databaseType} database; expected one like ${expected}`,
    )
  }
  return reader
}
