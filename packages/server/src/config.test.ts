import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8787,
      baseUrl: 'http://localhost:8787',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      fetchAllow: [],
      trustProxy: false,
      logLevel: 'info',
      smtpUrl: undefined,
      mailFrom: undefined,
      geoipCountryDb: undefined,
      geoipAsnDb: undefined,
    })
  })

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      PDFX_HOST: '0.0.0.0',
      PDFX_PORT: '9000',
      PDFX_BASE_URL: 'https://pdfx.example.com/',
      PDFX_DATA_DIR: '/var/lib/pdfx',
      PDFX_DATABASE_URL: 'postgres://pdfx:secret@db:5432/pdfx',
      PDFX_REDIS_URL: 'redis://cache:6379',
      PDFX_FETCH_ALLOW: '10.0.0.0/8, 192.168.1.5',
      PDFX_TRUST_PROXY: '',
      PDFX_LOG_LEVEL: 'WARN',
      PDFX_SMTP_URL: 'smtps://alerts%40example.com:secret@mail.example.com:465',
      PDFX_MAIL_FROM: 'pdfx <alerts@example.com>',
      PDFX_GEOIP_COUNTRY_DB: '/var/lib/geoip/GeoLite2-Country.mmdb',
      PDFX_GEOIP_ASN_DB: ' /var/lib/geoip/GeoLite2-ASN.mmdb ',
    })
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      baseUrl: 'https://pdfx.example.com',
      databaseUrl: 'postgres://pdfx:secret@db:5432/pdfx',
      redisUrl: 'redis://cache:6379',
      fetchAllow: ['10.0.0.0/8', '192.168.1.5'],
      trustProxy: false,
      logLevel: 'warn',
      smtpUrl: 'smtps://alerts%40example.com:secret@mail.example.com:465',
      mailFrom: 'pdfx <alerts@example.com>',
      geoipCountryDb: '/var/lib/geoip/GeoLite2-Country.mmdb',
      geoipAsnDb: '/var/lib/geoip/GeoLite2-ASN.mmdb',
    })
  })

  it.each(['smtp://localhost:2525', 'smtp://user:pass@[::1]:25', 'SMTPS://mail.example.com'])(
    'accepts PDFX_SMTP_URL=%s',
    (value) => {
      expect(loadConfig({ PDFX_SMTP_URL: value }).smtpUrl).toBe(value)
    },
  )

  it.each(['noreply@example.com', 'Doc Links <noreply@example.com>', 'pdfx <no-reply@localhost>'])(
    'accepts PDFX_MAIL_FROM=%s',
    (value) => {
      expect(loadConfig({ PDFX_MAIL_FROM: value }).mailFrom).toBe(value)
    },
  )

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 172.16.0.0/12', ['10.0.0.1', '172.16.0.0/12']],
  ])('reads PDFX_TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ PDFX_TRUST_PROXY: value }).trustProxy).toEqual(expected)
  })

  it('lists every bad variable at once, without echoing database or SMTP passwords', () => {
    const error = ((): unknown => {
      try {
        loadConfig({
          PDFX_PORT: '99999',
          PDFX_BASE_URL: 'ftp://example.com',
          PDFX_DATABASE_URL: 'postgres://user:hunter2@[bad',
          PDFX_REDIS_URL: 'http://cache',
          PDFX_FETCH_ALLOW: '10.0.0.0/33',
          PDFX_TRUST_PROXY: 'everyone',
          PDFX_LOG_LEVEL: 'loud',
          PDFX_SMTP_URL: 'http://mailer:hunter3@mail.example.com',
          PDFX_MAIL_FROM: 'pdfx <nobody>',
        })
      } catch (caught) {
        return caught
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(ConfigError)
    const { issues, message } = error as ConfigError
    expect(issues.map((issue) => issue.split(':')[0])).toEqual([
      'PDFX_PORT',
      'PDFX_BASE_URL',
      'PDFX_DATABASE_URL',
      'PDFX_REDIS_URL',
      'PDFX_FETCH_ALLOW',
      'PDFX_TRUST_PROXY',
      'PDFX_LOG_LEVEL',
      'PDFX_SMTP_URL',
      'PDFX_MAIL_FROM',
    ])
    expect(message).toContain('Invalid server configuration')
    expect(message).not.toContain('hunter2')
    expect(message).not.toContain('hunter3')
  })
})
