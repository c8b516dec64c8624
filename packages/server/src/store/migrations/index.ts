import type { Migration, MigrationProvider } from 'kysely'
import * as accounts from './0001-accounts'

/**
 * Every migration, in the order they apply. They are imported, not read from disk, so they are
 * part of the bundle; append new ones (Doc Links, blobs, visits) with the next number and never
 * edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
}

/** A Kysely migration provider over `migrations`. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
