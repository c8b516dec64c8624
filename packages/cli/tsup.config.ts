import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/program.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: 'src/program.ts' },
  clean: true,
  target: 'node20',
})
