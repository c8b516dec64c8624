import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src/store/store'
import { describeStoreContract } from './store-contract'

const tempDirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdfx-store-'))
  tempDirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})

describeStoreContract('sqlite', async () => {
  const dataDir = tempDir()
  return { open: ({ now }) => openStore({ dataDir, now }), cleanup: async () => {} }
})

describe('sqlite store files', () => {
  it('keeps its file in the data directory, in WAL mode with foreign keys on', async () => {
    const dataDir = join(tempDir(), 'nested', 'data')
    const store = await openStore({ dataDir })
    try {
      expect(store.dialect).toBe('sqlite')
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db)
      expect(journal.rows).toEqual([{ journal_mode: 'wal' }])
      const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db)
      expect(foreignKeys.rows).toEqual([{ foreign_keys: 1 }])
    } finally {
      await store.close()
    }
    const reopened = await openStore({ databaseUrl: `sqlite:${join(dataDir, 'pdfx.sqlite')}` })
    await reopened.close()
  })

  it('runs in memory for quick tests', async () => {
    const store = await openStore({ databaseUrl: ':memory:' })
    const { apiKey, account } = await store.createAccount({ email: 'm@example.com', plan: 'free' })
    expect((await store.authenticate(apiKey))?.account.id).toBe(account.id)
    await store.close()
  })

  it('refuses database URLs it does not understand, without echoing credentials', async () => {
    await expect(openStore({ databaseUrl: 'mysql://user:hunter2@db/pdfx' })).rejects.toThrow(
      /^Unsupported database URL scheme "mysql:"$/,
    )
  })
})
