import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PdfxError, type Plan, PlanSchema } from '@pdfx/schema'
import { type Dialect, Kysely, Migrator, type Selectable, sql } from 'kysely'
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key'
import { randomBase62 } from './base62'
import { utcMonth } from './calendar'
import { migrationProvider } from './migrations/index'
import { monthlyPageQuota, PLAN_MONTHLY_PAGES } from './plans'
import { createPostgresDialect } from './postgres'
import type { AccountsTable, ApiKeysTable, StoreDatabase } from './schema'
import { createSqliteDialect } from './sqlite'

/** File name of the embedded database inside the data directory. */
export const SQLITE_FILE_NAME = 'pdfx.sqlite'
/** Data directory used when neither `databaseUrl` nor `dataDir` is given. */
export const DEFAULT_DATA_DIR = './data'
/** `last_used_at` of a key is written at most once per this interval, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000

/** Random base62 characters after the `acc_` and `key_` prefixes of ids (about 95 bits). */
const ID_RANDOM_LENGTH = 16
const CLIENT_HASH_SECRET_SETTING = 'client_hash_secret'

/** Which database engine a store runs on. */
export type StoreDialect = 'sqlite' | 'postgres'

/**
 * An account as stored. Instants are ISO 8601 UTC strings with milliseconds; counts are numbers of
 * pages. `monthPages` counts the pages of `usageMonth` only (see `remainingPages` for "now").
 */
export interface Account {
  id: string
  email: string
  plan: Plan
  createdAt: string
  credits: number
  usageMonth: string
  monthPages: number
}

/** What is kept about an API key: never the key itself. `prefix` is like `pdfx_AbCd`. */
export interface ApiKeyInfo {
  id: string
  accountId: string
  prefix: string
  name: string | null
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

/** A newly created key; `secret` is the full key, returned this once and never again. */
export interface CreatedApiKey {
  key: ApiKeyInfo
  secret: string
}

/** A newly created account with its first key; `apiKey` is the full key, shown once. */
export interface CreatedAccount {
  account: Account
  apiKey: string
  key: ApiKeyInfo
}

/** The account behind a valid, unrevoked API key. */
export interface Authenticated {
  account: Account
  keyId: string
}

/** Outcome of `chargePages`; `ok: false` means the quota and credits together were too few. */
export type ChargeResult = { ok: true; remainingQuota: number; credits: number } | { ok: false }

/** Pages an account can still extract at an instant: `total` = `remainingQuota` + `credits`. */
export interface PageBalance {
  /** UTC month (`YYYY-MM`) the quota belongs to. */
  month: string
  quota: number
  remainingQuota: number
  credits: number
  total: number
}

/** Where the store keeps its data, and its clock. */
export interface StoreOptions {
  /**
   * `postgres://…` or `postgresql://…` for PostgreSQL; otherwise SQLite: `:memory:`,
   * `sqlite:<path>`, `file:` URL or a plain path. Unset: `<dataDir>/pdfx.sqlite`.
   */
  databaseUrl?: string | undefined
  /** Directory of the embedded SQLite file; `./data` by default. */
  dataDir?: string | undefined
  /** Clock for created/used/revoked instants and the default of `now` arguments. */
  now?: (() => Date) | undefined
  /** Hears errors of idle PostgreSQL connections, which are otherwise recovered from silently. */
  onError?: ((error: Error) => void) | undefined
}

/** Accounts, API keys and usage counters, on SQLite or PostgreSQL through the same queries. */
export interface Store {
  readonly dialect: StoreDialect
  /** The query builder, for store extensions and tests; tables are in `StoreDatabase`. */
  readonly db: Kysely<StoreDatabase>
  /** Installation-wide secret that keys `clientBucketHash`; shared by all instances of one database. */
  readonly clientHashSecret: string
  /** Creates an account and its first API key. Fails with `invalid_request` if the email is taken. */
  createAccount(input: { email: string; plan: Plan }): Promise<CreatedAccount>
  getAccount(accountId: string): Promise<Account | null>
  /** Looks the email up trimmed and case-insensitively, as it was stored. */
  findAccountByEmail(email: string): Promise<Account | null>
  /** Creates a key; fails with `not_found` for an unknown account. */
  createApiKey(accountId: string, name?: string): Promise<CreatedApiKey>
  /** Every key of the account, revoked ones included, oldest first. */
  listApiKeys(accountId: string): Promise<ApiKeyInfo[]>
  /** Revokes a key of this account; repeating it changes nothing. Null if the account has no such key. */
  revokeApiKey(accountId: string, keyId: string): Promise<ApiKeyInfo | null>
  /**
   * The account of a full API key, or null when the key is malformed (decided without a query),
   * unknown or revoked. Records the use, at most once per `LAST_USED_RESOLUTION_MS`.
   */
  authenticate(secret: string): Promise<Authenticated | null>
  /** Adds purchased pages to an account and returns its new credit balance. */
  addCredits(accountId: string, pages: number): Promise<number>
  /**
   * Charges `pages` atomically: the month's plan quota first, credits for the rest, and nothing at
   * all when both together are too few. A new UTC month starts the quota afresh. A charge writes
   * its row of the `usage` ledger in the same transaction; a refused one writes none.
   */
  chargePages(accountId: string, pages: number, now?: Date): Promise<ChargeResult>
  /** What `chargePages` could still charge at `now`, for a cheap check before extracting. */
  remainingPages(accountId: string, now?: Date): Promise<PageBalance | null>
  /**
   * Counts one anonymous extraction for a hashed client bucket on a UTC day (`YYYY-MM-DD`); false,
   * counting nothing, when `limit` extractions were already counted.
   */
  consumeAnonymous(bucketHash: string, day: string, limit: number): Promise<boolean>
  /** Gives back one anonymous extraction, for an extraction that failed. */
  refundAnonymous(bucketHash: string, day: string): Promise<void>
  /** Deletes anonymous counters of days before `day`; returns how many rows went. */
  pruneAnonymousUsage(beforeDay: string): Promise<number>
  /** Closes the database connections; the store is unusable afterwards. */
  close(): Promise<void>
}

/** Opens (creating if needed) the database described by `options` and brings its schema up to date. */
export async function openStore(options: StoreOptions = {}): Promise<Store> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openStoreOnce(options)
    } catch (error) {
      // Processes starting on one new SQLite file at once (a server and an operator command) can
      // find it locked past the busy timeout while the other sets it up; the second try finds it
      // ready.
      if (!isBusy(error) || attempt === OPEN_ATTEMPTS) throw error
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}

