import { createDatabaseBlobStore } from '../../src/links/database-blob-store.js'
import { openStore } from '../../src/store/index.js'
import { createTestDatabase, postgresUrl } from '../services.js'
import { describeLinkStoreContract } from './link-store-contract.js'

const server = await postgresUrl()

describeLinkStoreContract(
  'postgres',
  async () => {
    if (server.url === null) throw new Error(server.reason)
    const database = await createTestDatabase(server.url)
    return {
      open: () => openStore({ databaseUrl: database.url }),
      blobs: async (store) => createDatabaseBlobStore(store.db),
      cleanup: database.drop,
    }
  },
  server.reason,
)
