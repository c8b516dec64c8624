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

/** Doc Links. Booleans are 0/1 integers on both dialects. */
export interface LinksTable {
  /** `lnk_` + 16 base32 characters. */
  id: string
  account_id: string
  /** Public slug: 16 random base32 characters, or a vanity slug on `pro`; unique. */
  slug: string
  name: string
  /** Key of the stored PDF in the blob store. */
  blob_key: string
  size_bytes: number
  /** SHA-256 of the stored PDF, lower-case hex. */
  sha256: string
  created_at: string
  expires_at: string | null
  revoked_at: string | null
  notify_on_open: 0 | 1
  allow_download: 0 | 1
  first_opened_at: string | null
}

/** Stored PDFs on PostgreSQL, shared by every instance (SQLite servers keep files instead). */
export interface BlobsTable {
  key: string
  bytes: Uint8Array
  sha256: string
  created_at: string
}

/** One counted open of a Doc Link. */
export interface VisitsTable {
  /** `vis_` + 16 base62 characters. */
  id: string
  link_id: string
  /** Opaque visitor id (from the viewer's cookie, or today's visit with the same daily hash). */
  visitor: string
  /** Keyed hash of client network, user agent and UTC day; never a raw address. */
  daily_hash: string
  started_at: string
  last_seen_at: string
  email: string | null
  /** ISO 3166-1 alpha-2. */
  country: string | null
  company: string | null
  /** `isp` or `hosting` when the visit came through such a network rather than an organisation. */
  network: string | null
  device: string | null
  pages_viewed: number
  duration_ms: number
}

/** Dwell time of one visit on one page (visible and active time only). */
export interface PageViewsTable {
  visit_id: string
  link_id: string
  page: number
  dwell_ms: number
}

/** Notification emails: queued with the event they tell of, sent by SMTP when one is configured. */
export interface OutboxTable {
  /** `out_` + 16 base62 characters. */
  id: string
  created_at: string
  recipient: string
  subject: string
  text: string
  link_id: string | null
  /** When SMTP accepted it; null while it waits (or for good, without an SMTP server). */
  sent_at: string | null
  /** Delivery attempts begun; a row is claimed by raising it. */
  attempts: number
}

/**
 * One successful page charge (the usage ledger). An account's rows of a month add up to its
 * `month_pages` for that month; refused charges leave no row.
 */
export interface UsageTable {
  /** `use_` + 16 base62 characters. */
  id: string
  account_id: string
  /** UTC month (`YYYY-MM`) the pages were counted into. */
  month: string
  pages: number
  /** Pages paid by the plan's monthly quota; `quota_pages + credit_pages = pages`. */
  quota_pages: number
  /** Pages paid by purchased credits. */
  credit_pages: number
  created_at: string
}

/** Every table the store owns, for `Kysely<StoreDatabase>`. */
export interface StoreDatabase {
  accounts: AccountsTable
  api_keys: ApiKeysTable
  anonymous_usage: AnonymousUsageTable
  settings: SettingsTable
  links: LinksTable
  blobs: BlobsTable
  visits: VisitsTable
  page_views: PageViewsTable
  outbox: OutboxTable
  usage: UsageTable
}