/** Tries at opening a database that another process holds locked. */
const OPEN_ATTEMPTS = 3

function isBusy(error: unknown): boolean {
  const code = errorCode(error)
  if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return true
  return error instanceof Error && error.cause !== undefined && isBusy(error.cause)
}

async function openStoreOnce(options: StoreOptions): Promise<Store> {
  const target = resolveTarget(options)
  const dialect: Dialect =
    target.dialect === 'postgres'
      ? createPostgresDialect(target.url, options.onError ?? (() => {}))
      : createSqliteDialect(target.filename)
  const db = new Kysely<StoreDatabase>({ dialect })
  try {
    // Concurrent start-ups are safe: the migrator holds a lock while it migrates (on SQLite the
    // database's write lock, see sqlite.ts).
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest()
    if (error) throw new Error('Database migration failed', { cause: error })
    const clientHashSecret = await loadClientHashSecret(db)
    const writeLock =
      target.dialect === 'sqlite' && target.filename !== ':memory:'
        ? sqliteWriteLock(target.filename)
        : runAtOnce
    return new KyselyStore(
      db,
      target.dialect,
      clientHashSecret,
      options.now ?? (() => new Date()),
      writeLock,
    )
  } catch (error) {
    await db.destroy()
    throw error
  }
}

/** Runs a write transaction, after the ones it must not overlap (see `sqliteWriteLock`). */
type WriteLock = <T>(transaction: () => Promise<T>) => Promise<T>

const runAtOnce: WriteLock = (transaction) => transaction()

// The last queued write transaction per SQLite file (absolute path), for `sqliteWriteLock`.
const sqliteWriteTails = new Map<string, Promise<void>>()

/**
 * Queues the charge transactions of every store of this process on one SQLite file. better-sqlite3
 * waits for another connection's write lock synchronously (busy_timeout), blocking the event loop:
 * when the holder is a transaction of this same process waiting at an `await`, it can never
 * commit, and the waiter fails after the timeout. Two stores on one file in one process (the store
 * contract test charges through two at once) queue here instead; a server has one store, and
 * other processes (the operator CLI) only block themselves while they wait.
 */
