import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
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

  it('opens a new file that another process holds locked for longer than the busy timeout', async () => {
    const dataDir = tempDir()
    mkdirSync(dataDir, { recursive: true })
    // Another process creating the same file, holding it exclusively for 5.5 s: past the 5 s busy
    // timeout, so the first try fails and the next one finds the file free.
    const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3')
    const holder = spawn(process.execPath, [
      '-e',
      `const db = new (require(${JSON.stringify(betterSqlite3)}))(${JSON.stringify(join(dataDir, 'pdfx.sqlite'))});
       db.exec('BEGIN EXCLUSIVE; CREATE TABLE held (x)'); console.log('held');
       setTimeout(() => { db.exec('COMMIT'); db.close() }, 5500)`,
    ])
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()))
    const store = await openStore({ dataDir })
    const { account } = await store.createAccount({ email: 'late@example.com', plan: 'free' })
    expect(account.plan).toBe('free')
    await store.close()
  }, 20_000)
})
