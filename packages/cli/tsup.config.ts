import { defineConfig } from 'tsup'

export default defineConfig({
  // extract-worker runs in the worker threads of `pdfx extract`; it must sit next to the code
  // that starts it (new URL('./extract-worker.js', import.meta.url)).
  entry: ['src/program.ts', 'src/bin.ts', 'src/extract-worker.ts'],
  format: ['esm'],
  dts: { entry: 'src/program.ts' },
  clean: true,
  target: 'node20',
  // commander is CommonJS: imported from ESM, Node parses its sources for their exports at every
  // start, a fifth of `pdfx --help`'s time. Bundled, it loads as part of our own code; its
  // require() calls of Node's built-ins need a real require in the ESM output.
  noExternal: ['commander'],
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
})
