/** @pdfx/server: the REST API (and, from issue 5's MCP half, the MCP endpoint) on @pdfx/core. */
export { buildOpenApiDocument } from '@pdfx/schema'
export { type AppDeps, buildApp, DEFAULT_BODY_LIMIT_BYTES } from './app.js'
export { type CliIo, runServerCli } from './cli.js'
export { type Config, ConfigError, type LogLevel, loadConfig, type TrustProxy } from './config.js'
export {
  createPdfFetcher,
  type FetchedPdf,
  type PdfFetcher,
  type PdfFetcherOptions,
} from './fetch/fetch-pdf.js'
export { toPdfxError } from './http-errors.js'
export {
  createExtractionPool,
  type ExtractionPool,
  type ExtractionPoolOptions,
} from './isolation/index.js'
export {
  type Clock,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  DEFAULT_LIMITS,
  type ExtractionLimits,
  type LimitOverrides,
  type RateLimiter,
  type RateLimitHit,
} from './limits/index.js'
export { runServer } from './main.js'
export { authenticate, clientIp, resolveCaller } from './plugins/auth.js'
export { rateLimitHeaders, setRateLimitHeaders } from './plugins/rate-limit-headers.js'
export { type OpenServerOptions, openServer, type PdfxServer } from './server.js'
export {
  type Caller,
  createExtractionService,
  type DefaultExtractionService,
  type ExtractionService,
  type ExtractionServiceDeps,
  isRateLimitedError,
  RateLimitedError,
  type RateLimitState,
} from './service/index.js'
export { type Account, openStore, type Store, type StoreOptions } from './store/index.js'
