import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { readMarkdownFile } from './read-markdown'
import {
  type DocumentScores,
  type Metric,
  type MetricSummary,
  type ScoreOptions,
  scoreDocument,
  summarize,
} from './scoring/score-document'

/** One scored document of a folder. */
export interface ScoredDocument {
  id: string
  scores: DocumentScores
  predictionAvailable: boolean
}

/** Scores of a prediction folder against the reference folder. */
export interface FolderScores {
  documents: ScoredDocument[]
  /** Documents whose scoring threw; like the bench, they are left out of every mean. */
  failed: { id: string; error: string }[]
  /** Prediction files that were not valid UTF-8 and scored as empty. */
  undecodable: string[]
  summary: Record<Metric, MetricSummary>
  missingPredictions: number
}

/** Options of {@link scoreFolder}. */
export interface ScoreFolderOptions extends ScoreOptions {
  /** Score only these document ids (default: every `<id>.md` of the reference folder). */
  ids?: readonly string[]
  /** Called after each document, e.g. to print it. */
  onDocument?: (document: ScoredDocument) => void
}

/** The document ids of a reference folder: every `<id>.md`, sorted by file name like the bench's glob. */
export async function listDocumentIds(gtDir: string): Promise<string[]> {
  const names = (await readdir(gtDir)).filter((name) => name.endsWith('.md')).sort()
  return names.map((name) => name.slice(0, -'.md'.length))
}

/** Scores `predDir/<id>.md` against `gtDir/<id>.md` for every reference document; a missing prediction is empty output. */
export async function scoreFolder(
  gtDir: string,
  predDir: string,
  options: ScoreFolderOptions = {},
): Promise<FolderScores> {
  let ids = await listDocumentIds(gtDir)
  if (options.ids) {
    const wanted = new Set(options.ids)
    ids = ids.filter((id) => wanted.has(id))
  }
  const documents: ScoredDocument[] = []
  const failed: { id: string; error: string }[] = []
  const undecodable: string[] = []
  for (const id of ids) {
    const gt = await readMarkdownFile(join(gtDir, `${id}.md`))
    const pred = await readMarkdownFile(join(predDir, `${id}.md`))
    if (pred.invalid) undecodable.push(id)
    let scores: DocumentScores
    try {
      scores = scoreDocument(
        gt.text,
        pred.text,
        options.treeDistance ? { treeDistance: options.treeDistance } : {},
      )
    } catch (error) {
      failed.push({ id, error: error instanceof Error ? error.message : String(error) })
      continue
    }
    const document = { id, scores, predictionAvailable: pred.exists }
    documents.push(document)
    options.onDocument?.(document)
  }
  return {
    documents,
    failed,
    undecodable,
    summary: summarize(documents.map((document) => document.scores)),
    missingPredictions: documents.filter((document) => !document.predictionAvailable).length,
  }
}
