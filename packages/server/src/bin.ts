import { runServerCli } from './cli.js'

process.exitCode = await runServerCli(process.argv.slice(2))
