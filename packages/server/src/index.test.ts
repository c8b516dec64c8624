import { expect, it } from 'vitest'

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ConfigError',
    'DEFAULT_BODY_LIMIT_BYTES',
    'DEFAULT_LIMITS',
    'DEFAULT_LINK_LIMITS',
    'KyselyLinkStore',
    'RateLimitedError',
    'authenticate',
    'buildApp',
    'buildOpenApiDocument',
    'clientIp',
    'createExtractionPool',
    'createExtractionService',
    'createLinkService',
    'createMemoryRateLimiter',
    'createPdfFetcher',
    'createRedisRateLimiter',
    'isRateLimitedError',
    'loadConfig',
    'openServer',
    'openStore',
    'rateLimitHeaders',
    'resolveCaller',
    'runServer',
    'runServerCli',
    'setRateLimitHeaders',
    'toPdfxError',
  ])
})
