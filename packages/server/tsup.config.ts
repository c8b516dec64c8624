import { defineConfig } from 'tsup'

export default defineConfig({
  // bin.ts is what bin/pdfx-server.js runs. The extraction child is forked by path, so it is an
  // entry of its own: dist/isolation/extraction-child.js, found by src/isolation/child-command.ts.
  entry: ['src/index.ts', 'src/bin.ts', 'src/isolation/extraction-child.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  target: 'node20',
})
