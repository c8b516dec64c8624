/** One engine's published DP-Bench result, on the full 200-document set. */
export interface PublishedEngine {
  engine: string
  overall: number
  nid: number
  teds: number
  mhs: number
  /** Seconds per page on the publisher's machine, where the figure is quoted. */
  secondsPerPage: number | undefined
  note: string | undefined
}

/** Where the published figures come from; they are quoted, never measured here. */
export const PUBLISHED_SOURCE =
  'opendataloader-bench (github.com/opendataloader-project/opendataloader-bench), 200 documents, as quoted in ../shared/corpus/README.md'

/** Published results (overall / NID / TEDS / MHS), best first. */
export const PUBLISHED_DPBENCH: readonly PublishedEngine[] = [
  {
    engine: 'opendataloader hybrid',
    overall: 0.907,
    nid: 0.934,
    teds: 0.928,
    mhs: 0.821,
    secondsPerPage: 0.46,
    note: 'AI-assisted',
  },
  {
    engine: 'nutrient',
    overall: 0.885,
    nid: 0.925,
    teds: 0.708,
    mhs: 0.819,
    secondsPerPage: undefined,
    note: undefined,
  },
  {
    engine: 'docling',
    overall: 0.882,
    nid: 0.898,
    teds: 0.887,
    mhs: 0.824,
    secondsPerPage: 0.76,
    note: undefined,
  },
  {
    engine: 'marker',
    overall: 0.861,
    nid: 0.89,
    teds: 0.808,
    mhs: 0.796,
    secondsPerPage: 54,
    note: undefined,
  },
  {
    engine: 'edgeparse',
    overall: 0.837,
    nid: 0.894,
    teds: 0.717,
    mhs: 0.706,
    secondsPerPage: undefined,
    note: undefined,
  },
  {
    engine: 'opendataloader local',
    overall: 0.831,
    nid: 0.902,
    teds: 0.489,
    mhs: 0.74,
    secondsPerPage: 0.015,
    note: undefined,
  },
  {
    engine: 'pymupdf4llm',
    overall: 0.732,
    nid: 0.885,
    teds: 0.401,
    mhs: 0.412,
    secondsPerPage: undefined,
    note: undefined,
  },
]
