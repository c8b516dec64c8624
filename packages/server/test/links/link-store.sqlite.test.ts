import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFileBlobStore } from '../../src/links/file-blob-store.js'
import { openStore, type Store } from '../../src/store/index.js'
import { describeLinkStoreContract } from './link-store-contract.js'

// One store for both sides of the contract: better-sqlite3 waits for a lock synchronously, so two
// connections in one process would block each other's event loop. Within a process, Kysely runs
// one statement at a time on the one connection; across processes SQLite's lock and busy
// timeout do the queueing (test/app/process.test.ts runs real processes).
describeLinkStoreContract('sqlite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pdfx-links-'))
  let store: Promise<Store> | undefined
  return {
    open: () => {
      store ??= openStore({ dataDir })
      return store
    },
    blobs: () => createFileBlobStore(join(dataDir, 'blobs')),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
})