function sqliteWriteLock(filename: string): WriteLock {
  const key = resolve(filename)
  return (transaction) => {
    const result = (sqliteWriteTails.get(key) ?? Promise.resolve()).then(transaction)
    const tail = result.then(
      () => {},
      () => {},
    )
    sqliteWriteTails.set(key, tail)
    void tail.then(() => {
      if (sqliteWriteTails.get(key) === tail) sqliteWriteTails.delete(key)
    })
    return result
  }
}

/**
 * What `chargePages` could still charge an account at `now`, from the account as read: a new UTC
 * month starts the quota afresh.
 */
export function pageBalance(account: Account, now: Date): PageBalance {
  const month = utcMonth(now)
  const current = account.usageMonth >= month
  const quota = monthlyPageQuota(account.plan)
  const remainingQuota = Math.max(quota - (current ? account.monthPages : 0), 0)
  return {
    month: current ? account.usageMonth : month,
    quota,
    remainingQuota,
    credits: account.credits,
    total: remainingQuota + account.credits,
  }
}

type StoreTarget = { dialect: 'postgres'; url: string } | { dialect: 'sqlite'; filename: string }

function resolveTarget({ databaseUrl, dataDir }: StoreOptions): StoreTarget {
  if (!databaseUrl) {
    return { dialect: 'sqlite', filename: join(dataDir ?? DEFAULT_DATA_DIR, SQLITE_FILE_NAME) }
  }
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) return { dialect: 'postgres', url: databaseUrl }
  if (databaseUrl === ':memory:' || databaseUrl === 'sqlite::memory:') {
    return { dialect: 'sqlite', filename: ':memory:' }
  }
  if (databaseUrl.startsWith('file:')) {
    return { dialect: 'sqlite', filename: fileURLToPath(databaseUrl) }
  }
  if (databaseUrl.startsWith('sqlite:')) {
    return { dialect: 'sqlite', filename: databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '') }
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(databaseUrl)?.[1]
  // Only the scheme goes into the message: the rest of a URL may carry a password.
  if (scheme) throw new Error(`Unsupported database URL scheme "${scheme}:"`)
  return { dialect: 'sqlite', filename: databaseUrl }
}

