import { openStore } from '../../src/store/store'
import { createTestDatabase, postgresUrl } from '../services'
import { describeStoreContract } from './store-contract'

const server = await postgresUrl()

describeStoreContract(
  'postgres',
  async () => {
    if (server.url === null) throw new Error(server.reason)
    const database = await createTestDatabase(server.url)
    return {
      open: ({ now }) => openStore({ databaseUrl: database.url, now }),
      cleanup: database.drop,
    }
  },
  server.reason,
)
