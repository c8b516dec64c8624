import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseCsv } from './read-csv'

/** One expected table of `../shared/corpus/tables/index.tsv`. */
export interface TableCase {
  /** Folder of the case: `icdar2013`, `camelot`, `tabula-java`, `pdfplumber`. */
  source: string
  /** File name of the expected grid, without `.csv`. */
  case: string
  /** The PDF, relative to the tables folder (`icdar2013/eu-003.pdf`): the id of its predictions. */
  pdf: string
  /** 1-based page the table is on. */
  page: number
  /** Expected grid size as the index states it; empty for partial checks. */
  rows: string
  cols: string
  /** `human-GT`, `test-asserted full-grid`, or `partial: ...` (what the grid checks). */
  kind: string
}

/** The cases of an index.tsv text, in file order (tab-separated, first line the column names). */
export function parseTableIndex(text: string): TableCase[] {
  const [header = '', ...lines] = text.split(/\r\n|\r|\n/)
  const names = header.split('\t')
  const column = (fields: string[], name: string): string => {
    const at = names.indexOf(name)
    if (at < 0) throw new Error(`index.tsv has no "${name}" column`)
    return fields[at] ?? ''
  }
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = line.split('\t')
      const page = Number(column(fields, 'page'))
      if (!Number.isInteger(page) || page < 1) throw new Error(`index.tsv: bad page in "${line}"`)
      return {
        source: column(fields, 'source'),
        case: column(fields, 'case'),
        pdf: column(fields, 'pdf'),
        page,
        rows: column(fields, 'rows'),
        cols: column(fields, 'cols'),
        kind: column(fields, 'kind'),
      }
    })
}

/** Reads `<tablesDir>/index.tsv`. */
export async function readTableIndex(tablesDir: string): Promise<TableCase[]> {
  return parseTableIndex(await readFile(join(tablesDir, 'index.tsv'), 'utf8'))
}

/** Reads the expected grid of a case: `<tablesDir>/<source>/<case>.csv` as rows of cell texts. */
export async function readExpectedGrid(
  tablesDir: string,
  tableCase: TableCase,
): Promise<string[][]> {
  const path = join(tablesDir, tableCase.source, `${tableCase.case}.csv`)
  return parseCsv(await readFile(path, 'utf8'))
}
