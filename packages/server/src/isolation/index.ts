export type { ExtractionPool, ExtractionPoolOptions, ExtractionPoolStats } from './pool.js'
export { createExtractionPool, DEFAULT_DEADLINE_MS, DEFAULT_MAX_MEMORY_MB } from './pool.js'
