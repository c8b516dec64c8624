import { aptedDistance } from './apted'
import { fmean } from './fsum'
import { markdownTablesToHtml } from './markdown-tables'
import { scoreMhs } from './mhs'
import { scoreNid } from './nid'
import { scoreTeds } from './teds'
import type { TreeDistance } from './tree'

/** Scores of one document, each in [0, 1]; null where the metric does not apply to it. */
export interface DocumentScores {
  overall: number | null
  nid: number | null
  nidS: number | null
  teds: number | null
  tedsS: number | null
  mhs: number | null
  mhsS: number | null
}

/** The metric keys, in the order reports print them. */
export const METRICS = ['nid', 'nidS', 'teds', 'tedsS', 'mhs', 'mhsS', 'overall'] as const

/** One of the metric keys. */
export type Metric = (typeof METRICS)[number]

/** Options of the scorer. */
export interface ScoreOptions {
  /** Tree edit distance for TEDS and MHS: the bench's apted 1.0.3 behaviour by default. */
  treeDistance?: TreeDistance
}

/**
 * Scores predicted Markdown against the reference with the DP-Bench metrics (NID, TEDS, MHS and
 * their -S variants); overall is the mean of the applicable NID, TEDS and MHS. Throws where the
 * bench's evaluator raises (e.g. colspan="x"), and the bench then leaves the document out.
 */
export function scoreDocument(
  gtMarkdown: string,
  predMarkdown: string,
  options: ScoreOptions = {},
): DocumentScores {
  const distance = options.treeDistance ?? aptedDistance
  const gtHtml = markdownTablesToHtml(gtMarkdown)
  const predHtml = markdownTablesToHtml(predMarkdown)
  const { nid, nidS } = scoreNid(gtHtml, predHtml)
  const { teds, tedsS } = scoreTeds(gtHtml, predHtml, distance)
  const { mhs, mhsS } = scoreMhs(gtHtml, predHtml, distance)
  const parts = [nid, teds, mhs].filter((value): value is number => value !== null)
  const overall = parts.length > 0 ? fmean(parts) : null
  return { overall, nid, nidS, teds, tedsS, mhs, mhsS }
}

/** Corpus mean of one metric and the number of documents it applies to. */
export interface MetricSummary {
  mean: number | null
  count: number
}

/** Corpus means over the documents where each metric applies, as the bench computes them. */
export function summarize(documents: readonly DocumentScores[]): Record<Metric, MetricSummary> {
  const summary = {} as Record<Metric, MetricSummary>
  for (const metric of METRICS) {
    const values = documents
      .map((doc) => doc[metric])
      .filter((value): value is number => value !== null)
    summary[metric] = { mean: values.length > 0 ? fmean(values) : null, count: values.length }
  }
  return summary
}
