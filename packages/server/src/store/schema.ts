import type { Plan } from '@pdfx/schema'

// Row types of the tables as Kysely sees them. Column names are snake_case in SQL; store.ts maps
// rows to the camelCase objects it returns. Instants are ISO 8601 UTC strings with milliseconds
// (`2025-01-31T23:59:59.999Z`), so they compare correctly as text on both dialects.

/** One customer account with its plan and usage counters. */
export interface AccountsTable {
  /** `acc_` + 16 base62 characters. */
  id: string
  /** Trimmed and lower-cased; unique. */
  email: string
  plan: Plan
  created_at: string
  /** Purchased pages left; they never expire. */
  credits: number
  /** UTC month (`YYYY-MM`) that `month_pages` counts. */
  usage_month: string
  /** Pages extracted in `usage_month`, whether paid by the quota or by credits. */
  month_pages: number
}

/** API keys; only their SHA-256 is kept. */
export interface ApiKeysTable {
  /** `key_` + 16 base62 characters. */
  id: string
  account_id: string
  /** SHA-256 of the whole key, lower-case hex; unique. */
  key_hash: string
  /** `pdfx_` and the first four characters of the key body, to recognise it in a list. */
  prefix: string
  name: string | null
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
}

/** Anonymous extractions per client network and UTC day. */
export interface AnonymousUsageTable {
  /** HMAC-SHA-256 of the client bucket (see client-bucket.ts); never a raw address. */
  bucket: string
  /** UTC day, `YYYY-MM-DD`. */
  day: string
  extractions: number
}

/** Installation-wide values created once, such as the client hash secret. */
export interface SettingsTable {
  name: string
  value: string
}

/** Every table the store owns, for `Kysely<StoreDatabase>`. */
export interface StoreDatabase {
  accounts: AccountsTable
  api_keys: ApiKeysTable
  anonymous_usage: AnonymousUsageTable
  settings: SettingsTable
}
