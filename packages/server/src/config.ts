import { isIP } from 'node:net'
import { HttpUrlSchema } from '@pdfx/schema'
import ipaddr from 'ipaddr.js'
import { parseAllowList } from './fetch/fetch-pdf.js'

/** Log levels of the server's pino logger; `silent` turns logging off. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
/** A log level. */
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * Which proxies may set the client address through `X-Forwarded-For`, as fastify's `trustProxy`
 * takes it: `false` (the socket's peer is the client), `true` (every hop), a hop count, or the
 * addresses and CIDRs of the proxies.
 */
export type TrustProxy = boolean | number | string[]

/** The server's configuration, read from `PDFX_*` environment variables by `loadConfig`. */
export interface Config {
  /** `PDFX_HOST`, default 127.0.0.1 (only this machine). */
  host: string
  /** `PDFX_PORT`, default 8787; 0 picks a free port. */
  port: number
  /** `PDFX_BASE_URL`: public origin used in links, without a trailing slash. */
  baseUrl: string
  /** `PDFX_DATA_DIR`, default ./data: the SQLite file and stored PDFs. */
  dataDir: string
  /** `PDFX_DATABASE_URL`: `postgres://…` or a SQLite location; unset means `<dataDir>/pdfx.sqlite`. */
  databaseUrl: string | undefined
  /** `PDFX_REDIS_URL`: shared rate-limit counters for several instances; unset means in-process. */
  redisUrl: string | undefined
  /** `PDFX_FETCH_ALLOW`: CIDRs that may be fetched although private (intranets, tests). */
  fetchAllow: string[]
  /** `PDFX_TRUST_PROXY`: off unless set. */
  trustProxy: TrustProxy
  /** `PDFX_LOG_LEVEL`, default info. */
  logLevel: LogLevel
  /**
   * `PDFX_SMTP_URL`: `smtp://` or `smtps://` server for notification emails, credentials inside;
   * unset means they go to the outbox table and the log.
   */
  smtpUrl: string | undefined
  /** `PDFX_MAIL_FROM`: sender of notification emails; unset derives one (links/notifier.ts). */
  mailFrom: string | undefined
  /** `PDFX_GEOIP_COUNTRY_DB`: path of a MaxMind-format country database; unset: no countries. */
  geoipCountryDb: string | undefined
  /** `PDFX_GEOIP_ASN_DB`: path of a MaxMind-format ASN database; unset: companies from emails. */
  geoipAsnDb: string | undefined
}

/** Configuration that cannot be used; `issues` names each variable and what is wrong with it. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  readonly issues: string[]

  constructor(issues: string[]) {
    super(`Invalid server configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`)
    this.issues = issues
  }
}

const DEFAULT_HOST = '127.0.0.1'
const DEFAULT_PORT = 8787
const DEFAULT_DATA_DIR = './data'

type Env = Readonly<Record<string, string | undefined>>

/**
 * Reads and checks the server's environment; throws one ConfigError listing every bad variable,
 * so a typo stops the server at start-up instead of surfacing on the first request.
 * Variables set to the empty string count as unset.
 */
export function loadConfig(env: Env = process.env): Config {
  const issues: string[] = []
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === undefined || value === '' ? undefined : value
  }
  // Each field is parsed on its own, so that all problems are reported together.
  const field = <T>(name: string, parse: (value: string) => T, fallback: T): T => {
    const value = read(name)
    if (value === undefined) return fallback
    try {
      return parse(value)
    } catch (error) {
      issues.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
      return fallback
    }
  }

  const port = field('PDFX_PORT', parsePort, DEFAULT_PORT)
  const config: Config = {
    host: field('PDFX_HOST', (value) => value, DEFAULT_HOST),
    port,
    baseUrl: field('PDFX_BASE_URL', parseBaseUrl, `http://localhost:${port || DEFAULT_PORT}`),
    dataDir: field('PDFX_DATA_DIR', (value) => value, DEFAULT_DATA_DIR),
    databaseUrl: field('PDFX_DATABASE_URL', parseDatabaseUrl, undefined),
    redisUrl: field('PDFX_REDIS_URL', parseRedisUrl, undefined),
    fetchAllow: field('PDFX_FETCH_ALLOW', parseFetchAllow, []),
    trustProxy: field('PDFX_TRUST_PROXY', parseTrustProxy, false),
    logLevel: field('PDFX_LOG_LEVEL', parseLogLevel, 'info'),
    smtpUrl: field('PDFX_SMTP_URL', parseSmtpUrl, undefined),
    mailFrom: field('PDFX_MAIL_FROM', parseMailFrom, undefined),
    // The database files are opened, and checked, by openVisitorInsights at start-up.
    geoipCountryDb: field('PDFX_GEOIP_COUNTRY_DB', (value) => value, undefined),
    geoipAsnDb: field('PDFX_GEOIP_ASN_DB', (value) => value, undefined),
  }
  if (issues.length > 0) throw new ConfigError(issues)
  return config
}

