/** @pdfx/server: the REST API, the MCP endpoint and the Doc Link viewer on @pdfx/core. */
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
export type { BlobReader, BlobStore, StoredBlob } from './links/blob-store.js'
export { KyselyLinkStore } from './links/kysely-link-store.js'
export {
  type AccountCaller,
  createLinkService,
  DEFAULT_LINK_LIMITS,
  type LinkLimits,
  type LinkService,
  type LinkServiceDeps,
} from './links/link-service.js'
export type { LinkRecord, LinkStore } from './links/link-store.js'
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
