import { expect, it } from 'vitest'

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ConfigError',
    'DEFAULT_BODY_LIMIT_BYTES',
    'DEFAULT_LIMITS',
    'RateLimitedError',
    'authenticate',
    'buildApp',
    'buildOpenApiDocument',
    'clientIp',
    'createExtractionPool',
    'createExtractionService',
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
