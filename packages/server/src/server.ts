import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { type AppDeps, buildApp } from './app.js'
import type { Config } from './config.js'
import { createPdfFetcher } from './fetch/fetch-pdf.js'
import {
  createExtractionPool,
  type ExtractionPool,
  type ExtractionPoolOptions,
} from './isolation/index.js'
import {
  type Clock,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type LimitOverrides,
} from './limits/index.js'
import type { BlobStore } from './links/blob-store.js'
import { createDatabaseBlobStore } from './links/database-blob-store.js'
import { createFileBlobStore } from './links/file-blob-store.js'
import { KyselyLinkStore } from './links/kysely-link-store.js'
import { createLinkService, type LinkLimits, type LinkService } from './links/link-service.js'
import { createMemoryBlobStore } from './links/memory-blob-store.js'
import { createOpenNotifier } from './links/notifier.js'
import { removeOrphanBlobs } from './links/orphan-blobs.js'
import { uncompressStoredBlobs } from './links/uncompress-blobs.js'
import { isBotUserAgent, openVisitorInsights } from './links/visitor-insights.js'
import {
  createExtractionService,
  type DefaultExtractionService,
} from './service/create-extraction-service.js'
import { openStore, type Store } from './store/index.js'
import type { ViewerRateLimits } from './viewer/viewer-routes.js'

/** How long one Redis command may take before the request fails with 503, in milliseconds. */
const REDIS_COMMAND_TIMEOUT_MS = 2_000

/** Everything `openServer` takes besides the configuration; tests use these, production none. */
export interface OpenServerOptions {
  /** Milliseconds since the epoch, for rate windows, the UTC day and the quota month. */
  clock?: Clock
  limits?: LimitOverrides
  linkLimits?: Partial<LinkLimits>
  /** Overrides of the viewer's per-network limits (VIEWER_RATE_LIMITS), for tests and benchmarks. */
  viewerRateLimits?: Partial<ViewerRateLimits>
  /** A pool to borrow instead of starting one; it is not closed with the server. */
  pool?: ExtractionPool
  poolOptions?: ExtractionPoolOptions
  logger?: AppDeps['logger']
}

/** A server assembled from its configuration: the app (not yet listening) and what it runs on. */
export interface PdfxServer {
  readonly app: FastifyInstance
  readonly store: Store
  readonly service: DefaultExtractionService
  readonly links: LinkService
  /** Doc Link records, visits and page dwell. */
  readonly linkStore: KyselyLinkStore
  readonly config: Config
  /**
   * Stops taking requests and waits for the ones in flight, then closes the extraction pool, the
   * fetcher, Redis and the database, in that order. Calling it again waits for the same close.
   */
  close(): Promise<void>
}

/**
 * Opens the database (migrating it), connects Redis when configured, and builds the fetcher, the
 * extraction pool, the service and the app. Nothing is left open when it fails.
 */
export async function openServer(
  config: Config,
  options: OpenServerOptions = {},
): Promise<PdfxServer> {
  const clock = options.clock ?? Date.now
  const cleanups: (() => Promise<unknown>)[] = []
  const closeAll = async () => {
    // Reverse order of opening; one failing close does not keep the others open.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  }
  try {
    const store = await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      now: () => new Date(clock()),
    })
    cleanups.push(() => store.close())
    let redis: Redis | undefined
    if (config.redisUrl !== undefined) {
      redis = new Redis(config.redisUrl, {
        lazyConnect: true,
        // Without a connection, fail at once (503) instead of queueing requests behind it.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
      const connection = redis
      cleanups.push(() => connection.quit())
      await redis.connect()
    }
    const rateLimiter = redis
      ? createRedisRateLimiter({ redis, clock })
      : createMemoryRateLimiter({ clock })
    cleanups.push(() => rateLimiter.close())
    const fetcher = createPdfFetcher({ allow: config.fetchAllow })
    cleanups.push(() => fetcher.close())
    let pool = options.pool
    if (pool === undefined) {
      const ownPool = createExtractionPool({ ...options.poolOptions })
      cleanups.push(() => ownPool.close())
      pool = ownPool
    }
    const service = createExtractionService({
      store,
      fetcher,
      pool,
      rateLimiter,
      clock,
      ...(options.limits && { limits: options.limits }),
    })
    const blobs = await openBlobStore(config, store, clock)
    // What a crash between storing a PDF and committing its link left behind.
    const orphans = await removeOrphanBlobs(store.db, blobs, new Date(clock()))
    const uncompressed = store.dialect === 'postgres' ? await uncompressStoredBlobs(store.db) : 0
    const linkStore = new KyselyLinkStore(store.db, blobs)
    const links = createLinkService({
      library: linkStore,
      blobs,
      fetcher,
      rateLimiter,
      baseUrl: config.baseUrl,
      clock,
      ...(options.linkLimits && { limits: options.linkLimits }),
    })
    // Before the app, so that a wrong database path stops the start-up with a ConfigError.
    const insights = await openVisitorInsights({
      countryDb: config.geoipCountryDb,
      asnDb: config.geoipAsnDb,
    })
    let app: FastifyInstance | undefined
    const notifier = createOpenNotifier({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      baseUrl: config.baseUrl,
      db: store.db,
      // The app's logger once it exists; notices are only sent by its requests.
      log: {
        info: (fields, message) => app?.log.info(fields, message),
        warn: (fields, message) => app?.log.warn(fields, message),
      },
      now: () => new Date(clock()),
    })
    // Closed after the app (which sends notices) and before the store (where the outbox is).
    cleanups.push(() => notifier.close())
    app = buildApp({
      store,
      service,
      links,
      viewer: {
        links: linkStore,
        insights,
        isBot: isBotUserAgent,
        notifier,
        rateLimiter,
        secret: store.clientHashSecret,
        baseUrl: config.baseUrl,
        now: () => new Date(clock()),
        ...(options.viewerRateLimits && { rateLimits: options.viewerRateLimits }),
      },
      logger: options.logger ?? false,
      trustProxy: config.trustProxy,
    })
    const listening = app
    cleanups.push(() => listening.close())
    if (orphans > 0) listening.log.info({ removed: orphans }, 'removed PDFs no link points to')
    if (uncompressed > 0) {
      listening.log.info(
        { rewritten: uncompressed },
        'rewrote PDFs stored compressed before migration 0005',
      )
    }
    // Notices a crash or an unreachable SMTP server left in the outbox go out now.
    void notifier.deliverUnsent()
    // ioredis reconnects on its own; its errors only need to be seen.
    redis?.on('error', (error: Error) =>
      listening.log.warn({ err: error }, 'Redis connection error'),
    )
    let closing: Promise<void> | undefined
    return {
      app: listening,
      store,
      service,
      links,
      linkStore,
      config,
      close: () => {
        closing ??= closeAll()
        return closing
      },
    }
  } catch (error) {
    await closeAll()
    throw error
  }
}

/**
 * Where Doc Link PDFs go (ARCHITECTURE): the database on PostgreSQL, so that every instance sees
 * them; memory beside an in-memory database, which keeps nothing either; else `<dataDir>/blobs`.
 */
async function openBlobStore(config: Config, store: Store, clock: Clock): Promise<BlobStore> {
  if (store.dialect === 'postgres')
    return createDatabaseBlobStore(store.db, () => new Date(clock()))
  if (config.databaseUrl === ':memory:' || config.databaseUrl === 'sqlite::memory:') {
    return createMemoryBlobStore()
  }
  return createFileBlobStore(join(config.dataDir, 'blobs'))
}
