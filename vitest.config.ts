import { defineConfig } from 'vitest/config'

// Workspace imports resolve to src/ through the custom condition, so tests need no build.
const source = ['@pdfx/source']

export default defineConfig({
  resolve: { conditions: source },
  ssr: { resolve: { conditions: source, externalConditions: source } },
  test: {
    projects: ['schema', 'core', 'cli', 'client', 'server', 'bench'].map((name) => ({
      extends: true,
      test: { name, root: name === 'bench' ? 'bench' : `packages/${name}` },
    })),
  },
})
