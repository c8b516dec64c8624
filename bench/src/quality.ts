// pnpm bench:quality [--mode fast|hybrid] [--ids a,b] [--per-doc] [--pred DIR] [--json OUT]
//                    [--no-outline] [--exact-ted] [--no-tables] [--per-case] [--jsonl OUT]
//
// Extracts every ../shared/corpus/dpbench PDF, writes the Markdown to bench/out/<mode>/, and
// scores it with the DP-Bench metrics (NID, TEDS, MHS), which agree with
// ../shared/tools/dpbench_score.py. Then checks heading outlines on ../shared/corpus/realworld.
// Without --mode this runs for fast, then for hybrid. Last comes the table benchmark over
// ../shared/corpus/tables (src/tables/, agreeing with ../shared/tools/table_score.py).
// --pred DIR scores existing predictions instead of extracting (and skips the outline check and
// the tables).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type ExtractOptions, extract } from '@pdfx/core'
import { corpusSubdir } from './corpus'
import { type OutlineHeading, type OutlineScore, scoreOutline } from './heading-outline'
import {
  type FolderScores,
  listDocumentIds,
  type ScoredDocument,
  scoreFolder,
} from './score-folder'
import { METRICS, type Metric } from './scoring/score-document'
import { zhangShashaDistance } from './scoring/zhang-shasha'
import { scriptArgs } from './script-args'
import { runTableBenchmark, tableBenchmarkJson } from './tables/table-benchmark'

type Mode = NonNullable<ExtractOptions['mode']>

const LABELS: Record<Metric, string> = {
  nid: 'NID',
  nidS: 'NID-S',
  teds: 'TEDS',
  tedsS: 'TEDS-S',
  mhs: 'MHS',
  mhsS: 'MHS-S',
  overall: 'overall',
}

interface Extraction {
  seconds: number
  pages: number
  failed: { id: string; error: string }[]
}

interface OutlineResult extends OutlineScore {
  name: string
}

function usage(): string {
  return [
    'usage: pnpm bench:quality [options]',
    '  --mode fast|hybrid  only this extraction mode (default: fast, then hybrid)',
    '  --ids a,b           only these dpbench documents',
    '  --per-doc           one line per document',
    '  --pred DIR          score the <id>.md files in DIR instead of extracting',
    '  --json OUT          write the results as JSON',
    '  --no-outline        skip the realworld heading-outline check',
    "  --exact-ted         minimal tree edit distance instead of the bench's apted 1.0.3",
    '  --no-tables         skip the table benchmark (../shared/corpus/tables)',
    '  --per-case          one line per table case',
    "  --jsonl OUT         write the table predictions in table_score.py's input format",
  ].join('\n')
}

