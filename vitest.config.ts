import { defineConfig } from 'vitest/config'

// Workspace imports resolve to src/ through the custom condition, so tests need no build.
const source = ['@pdfx/source']

export default defineConfig({
  resolve: { conditions: source },
  ssr: { resolve: { conditions: source, externalConditions: source } },
  test: {
    projects: ['schema', 'core', 'cli', 'client', 'server', 'bench'].map((name) => ({
      extends: true,
      test: {
        name,
        root: name === 'bench' ? 'bench' : `packages/${name}`,
        // finds or starts PostgreSQL and Redis for the server tests (packages/server/test/services.ts)
        ...(name === 'server' && { globalSetup: ['./test/global-setup.ts'] }),
      },
    })),
  },
})
