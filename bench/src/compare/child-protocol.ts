/** The tools that run in a Node child of the comparison (tool-child.ts). */
export const NODE_TOOL_IDS = ['pdfjs', 'fast', 'hybrid', 'unpdf'] as const
export type NodeToolId = (typeof NODE_TOOL_IDS)[number]

/** Whether a command-line word names a Node tool. */
export function isNodeToolId(value: unknown): value is NodeToolId {
  return (NODE_TOOL_IDS as readonly unknown[]).includes(value)
}

/**
 * The pdf.js under unpdf: its own bundled build, or pdfjs-dist's legacy build through unpdf's
 * `definePDFJSModule`. unpdf 1.6.0 bundles pdf.js 5.6, which calls `Promise.try` (Node 22 and
 * later), so on Node 20 unpdf runs on the legacy build, which is made for older runtimes.
 */
export type UnpdfPdfjs = 'bundled' | 'pdfjs-dist-legacy'

/** What the parent sends on the child's stdin, as JSON. */
export interface ChildRequest {
  files: { path: string; stem: string }[]
  /** Where `<stem>.md` goes, for tools that produce text. */
  outDir: string
  unpdfPdfjs: UnpdfPdfjs
}

/** One PDF as the child read it. */
export interface ChildDocument {
  stem: string
  pages: number
  /** Reading the file, extracting and writing the output, wall clock. */
  seconds: number
  /** Warnings the tool attached to the result (pdfx `warnings`). */
  warnings: string[]
  error?: string
}

/** The child's last stdout line, after {@link CHILD_RESULT_PREFIX}. */
export interface ChildResult {
  tool: NodeToolId
  /** From process start until the tool's code was loaded: Node, tsx and the imports. */
  readyMs: number
  /** RSS once the code is loaded, before the first PDF. */
  baselineRssBytes: number
  documents: ChildDocument[]
  /** Peak RSS over the child's own life (see ownPeakRssBytes). */
  peakRssBytes: number
}

/** Marks the result line, so stray output of a library cannot be mistaken for it. */
export const CHILD_RESULT_PREFIX = 'PDFX_COMPARE_RESULT '
