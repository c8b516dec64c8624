import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../src/config.js'
import { companyFromEmail } from '../../src/links/email-company.js'
import { networkKind } from '../../src/links/network-kind.js'
import {
  isBotUserAgent,
  openVisitorInsights,
  type VisitorInsights,
} from '../../src/links/visitor-insights.js'
import { type MmdbNetwork, writeMmdb } from './mmdb-writer.js'

// Addresses come from the documentation ranges (RFC 5737, RFC 3849); nothing here touches a network.
const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:127.0) Gecko/127.0 Firefox/127.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  curl: 'curl/8.5.0',
  slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  python: 'python-requests/2.32.3',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
}

const asn = (number: number, organisation: string) => ({
  autonomous_system_number: number,
  autonomous_system_organization: organisation,
})

// An IPv4-only country database with 24-bit records.
const COUNTRY_V4: MmdbNetwork[] = [
  {
    network: '203.0.113.0/24',
    data: {
      country: { iso_code: 'DE', names: { en: 'Germany' } },
      registered_country: { iso_code: 'DE' },
    },
  },
  // Only the registered country is known, as for some anycast networks.
  { network: '198.51.100.0/24', data: { registered_country: { iso_code: 'JP' } } },
  { network: '192.0.2.0/25', data: { country: { iso_code: 'FR', is_in_european_union: true } } },
]

// A country database with an IPv6 tree and 32-bit records, holding IPv4 under ::/96.
const COUNTRY_V6: MmdbNetwork[] = [
  { network: '2001:db8::/32', data: { country: { iso_code: 'NL' } } },
  { network: '203.0.113.0/24', data: { country: { iso_code: 'DE' } } },
]

// An ASN database with an IPv6 tree and 28-bit records. 2001:db8:ffff::/48 sits inside
// 2001:db8::/32, so the writer splits the broader network around it.
const ASN_V6: MmdbNetwork[] = [
  { network: '203.0.113.0/24', data: asn(64_500, 'Acme Corporation') },
  { network: '198.51.100.0/25', data: asn(3320, 'Deutsche Telekom AG') },
  { network: '198.51.100.128/25', data: asn(14_061, 'DIGITALOCEAN-ASN') },
  { network: '192.0.2.0/24', data: asn(16_509, 'AMAZON-02') },
  { network: '2001:db8::/32', data: asn(64_501, 'Example University') },
  { network: '2001:db8:ffff::/48', data: asn(7922, 'COMCAST-7922') },
]

let dir: string
const paths = { countryV4: '', countryV6: '', asnV6: '', garbage: '', missing: '' }

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdfx-geoip-'))
  paths.countryV4 = join(dir, 'country-v4.mmdb')
  paths.countryV6 = join(dir, 'country-v6.mmdb')
  paths.asnV6 = join(dir, 'asn-v6.mmdb')
  paths.garbage = join(dir, 'garbage.mmdb')
  paths.missing = join(dir, 'missing.mmdb')
  await writeFile(
    paths.countryV4,
    writeMmdb({ databaseType: 'GeoLite2-Country', ipVersion: 4, networks: COUNTRY_V4 }),
  )
  await writeFile(
    paths.countryV6,
    writeMmdb({
      databaseType: 'GeoLite2-Country',
      ipVersion: 6,
      recordSize: 32,
      networks: COUNTRY_V6,
    }),
  )
  await writeFile(
    paths.asnV6,
    writeMmdb({ databaseType: 'GeoLite2-ASN', ipVersion: 6, recordSize: 28, networks: ASN_V6 }),
  )
  await writeFile(paths.garbage, 'this is not a MaxMind database\n'.repeat(100))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('openVisitorInsights with a country database', () => {
  let insights: VisitorInsights
  beforeAll(async () => {
    insights = await openVisitorInsights({ countryDb: paths.countryV4 })
  })

  it('finds the country of an address', () => {
    expect(insights.describe({ ip: '203.0.113.9', userAgent: UA.chrome })).toEqual({
      country: 'DE',
      device: 'desktop',
    })
    expect(insights.describe({ ip: '192.0.2.1' }).country).toBe('FR')
  })

  it('falls back to the registered country', () => {
    expect(insights.describe({ ip: '198.51.100.7' }).country).toBe('JP')
  })

  it('looks up IPv4 clients of a dual-stack socket (::ffff:a.b.c.d)', () => {
    expect(insights.describe({ ip: '::ffff:203.0.113.9' }).country).toBe('DE')
  })

  it('leaves the country out for unknown, private, IPv6 and malformed addresses', () => {
    for (const ip of ['192.0.2.200', '10.0.0.1', '127.0.0.1', '2001:db8::1', '', 'not-an-ip']) {
      expect(insights.describe({ ip })).toEqual({})
    }
  })
})

