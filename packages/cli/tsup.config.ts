import { defineConfig } from 'tsup'

export default defineConfig({
  // extract-worker runs in the worker threads of `pdfx extract`; it must sit next to the code
  // that starts it (new URL('./extract-worker.js', import.meta.url)).
  entry: ['src/program.ts', 'src/bin.ts', 'src/extract-worker.ts'],
  format: ['esm'],
  dts: { entry: 'src/program.ts' },
  clean: true,
  target: 'node20',
})