function format(value: number | null): string {
  return value === null ? '-' : value.toFixed(4)
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

async function extractAll(
  gtDir: string,
  ids: readonly string[],
  mode: Mode,
  outDir: string,
): Promise<Extraction> {
  await mkdir(outDir, { recursive: true })
  const result: Extraction = { seconds: 0, pages: 0, failed: [] }
  // one untimed run first: loading pdf.js and the fonts takes about a second, once per process
  const first = ids[0]
  if (first !== undefined) {
    await extract(new Uint8Array(await readFile(join(gtDir, `${first}.pdf`))), { mode }).catch(
      () => undefined,
    )
  }
  for (const id of ids) {
    const bytes = new Uint8Array(await readFile(join(gtDir, `${id}.pdf`)))
    const target = join(outDir, `${id}.md`)
    const started = performance.now()
    try {
      const document = await extract(bytes, { mode })
      result.seconds += (performance.now() - started) / 1000
      result.pages += document.source.pages
      await writeFile(target, document.markdown)
    } catch (error) {
      // a failed extraction scores as empty output, not as a stale file from an earlier run
      result.failed.push({ id, error: errorMessage(error) })
      await rm(target, { force: true })
    }
  }
  return result
}

function printDocument(document: ScoredDocument): void {
  const cells = METRICS.map((metric) => format(document.scores[metric]).padStart(8))
  const flag = document.predictionAvailable ? '' : '  (no prediction)'
  console.log(`${document.id.padEnd(16)}${cells.join('')}${flag}`)
}

function printSummary(scores: FolderScores, extraction: Extraction | undefined): void {
  console.log(
    `documents: ${scores.documents.length} scored, ${scores.missingPredictions} without prediction, ${scores.failed.length} failed`,
  )
  for (const metric of METRICS) {
    const { mean, count } = scores.summary[metric]
    console.log(`${LABELS[metric].padEnd(8)} ${format(mean)}  (n=${count})`)
  }
  if (extraction && extraction.pages > 0) {
    console.log(
      `seconds per page: ${(extraction.seconds / extraction.pages).toFixed(4)} (${extraction.pages} pages)`,
    )
  }
  for (const { id, error } of scores.failed)
    console.error(`scoring failed, left out like the bench does: ${id}: ${error}`)
  for (const id of scores.undecodable) console.error(`not valid UTF-8, scored as empty: ${id}`)
  for (const { id, error } of extraction?.failed ?? [])
    console.error(`extraction failed, scored as empty: ${id}: ${error}`)
}

async function checkOutlines(mode: Mode): Promise<OutlineResult[]> {
  const dir = corpusSubdir('realworld')
  const names = (await readdir(dir))
    .filter((file) => file.endsWith('.headings.json'))
    .map((file) => file.slice(0, -'.headings.json'.length))
    .sort()
  const results: OutlineResult[] = []
  for (const name of names) {
    const parsed = JSON.parse(await readFile(join(dir, `${name}.headings.json`), 'utf8')) as {
      headings: OutlineHeading[]
    }
    // files whose tags carry no usable headings (role-mapped to P) have an empty outline
    if (parsed.headings.length === 0) continue
    const bytes = new Uint8Array(await readFile(join(dir, `${name}.pdf`)))
    const document = await extract(bytes, { mode, outputs: ['elements'] })
    const predicted = document.elements.flatMap((element) =>
      element.type === 'heading' && element.level !== undefined
        ? [{ text: element.text, level: element.level }]
        : [],
    )
    results.push({ name, ...scoreOutline(parsed.headings, predicted) })
  }
  return results
}

function printOutlines(results: readonly OutlineResult[]): void {
  console.log('\nheading outline (realworld, tagged PDFs)')
  console.log(
    `${'document'.padEnd(42)}${['ref', 'pred', 'match'].map((h) => h.padStart(6)).join('')}${['P', 'R', 'F1', 'level', 'rel.lvl'].map((h) => h.padStart(8)).join('')}`,
  )
  let reference = 0
  let predicted = 0
  let matched = 0
  let exact = 0
  let relative = 0
  for (const r of results) {
    console.log(
      `${r.name.padEnd(42)}${[r.reference, r.predicted, r.matched].map((v) => String(v).padStart(6)).join('')}${[r.precision, r.recall, r.f1, r.levelExact, r.levelRelative].map((v) => format(v).padStart(8)).join('')}`,
    )
    reference += r.reference
    predicted += r.predicted
    matched += r.matched
    exact += (r.levelExact ?? 0) * r.matched
    relative += (r.levelRelative ?? 0) * r.matched
  }
  const precision = predicted > 0 ? matched / predicted : 0
  const recall = reference > 0 ? matched / reference : 0
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0
  const level = matched > 0 ? exact / matched : null
  const rel = matched > 0 ? relative / matched : null
  console.log(
    `${'all (micro)'.padEnd(42)}${[reference, predicted, matched].map((v) => String(v).padStart(6)).join('')}${[precision, recall, f1, level, rel].map((v) => format(v).padStart(8)).join('')}`,
  )
}

interface QualityFlags {
  ids: string[]
  perDoc: boolean
  pred: string | undefined
  outline: boolean
  exactTed: boolean
}

/** DP-Bench for one mode: extract (unless --pred), score, print, check outlines; the JSON payload. */
async function runDpBench(gtDir: string, mode: Mode, flags: QualityFlags): Promise<object> {
  const { ids } = flags
  let predDir: string
  let extraction: Extraction | undefined
  if (flags.pred !== undefined) predDir = flags.pred
  else {
    predDir = fileURLToPath(new URL(`../out/${mode}/`, import.meta.url))
    console.log(`extracting ${ids.length} documents (${mode}) into ${predDir}`)
    extraction = await extractAll(gtDir, ids, mode, predDir)
  }

  const started = performance.now()
  if (flags.perDoc) {
    console.log(
      `${'document'.padEnd(16)}${METRICS.map((metric) => LABELS[metric].padStart(8)).join('')}`,
    )
  }
  const scores = await scoreFolder(gtDir, predDir, {
    ids,
    ...(flags.exactTed ? { treeDistance: zhangShashaDistance } : {}),
    ...(flags.perDoc ? { onDocument: printDocument } : {}),
  })
  const scoringSeconds = (performance.now() - started) / 1000
  printSummary(scores, extraction)
  console.log(
    `scoring took ${scoringSeconds.toFixed(2)} s${flags.exactTed ? "  [--exact-ted: not the bench's TED]" : ''}`,
  )

  let outlines: OutlineResult[] | undefined
  if (flags.outline && flags.pred === undefined) {
    outlines = await checkOutlines(mode)
    printOutlines(outlines)
  }
  return {
    mode,
    predictions: predDir,
    exactTed: flags.exactTed,
    metrics: scores.summary,
    missingPredictions: scores.missingPredictions,
    secondsPerPage:
      extraction && extraction.pages > 0 ? extraction.seconds / extraction.pages : null,
    documents: scores.documents,
    failed: scores.failed,
    extractionFailed: extraction?.failed ?? [],
    outline: outlines ?? null,
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: scriptArgs(),
    options: {
      mode: { type: 'string' },
      ids: { type: 'string' },
      'per-doc': { type: 'boolean', default: false },
      pred: { type: 'string' },
      json: { type: 'string' },
      'no-outline': { type: 'boolean', default: false },
      'exact-ted': { type: 'boolean', default: false },
      'no-tables': { type: 'boolean', default: false },
      'per-case': { type: 'boolean', default: false },
      jsonl: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage())
    return 0
  }
  if (values.mode !== undefined && values.mode !== 'fast' && values.mode !== 'hybrid') {
    console.error(`--mode must be fast or hybrid\n${usage()}`)
    return 2
  }
  // existing predictions come from one run, so --pred scores them once (labelled fast by default)
  const modes: Mode[] =
    values.mode !== undefined
      ? [values.mode]
      : values.pred !== undefined
        ? ['fast']
        : ['fast', 'hybrid']
  const gtDir = corpusSubdir('dpbench')
  let ids = await listDocumentIds(gtDir)
  if (values.ids !== undefined) {
    const wanted = values.ids
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
    const unknown = wanted.filter((id) => !ids.includes(id))
    if (unknown.length > 0) console.error(`not in the corpus, ignored: ${unknown.join(', ')}`)
    ids = ids.filter((id) => wanted.includes(id))
  }
  const flags: QualityFlags = {
    ids,
    perDoc: values['per-doc'],
    pred: values.pred,
    outline: !values['no-outline'],
    exactTed: values['exact-ted'],
  }

  const runs: object[] = []
  for (const mode of modes) {
    if (modes.length > 1) console.log(`\n== DP-Bench, ${mode} ==`)
    runs.push(await runDpBench(gtDir, mode, flags))
  }
  let tables: object | undefined
  if (!values['no-tables'] && values.pred === undefined) {
    const result = await runTableBenchmark({
      perCase: values['per-case'],
      ...(values.jsonl === undefined ? {} : { jsonl: values.jsonl }),
    })
    tables = tableBenchmarkJson(result)
  }

  if (values.json !== undefined) {
    // one mode keeps the single-run layout; both modes are keyed by mode
    const dpbench =
      runs.length === 1 ? runs[0] : Object.fromEntries(modes.map((mode, i) => [mode, runs[i]]))
    const payload = { ...dpbench, ...(tables === undefined ? {} : { tables }) }
    await writeFile(values.json, `${JSON.stringify(payload, null, 2)}\n`)
  }
  return 0
}

process.exitCode = await main()
