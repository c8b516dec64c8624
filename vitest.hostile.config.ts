import { defineConfig } from 'vitest/config'

// Workspace imports resolve to src/ through the custom condition, as in vitest.config.ts.
const source = ['@pdfx/source']

/**
 * `pnpm test:hostile`: the hostile-PDF suites of @pdfx/core and @pdfx/server, and nothing else.
 * Their files end in `.hostile-test.ts`, which the default include of `pnpm test` does not match,
 * so they never run twice.
 */
export default defineConfig({
  resolve: { conditions: source },
  ssr: { resolve: { conditions: source, externalConditions: source } },
  test: {
    include: ['packages/*/test/hostile/**/*.hostile-test.ts'],
    // One file at a time: both start child processes that extract hostile documents, and the
    // server suite measures how fast the server answers while it does. On two cores, running the
    // files side by side would measure the other file's load instead.
    fileParallelism: false,
    // Concurrent tests (the core suite's child processes) two at a time, one per core.
    maxConcurrency: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