describe('openVisitorInsights with an IPv6 country database', () => {
  it('finds IPv6 addresses, and IPv4 addresses under ::/96', async () => {
    const insights = await openVisitorInsights({ countryDb: paths.countryV6 })
    expect(insights.describe({ ip: '2001:db8:1234::5' }).country).toBe('NL')
    expect(insights.describe({ ip: '203.0.113.77' }).country).toBe('DE')
    expect(insights.describe({ ip: '::ffff:203.0.113.77' }).country).toBe('DE')
    expect(insights.describe({ ip: '2001:db9::1' })).toEqual({})
    expect(insights.describe({ ip: 'fe80::1%eth0' })).toEqual({})
  })
})

describe('openVisitorInsights with an ASN database', () => {
  let insights: VisitorInsights
  beforeAll(async () => {
    insights = await openVisitorInsights({ countryDb: paths.countryV4, asnDb: paths.asnV6 })
  })

  it("names an organisation's network as the company", () => {
    expect(insights.describe({ ip: '203.0.113.9', userAgent: UA.iphone })).toEqual({
      country: 'DE',
      company: 'Acme Corporation',
      device: 'mobile',
    })
    expect(insights.describe({ ip: '2001:db8::42' })).toEqual({ company: 'Example University' })
  })

  it('labels ISP and hosting networks instead of naming them as companies', () => {
    expect(insights.describe({ ip: '198.51.100.7' })).toEqual({ country: 'JP', network: 'isp' })
    expect(insights.describe({ ip: '198.51.100.200' })).toEqual({
      country: 'JP',
      network: 'hosting',
    })
    expect(insights.describe({ ip: '192.0.2.1' })).toEqual({ country: 'FR', network: 'hosting' })
    // The more specific network inside 2001:db8::/32.
    expect(insights.describe({ ip: '2001:db8:ffff::1' })).toEqual({ network: 'isp' })
  })

  it("prefers the email's company to the network's", () => {
    expect(insights.describe({ ip: '203.0.113.9', email: 'Jane@Widgets.co.uk' })).toEqual({
      country: 'DE',
      company: 'widgets.co.uk',
    })
    // The network kind stays true when the email names the company.
    expect(insights.describe({ ip: '198.51.100.7', email: 'jane@widgets.co.uk' })).toEqual({
      country: 'JP',
      company: 'widgets.co.uk',
      network: 'isp',
    })
  })

  it('falls back to the network when the email is free mail', () => {
    for (const email of ['jane@gmail.com', 'jane@yahoo.co.uk', 'jane@web.de', 'jane@proton.me']) {
      expect(insights.describe({ ip: '203.0.113.9', email }).company).toBe('Acme Corporation')
    }
    expect(insights.describe({ ip: '198.51.100.7', email: 'jane@hotmail.fr' })).toEqual({
      country: 'JP',
      network: 'isp',
    })
  })
})

describe('openVisitorInsights without databases', () => {
  it('still reads the device and the email company, and opens no file', async () => {
    const insights = await openVisitorInsights({})
    expect(
      insights.describe({ ip: '203.0.113.9', userAgent: UA.ipad, email: 'a@acme.com' }),
    ).toEqual({
      company: 'acme.com',
      device: 'tablet',
    })
    expect(insights.describe({ ip: 'garbage' })).toEqual({})
  })
})

describe('openVisitorInsights refuses unusable files', () => {
  const issuesOf = async (options: { countryDb?: string; asnDb?: string }) => {
    const error = await openVisitorInsights(options).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).issues
  }

  it('names the variable and the file when a file is missing', async () => {
    expect(await issuesOf({ countryDb: paths.missing })).toEqual([
      `PDFX_GEOIP_COUNTRY_DB: no file at "${paths.missing}"`,
    ])
  })

  it('refuses a file that is not a MaxMind DB', async () => {
    expect(await issuesOf({ asnDb: paths.garbage })).toEqual([
      `PDFX_GEOIP_ASN_DB: "${paths.garbage}" is not a MaxMind DB (.mmdb) file`,
    ])
    expect(await issuesOf({ countryDb: dir })).toEqual([
      `PDFX_GEOIP_COUNTRY_DB: cannot read "${dir}" (EISDIR)`,
    ])
  })

  it('reports both databases at once, and catches them swapped', async () => {
    expect(await issuesOf({ countryDb: paths.asnV6, asnDb: paths.countryV4 })).toEqual([
      `PDFX_GEOIP_COUNTRY_DB: "${paths.asnV6}" is a GeoLite2-ASN database; expected one like GeoLite2-Country`,
      `PDFX_GEOIP_ASN_DB: "${paths.countryV4}" is a GeoLite2-Country database; expected one like GeoLite2-ASN`,
    ])
  })
})

