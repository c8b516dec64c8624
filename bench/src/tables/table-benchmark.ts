import { writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { corpusSubdir } from '../corpus'
import { formatTable } from '../speed/text-table'
import { extractCorpusTables, type PdfTables } from './extract-corpus-tables'
import { formatPredictionsJsonl } from './predictions-jsonl'
import { scoreTableCases, type TableCaseResult } from './score-cases'
import { HEADLINE_SOURCE, summarizeTables, type TableSummary } from './summarize-tables'
import { readTableIndex } from './table-cases'

/** What the table benchmark prints and writes besides its summary. */
export interface TableBenchmarkOptions {
  /** Print one line per case. */
  perCase?: boolean
  /** Write the predictions as table_score.py input (JSON lines) to this file. */
  jsonl?: string
}

/** Everything one run of the table benchmark measured. */
export interface TableBenchmarkResult {
  cases: TableCaseResult[]
  pdfs: PdfTables[]
  sources: TableSummary[]
  all: TableSummary
  /** Extraction time over all pages of the PDFs, in seconds per page. */
  secondsPerPage: number | null
}

/** The result as JSON-ready data: scores per case and per source, each PDF's timing and table count. */
export function tableBenchmarkJson(result: TableBenchmarkResult): object {
  const { pdfs, ...scores } = result
  return { ...scores, pdfs: pdfs.map(({ tables, ...pdf }) => ({ ...pdf, tables: tables.length })) }
}

/** Number of weakest headline cases listed after the summary. */
const WEAKEST_SHOWN = 5

const format = (value: number | null): string => (value === null ? '-' : value.toFixed(4))

function printCases(results: readonly TableCaseResult[]): void {
  const rows = results.map((result) => [
    result.tableCase.source,
    result.tableCase.case,
    String(result.tableCase.page),
    `${result.expectedRows}x${result.expectedColumns}`,
    result.predicted ? `${result.predicted.rows}x${result.predicted.columns}` : '-',
    String(result.tablesOnPage),
    format(result.score.cell),
    format(result.score.teds),
    result.extractionError !== undefined
      ? 'extraction failed'
      : result.tableCase.kind.startsWith('partial')
        ? 'partial check'
        : '',
  ])
  const columns = [
    { title: 'source', align: 'left' },
    { title: 'case', align: 'left' },
    { title: 'page', align: 'right' },
    { title: 'expected', align: 'right' },
    { title: 'predicted', align: 'right' },
    { title: 'tables', align: 'right' },
    { title: 'cell', align: 'right' },
    { title: 'TEDS', align: 'right' },
    { title: '', align: 'left' },
  ] as const
  console.log(formatTable(columns, rows))
}

function printSummary(result: TableBenchmarkResult): void {
  const headline = result.sources.find((summary) => summary.name === HEADLINE_SOURCE)
  if (headline) {
    console.log(
      `ICDAR 2013 mean table score: ${format(headline.cell)} (TEDS ${format(headline.teds)}, ${headline.cases} cases, ${headline.noTable} with no table on their page)`,
    )
  }
  const rows = [...result.sources, result.all].map((summary) => [
    summary.name,
    String(summary.cases),
    format(summary.cell),
    format(summary.teds),
    String(summary.noTable),
    summary.name === HEADLINE_SOURCE
      ? 'human ground truth'
      : summary.name === 'all'
        ? ''
        : summary.partial > 0
          ? `loose: ${summary.partial} partial checks`
          : "loose: the tool's own test grids",
  ])
  console.log(
    formatTable(
      [
        { title: 'source', align: 'left' },
        { title: 'cases', align: 'right' },
        { title: 'cell', align: 'right' },
        { title: 'TEDS', align: 'right' },
        { title: 'no table', align: 'right' },
        { title: '', align: 'left' },
      ],
      rows,
    ),
  )
  const weakest = result.cases
    .filter((item) => item.tableCase.source === HEADLINE_SOURCE)
    .sort((a, b) => a.score.cell - b.score.cell)
    .slice(0, WEAKEST_SHOWN)
  if (weakest.length > 0) {
    const list = weakest.map((item) => `${item.tableCase.case} ${format(item.score.cell)}`)
    console.log(`weakest ${HEADLINE_SOURCE} cases: ${list.join(', ')}`)
  }
  const pages = result.pdfs.reduce((sum, pdf) => sum + pdf.pages, 0)
  console.log(
    `seconds per page: ${format(result.secondsPerPage)} (${pages} pages in ${result.pdfs.length} PDFs)`,
  )
  for (const pdf of result.pdfs) {
    if (!pdf.ok) console.error(`extraction failed, its cases score 0: ${pdf.pdf}: ${pdf.error}`)
    for (const warning of pdf.warnings) console.error(`warning: ${pdf.pdf}: ${warning}`)
  }
}

/** The command that checks the written predictions with the reference scorer, from the cwd. */
function oracleCommand(tablesDir: string, pdfs: readonly string[], jsonl: string): string {
  const dir = relative(process.cwd(), tablesDir) || '.'
  return [
    'python3 ../shared/tools/table_score.py',
    `--index ${join(dir, 'index.tsv')} --tables-dir ${dir}`,
    `--pdfs ${pdfs.join(',')} --pred ${jsonl} --source ${HEADLINE_SOURCE}`,
  ].join(' ')
}

/**
 * The table benchmark: extracts every PDF of ../shared/corpus/tables once with `extractTables`,
 * scores each case of index.tsv with the cell-grid score (as table_score.py computes it) and
 * TEDS, and prints the means per source and the extraction speed.
 */
export async function runTableBenchmark(
  options: TableBenchmarkOptions = {},
): Promise<TableBenchmarkResult> {
  const tablesDir = corpusSubdir('tables')
  const cases = await readTableIndex(tablesDir)
  const pdfs = [...new Set(cases.map((tableCase) => tableCase.pdf))]
  console.log(`\ntables: ${cases.length} cases in ${pdfs.length} PDFs (extractTables, hybrid)`)
  const extracted = await extractCorpusTables(tablesDir, pdfs)
  if (options.jsonl !== undefined) {
    await writeFile(options.jsonl, formatPredictionsJsonl(extracted))
  }
  const results = await scoreTableCases(tablesDir, cases, extracted)
  const seconds = extracted.reduce((sum, pdf) => sum + pdf.seconds, 0)
  const pages = extracted.reduce((sum, pdf) => sum + pdf.pages, 0)
  const result: TableBenchmarkResult = {
    cases: results,
    pdfs: extracted,
    ...summarizeTables(results),
    secondsPerPage: pages > 0 ? seconds / pages : null,
  }
  if (options.perCase) printCases(results)
  printSummary(result)
  if (options.jsonl !== undefined) {
    console.log(`predictions written to ${options.jsonl}; check them with:`)
    console.log(`  ${oracleCommand(tablesDir, pdfs, options.jsonl)}`)
  }
  return result
}
