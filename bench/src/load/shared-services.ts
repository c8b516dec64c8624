// PostgreSQL and Redis for the two-instance part, found with the server tests' own probes
// (packages/server/test/service-probe.ts): PDFX_TEST_PG_URL / PDFX_TEST_REDIS_URL when set, else
// the shared instances on 127.0.0.1:5432 (database `test`) and 127.0.0.1:6379. Unlike the tests,
// the benchmark starts no private instances: without both services it says why and skips the part.
import {
  createDatabase,
  probePostgres,
  probeRedis,
  redact,
  type ServiceUrl,
  SHARED_POSTGRES_URL,
  SHARED_REDIS_URL,
} from '../../../packages/server/test/service-probe.js'

export { redact }

// One accessor, because the compiler wants index access and the linter wants dotted names.
const env = (name: string): string | undefined => process.env[name]

/** The PostgreSQL server to create the benchmark's database on, or why there is none. */
export function findPostgres(): Promise<ServiceUrl> {
  return probePostgres(env('PDFX_TEST_PG_URL') ?? SHARED_POSTGRES_URL)
}

/** The Redis server both instances count their limits in, or why there is none. */
export function findRedis(): Promise<ServiceUrl> {
  return probeRedis(env('PDFX_TEST_REDIS_URL') ?? SHARED_REDIS_URL)
}

/** An empty database `pdfx_bench_<random>`, so a run never meets another run's rows. */
export function createBenchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(serverUrl, 'pdfx_bench')
}