describe('device', () => {
  it.each([
    ['chrome', 'desktop'],
    ['firefox', 'desktop'],
    ['macSafari', 'desktop'],
    ['iphone', 'mobile'],
    ['androidPhone', 'mobile'],
    ['ipad', 'tablet'],
    ['androidTablet', 'tablet'],
    ['firefoxTablet', 'tablet'],
  ] as const)('reads %s as %s', async (name, device) => {
    const insights = await openVisitorInsights({})
    expect(insights.describe({ ip: '203.0.113.9', userAgent: UA[name] }).device).toBe(device)
  })

  it('leaves the device out without a user agent', async () => {
    const insights = await openVisitorInsights({})
    expect(insights.describe({ ip: '203.0.113.9' })).toEqual({})
    expect(insights.describe({ ip: '203.0.113.9', userAgent: '  ' })).toEqual({})
  })
})

describe('isBotUserAgent', () => {
  it.each(['googlebot', 'curl', 'slackbot', 'facebook', 'python', 'headless'] as const)(
    'counts %s as a bot',
    (name) => {
      expect(isBotUserAgent(UA[name])).toBe(true)
    },
  )

  it('counts a missing or blank user agent as a bot', () => {
    expect(isBotUserAgent(undefined)).toBe(true)
    expect(isBotUserAgent('')).toBe(true)
    expect(isBotUserAgent('   ')).toBe(true)
  })

  it.each(['chrome', 'firefox', 'macSafari', 'iphone', 'androidPhone', 'ipad'] as const)(
    'counts %s as a person',
    (name) => {
      expect(isBotUserAgent(UA[name])).toBe(false)
    },
  )
})

describe('networkKind', () => {
  it.each([
    ['AMAZON-02', 'hosting'],
    ['GOOGLE-CLOUD-PLATFORM', 'hosting'],
    ['GOOGLE', 'hosting'],
    ['MICROSOFT-CORP-MSN-AS-BLOCK', 'hosting'],
    ['Microsoft Azure', 'hosting'],
    ['DIGITALOCEAN-ASN', 'hosting'],
    ['OVH SAS', 'hosting'],
    ['Hetzner Online GmbH', 'hosting'],
    ['Linode, LLC', 'hosting'],
    ['CLOUDFLARENET', 'hosting'],
    ['Akamai International B.V.', 'hosting'],
    ['Acme Web Hosting Ltd', 'hosting'],
    ['Example Datacenter B.V.', 'hosting'],
    ['NTT Communications Cloud', 'isp'],
    ['Deutsche Telekom AG', 'isp'],
    ['COMCAST-7922', 'isp'],
    ['Verizon Business', 'isp'],
    ['Charter Communications Inc', 'isp'],
    ['T-Mobile USA, Inc.', 'isp'],
    ['Vodafone GmbH', 'isp'],
    ['British Telecommunications PLC', 'isp'],
    ['PJSC Rostelecom', 'isp'],
    ['TELEFÔNICA BRASIL S.A', 'isp'],
    ['Google Fiber Inc.', 'isp'],
    ['Free SAS', 'isp'],
    ['Kabel Deutschland GmbH', 'isp'],
    ['MICROSOFT-CORP-AS', 'organisation'],
    ['Apple Inc.', 'organisation'],
    ['Massachusetts Institute of Technology', 'organisation'],
    ['Siemens AG', 'organisation'],
    ['Orange County Government', 'organisation'],
    ['Amazonas Energia', 'organisation'],
  ] as const)('classifies %s as %s', (organisation, kind) => {
    expect(networkKind(organisation)).toBe(kind)
  })
})

describe('companyFromEmail', () => {
  it.each([
    ['jane@acme.com', 'acme.com'],
    ['Jane.Doe@Eng.Acme.CO.UK', 'eng.acme.co.uk'],
    ['jane@acme.com.', 'acme.com'],
    ['jane@live.acme.com', 'live.acme.com'],
    ['jane@gmail.com', undefined],
    ['jane@outlook.com.au', undefined],
    ['jane@yandex.kz', undefined],
    ['jane@comcast.net', undefined],
    ['jane@mailinator.com', undefined],
    ['jane@localhost', undefined],
  ])('reads %s as %s', (email, company) => {
    expect(companyFromEmail(email)).toBe(company)
  })
})