async function loadClientHashSecret(db: Kysely<StoreDatabase>): Promise<string> {
  // Insert-or-keep, then read: instances starting together all end up with the first secret.
  await db
    .insertInto('settings')
    .values({ name: CLIENT_HASH_SECRET_SETTING, value: randomBytes(32).toString('hex') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute()
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', CLIENT_HASH_SECRET_SETTING)
    .executeTakeFirstOrThrow()
  return row.value
}

// SQL for "the plan's monthly quota" of the row being read, built from the one table in plans.ts.
const planQuotaSql = sql<number>`case plan ${sql.join(
  Object.entries(PLAN_MONTHLY_PAGES).map(
    ([plan, pages]) => sql`when ${sql.lit(plan)} then ${sql.lit(pages)}`,
  ),
  sql` `,
)} else 0 end`

class KyselyStore implements Store {
  readonly dialect: StoreDialect
  readonly db: Kysely<StoreDatabase>
  readonly clientHashSecret: string
  readonly #now: () => Date
  readonly #writeLock: WriteLock
  #closed = false

  constructor(
    db: Kysely<StoreDatabase>,
    dialect: StoreDialect,
    clientHashSecret: string,
    now: () => Date,
    writeLock: WriteLock,
  ) {
    this.db = db
    this.dialect = dialect
    this.clientHashSecret = clientHashSecret
    this.#now = now
    this.#writeLock = writeLock
  }

  async createAccount(input: { email: string; plan: Plan }): Promise<CreatedAccount> {
    const email = normalizeEmail(input.email)
    const plan = PlanSchema.safeParse(input.plan)
    if (!plan.success) throw new PdfxError('invalid_request', `Unknown plan "${input.plan}"`)
    const now = this.#now()
    const row: Selectable<AccountsTable> = {
      id: `acc_${randomBase62(ID_RANDOM_LENGTH)}`,
      email,
      plan: plan.data,
      created_at: now.toISOString(),
      credits: 0,
      usage_month: utcMonth(now),
      month_pages: 0,
    }
    const secret = generateApiKey()
    const keyRow = newKeyRow(row.id, secret, undefined, now)
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('accounts').values(row).execute()
        await trx.insertInto('api_keys').values(keyRow).execute()
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new PdfxError('invalid_request', `An account with email ${email} already exists`, {
          cause: error,
        })
      }
      throw error
    }
    return { account: toAccount(row), apiKey: secret, key: toApiKeyInfo(keyRow) }
  }

  async getAccount(accountId: string): Promise<Account | null> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirst()
    return row ? toAccount(row) : null
  }

  async findAccountByEmail(email: string): Promise<Account | null> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst()
    return row ? toAccount(row) : null
  }

  async createApiKey(accountId: string, name?: string): Promise<CreatedApiKey> {
    const secret = generateApiKey()
    const row = newKeyRow(accountId, secret, name, this.#now())
    try {
      await this.db.insertInto('api_keys').values(row).execute()
    } catch (error) {
      if (isForeignKeyViolation(error)) throw unknownAccount(accountId, error)
      throw error
    }
    return { key: toApiKeyInfo(row), secret }
  }

  async listApiKeys(accountId: string): Promise<ApiKeyInfo[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map(toApiKeyInfo)
  }

  async revokeApiKey(accountId: string, keyId: string): Promise<ApiKeyInfo | null> {
    const row = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: sql<string>`coalesce(revoked_at, ${this.#now().toISOString()})` })
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirst()
    return row ? toApiKeyInfo(row) : null
  }

  async authenticate(secret: string): Promise<Authenticated | null> {
    if (!isWellFormedApiKey(secret)) return null
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .selectAll('accounts')
      .select(['api_keys.id as key_id', 'api_keys.last_used_at'])
      .where('api_keys.key_hash', '=', hashApiKey(secret))
      .where('api_keys.revoked_at', 'is', null)
      .executeTakeFirst()
    if (!row) return null
    const now = this.#now()
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString()
    if (row.last_used_at === null || row.last_used_at < staleBefore) {
      // The condition is repeated in SQL so that a burst of requests writes once, not once each.
      await this.db
        .updateTable('api_keys')
        .set({ last_used_at: now.toISOString() })
        .where('id', '=', row.key_id)
        .where((eb) =>
          eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]),
        )
        .execute()
    }
    return { account: toAccount(row), keyId: row.key_id }
  }

  async addCredits(accountId: string, pages: number): Promise<number> {
    assertPositivePages(pages)
    const row = await this.db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits + ${pages}` })
      .where('id', '=', accountId)
      .returning('credits')
      .executeTakeFirst()
    if (!row) throw unknownAccount(accountId)
    return row.credits
  }

  async chargePages(accountId: string, pages: number, now = this.#now()): Promise<ChargeResult> {
    assertPositivePages(pages)
    const month = utcMonth(now)
    const wanted = sql<number>`cast(${pages} as integer)`
    // A stored month after `month` means another instance's clock is a little ahead at a month
    // boundary: keep counting into that month instead of handing out a second quota.
    const storedIsCurrent = sql<boolean>`usage_month >= ${month}`
    const usedThisMonth = sql<number>`(case when ${storedIsCurrent} then month_pages else 0 end)`
    const quotaLeft = sql<number>`(case when ${planQuotaSql} > ${usedThisMonth} then ${planQuotaSql} - ${usedThisMonth} else 0 end)`
    const fromCredits = sql<number>`(case when ${wanted} > ${quotaLeft} then ${wanted} - ${quotaLeft} else 0 end)`
    // The ledger row commits with the charge or not at all, so the rows of a month always add up
    // to `month_pages`. The UPDATE comes first: on SQLite it takes the write lock at once.
    const transaction = () =>
      this.db.transaction().execute(async (trx) => {
        // One statement decides: every SET expression reads the row as it was before the update,
        // and the WHERE is re-checked under the row lock, so concurrent charges never overspend.
        const charged = await trx
          .updateTable('accounts')
          .set({
            usage_month: sql<string>`case when ${storedIsCurrent} then usage_month else ${month} end`,
            month_pages: sql<number>`${usedThisMonth} + ${wanted}`,
            credits: sql<number>`credits - ${fromCredits}`,
          })
          .where('id', '=', accountId)
          .where(sql<number>`${quotaLeft} + credits`, '>=', wanted)
          .returning(['plan', 'usage_month', 'month_pages', 'credits'])
          .executeTakeFirst()
        if (!charged) return undefined
        // The split follows from the row after the update: the pages counted before this charge
        // were `month_pages - pages`, and the quota paid for what it still had room for.
        const quotaBefore = Math.max(
          monthlyPageQuota(charged.plan) - (charged.month_pages - pages),
          0,
        )
        const quotaPages = Math.min(pages, quotaBefore)
        await trx
          .insertInto('usage')
          .values({
            id: `use_${randomBase62(ID_RANDOM_LENGTH)}`,
            account_id: accountId,
            month: charged.usage_month,
            pages,
            quota_pages: quotaPages,
            credit_pages: pages - quotaPages,
            created_at: now.toISOString(),
          })
          .execute()
        return charged
      })
    const row = await this.#writeLock(transaction)
    if (!row) return { ok: false }
    return {
      ok: true,
      remainingQuota: Math.max(monthlyPageQuota(row.plan) - row.month_pages, 0),
      credits: row.credits,
    }
  }

  async remainingPages(accountId: string, now = this.#now()): Promise<PageBalance | null> {
    const account = await this.getAccount(accountId)
    return account && pageBalance(account, now)
  }

  async consumeAnonymous(bucketHash: string, day: string, limit: number): Promise<boolean> {
    if (!Number.isSafeInteger(limit) || limit < 0) {
      throw new RangeError(`limit must be a non-negative integer, got ${limit}`)
    }
    if (limit === 0) return false
    const extractions = sql.ref('anonymous_usage.extractions')
    const row = await this.db
      .insertInto('anonymous_usage')
      .values({ bucket: bucketHash, day, extractions: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['bucket', 'day'])
          .doUpdateSet({ extractions: sql<number>`${extractions} + 1` })
          .where(extractions, '<', limit),
      )
      .returning('extractions')
      .executeTakeFirst()
    return row !== undefined
  }

  async refundAnonymous(bucketHash: string, day: string): Promise<void> {
    await this.db
      .updateTable('anonymous_usage')
      .set({ extractions: sql<number>`extractions - 1` })
      .where('bucket', '=', bucketHash)
      .where('day', '=', day)
      .where('extractions', '>', 0)
      .execute()
  }

  async pruneAnonymousUsage(beforeDay: string): Promise<number> {
    const result = await this.db
      .deleteFrom('anonymous_usage')
      .where('day', '<', beforeDay)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.db.destroy()
  }
}

function newKeyRow(
  accountId: string,
  secret: string,
  name: string | undefined,
  now: Date,
): Selectable<ApiKeysTable> {
  return {
    id: `key_${randomBase62(ID_RANDOM_LENGTH)}`,
    account_id: accountId,
    key_hash: hashApiKey(secret),
    prefix: apiKeyDisplayPrefix(secret),
    name: name?.trim() || null,
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  }
}

function toAccount(row: Selectable<AccountsTable>): Account {
  return {
    id: row.id,
    email: row.email,
    plan: row.plan,
    createdAt: row.created_at,
    credits: row.credits,
    usageMonth: row.usage_month,
    monthPages: row.month_pages,
  }
}

function toApiKeyInfo(row: Selectable<ApiKeysTable>): ApiKeyInfo {
  return {
    id: row.id,
    accountId: row.account_id,
    prefix: row.prefix,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }
}

function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+$/.test(normalized)) {
    throw new PdfxError('invalid_request', `Not an email address: ${JSON.stringify(email)}`)
  }
  return normalized
}

function assertPositivePages(pages: number): void {
  if (!Number.isSafeInteger(pages) || pages < 1) {
    throw new RangeError(`pages must be a positive integer, got ${pages}`)
  }
}

function unknownAccount(accountId: string, cause?: unknown): PdfxError {
  return new PdfxError('not_found', `No account ${accountId}`, { cause })
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined
}

// SQLSTATE codes from PostgreSQL, extended result codes from better-sqlite3.
/** True when a statement failed on a unique or primary key constraint, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error)
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = errorCode(error)
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}
