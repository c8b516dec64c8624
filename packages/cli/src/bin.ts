import { runCli } from './program.js'

// `pdfx extract big.pdf | head` closes stdout early: that ends the command quietly, as it does
// for other Unix tools, instead of crashing with EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0)
})

try {
  process.exitCode = await runCli(process.argv.slice(2))
} catch (error) {
  // Not a PdfxError of an input (those are reported where they happen): a bug. Its stack helps.
  process.stderr.write(
    `pdfx: error [internal] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exitCode = 1
}
