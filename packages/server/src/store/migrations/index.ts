import type { Migration, MigrationProvider } from 'kysely'
import * as accounts from './0001-accounts'
import * as docLinks from './0002-doc-links'
import * as usageLedger from './0003-usage-ledger'
import * as outboxDelivery from './0004-outbox-delivery'
import * as blobStorageExternal from './0005-blob-storage-external'

/**
 * Every migration, in the order they apply. They are imported, not read from disk, so they are
 * part of the bundle; append new ones with the next number and never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-doc-links': docLinks,
  '0003-usage-ledger': usageLedger,
  '0004-outbox-delivery': outboxDelivery,
  '0005-blob-storage-external': blobStorageExternal,
}

/** A Kysely migration provider over `migrations`. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
