import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'node20',
  // import.meta.url locates pdf.js data and tiktoken in the CommonJS build too.
  shims: true,
})
