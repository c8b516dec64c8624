// The storage layer of the server: import from here, not from the files behind it.
export {
  API_KEY_PREFIX,
  apiKeyDisplayPrefix,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from './api-key'
export { utcDay, utcMonth } from './calendar'
export { clientBucket, clientBucketHash, hashClientBucket } from './client-bucket'
export { migrations } from './migrations/index'
export { monthlyPageQuota, PLAN_MONTHLY_PAGES } from './plans'
export type { StoreDatabase } from './schema'
export {
  type Account,
  type ApiKeyInfo,
  type Authenticated,
  type ChargeResult,
  type CreatedAccount,
  type CreatedApiKey,
  DEFAULT_DATA_DIR,
  isUniqueViolation,
  LAST_USED_RESOLUTION_MS,
  openStore,
  type PageBalance,
  pageBalance,
  SQLITE_FILE_NAME,
  type Store,
  type StoreDialect,
  type StoreOptions,
} from './store'