function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN
  if (!(port >= 0 && port <= 65_535)) throw new Error(`expected a port 0-65535, got "${value}"`)
  return port
}

function parseBaseUrl(value: string): string {
  if (!HttpUrlSchema.safeParse(value).success) {
    throw new Error(`expected an http(s) URL such as https://pdfx.example.com, got "${value}"`)
  }
  const url = new URL(value)
  if (url.search !== '' || url.hash !== '') throw new Error('must not carry a query or fragment')
  return url.href.replace(/\/+$/, '')
}

function parseDatabaseUrl(value: string): string {
  // Only PostgreSQL URLs are checked here; the store knows the SQLite spellings. The value is
  // never echoed: it may carry a password.
  if (/^postgres(ql)?:\/\//i.test(value) && !URL.canParse(value)) {
    throw new Error('is not a valid postgres:// URL')
  }
  return value
}

function parseRedisUrl(value: string): string {
  if (!URL.canParse(value) || !/^rediss?:$/.test(new URL(value).protocol)) {
    throw new Error('expected a redis:// or rediss:// URL')
  }
  return value
}

function parseSmtpUrl(value: string): string {
  // Never echoed: it usually carries the mail account's password.
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (url === undefined || !/^smtps?:$/i.test(url.protocol) || url.hostname === '') {
    throw new Error(
      'expected an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com',
    )
  }
  return value
}

// An address, or a display name and an address in angle brackets; nodemailer parses it further.
const MAIL_FROM = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/

function parseMailFrom(value: string): string {
  if (!MAIL_FROM.test(value)) {
    throw new Error(
      `expected an address such as pdfx@example.com or "pdfx <pdfx@example.com>", got "${value}"`,
    )
  }
  return value
}

function parseFetchAllow(value: string): string[] {
  const entries = splitList(value)
  parseAllowList(entries) // throws, naming the entry, on anything that is not a CIDR or address
  return entries
}

function parseTrustProxy(value: string): TrustProxy {
  const lower = value.toLowerCase()
  if (lower === 'false' || lower === 'off' || lower === 'no') return false
  if (lower === 'true' || lower === 'on' || lower === 'yes') return true
  if (/^\d+$/.test(value)) return Number(value)
  const entries = splitList(value)
  for (const entry of entries) {
    if (isIP(entry) === 0 && !ipaddr.isValidCIDR(entry)) {
      throw new Error(
        `expected true, a hop count, or proxy addresses/CIDRs separated by commas; "${entry}" is none`,
      )
    }
  }
  return entries
}

function parseLogLevel(value: string): LogLevel {
  const level = LOG_LEVELS.find((candidate) => candidate === value.toLowerCase())
  if (level === undefined) throw new Error(`expected one of ${LOG_LEVELS.join(', ')}`)
  return level
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}
