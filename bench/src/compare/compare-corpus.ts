import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SPEED_SETS, type SpeedSet, speedCorpusDir } from '../speed/corpus-files'
import { countPdfPages } from '../speed/pdfjs-text'

/** The `--set` values: one corpus folder, or both. */
export const COMPARE_SET_OPTIONS = ['realworld', 'dpbench', 'all'] as const
export type CompareSetOption = (typeof COMPARE_SET_OPTIONS)[number]

/** One corpus PDF every tool reads from disk; `pages` is pdf.js's count, the same for all tools. */
export interface ComparePdf {
  set: SpeedSet
  /** File name, e.g. `01030000000007.pdf`. */
  name: string
  /** Name without `.pdf`: each tool writes `<stem>.md`, which for dpbench is the scorer's id. */
  stem: string
  path: string
  pages: number
}

/** `--quick`: the first dpbench documents by name... */
const QUICK_DPBENCH_DOCUMENTS = 10
/** ...and the realworld documents with the fewest pages. */
const QUICK_REALWORLD_DOCUMENTS = 3

/** The folders a `--set` value stands for, in the order they are read. */
export function setsOf(option: CompareSetOption): readonly SpeedSet[] {
  return option === 'all' ? SPEED_SETS : [option]
}

/**
 * The PDFs of the chosen corpus folders (../shared/corpus, referenced in place), sorted by name
 * within each folder, with their page counts; `quick` keeps a small subset of each folder.
 */
export async function selectComparePdfs(
  option: CompareSetOption,
  quick: boolean,
): Promise<ComparePdf[]> {
  const root = speedCorpusDir()
  const pdfs: ComparePdf[] = []
  for (const set of setsOf(option)) {
    const dir = join(root, set)
    const names = (await readdir(dir)).filter((name) => name.endsWith('.pdf')).sort()
    let chosen: ComparePdf[] = []
    for (const name of names) {
      const path = join(dir, name)
      const pages = await countPdfPages(new Uint8Array(await readFile(path)))
      chosen.push({ set, name, stem: name.slice(0, -'.pdf'.length), path, pages })
    }
    if (quick) {
      chosen =
        set === 'dpbench'
          ? chosen.slice(0, QUICK_DPBENCH_DOCUMENTS)
          : [...chosen]
              .sort((a, b) => a.pages - b.pages || a.name.localeCompare(b.name))
              .slice(0, QUICK_REALWORLD_DOCUMENTS)
              .sort((a, b) => a.name.localeCompare(b.name))
    }
    pdfs.push(...chosen)
  }
  // every tool writes <stem>.md into one folder per tool
  const stems = new Set(pdfs.map((pdf) => pdf.stem))
  if (stems.size !== pdfs.length) throw new Error('Two corpus PDFs share a file name')
  if (pdfs.length === 0) throw new Error(`No PDF in ${root} for --set ${option}`)
  return pdfs
}
