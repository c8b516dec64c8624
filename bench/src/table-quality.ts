// pnpm bench:tables [--per-case] [--jsonl OUT] [--json OUT]
//
// The table benchmark alone (`pnpm bench:quality` runs it after DP-Bench): extracts every PDF of
// ../shared/corpus/tables once with extractTables (hybrid), scores each case of its index.tsv
// with table_score.py's cell-grid score and with TEDS, and prints the means per source.
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { scriptArgs } from './script-args'
import { runTableBenchmark, tableBenchmarkJson } from './tables/table-benchmark'

function usage(): string {
  return [
    'usage: pnpm bench:tables [options]',
    '  --per-case   one line per case: sizes, cell score, TEDS',
    "  --jsonl OUT  write the predictions in table_score.py's input format",
    '  --json OUT   write the scores as JSON',
  ].join('\n')
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: scriptArgs(),
    options: {
      'per-case': { type: 'boolean', default: false },
      jsonl: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage())
    return 0
  }
  const result = await runTableBenchmark({
    perCase: values['per-case'],
    ...(values.jsonl === undefined ? {} : { jsonl: values.jsonl }),
  })
  if (values.json !== undefined) {
    await writeFile(values.json, `${JSON.stringify(tableBenchmarkJson(result), null, 2)}\n`)
  }
  return 0
}

process.exitCode = await main()
