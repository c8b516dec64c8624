import { defineConfig } from 'vitest/config'

// Workspace imports resolve to src/ through the custom condition, as in vitest.config.ts.
const source = ['@pdfx/source']

/**
 * `pnpm test:durability`: the server process killed with SIGKILL under load and restarted, on
 * SQLite and on PostgreSQL (packages/server/test/durability). Its file ends in
 * `.durability-test.ts`, which the default include of `pnpm test` does not match, so it never runs
 * twice. PDFX_DURABILITY_KILLS sets the kills per database (default 10, about a minute each).
 */
export default defineConfig({
  resolve: { conditions: source },
  ssr: { resolve: { conditions: source, externalConditions: source } },
  test: {
    include: ['packages/server/test/durability/**/*.durability-test.ts'],
    // Finds or starts PostgreSQL, as for the server project of vitest.config.ts.
    globalSetup: ['packages/server/test/global-setup.ts'],
    // The suite measures what a killed server leaves behind; nothing else should run beside it.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
})
