import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js'
import type { OutlineEntry } from './classify.js'

/** Document-level facts read from the catalog: the metadata title and the outline. */
export interface DocumentInfo {
  title: string | undefined
  outline: OutlineEntry[]
  /**
   * Whether the producer marks the hyphens it breaks words with, so that a plain hyphen at a
   * line's end is one the text holds: a browser prints a hyphenation break as U+2010 (or a soft
   * hyphen), and a word it wraps at a compound's hyphen keeps U+002D.
   */
  marksBreakHyphens: boolean
}

/** Producers that print the hyphens of hyphenation breaks as characters of their own: Chromium. */
const BREAK_MARKING_PRODUCER = /^Skia\/PDF\b/

/**
 * Titles that authoring tools write by default and that name nothing: a placeholder, or the name
 * of the source file (a browser prints a page without a <title> under its file name or URL).
 */
const PLACEHOLDER_TITLE =
  /^(untitled|microsoft (word|powerpoint|excel)|document\d*$|slide ?\d*$|presentation\d*$|about:blank$|(https?|file):\/\/\S+$)|\.(docx?|pdf|indd|qxd|pptx?|xlsx?|rtf|txt|html?|xhtml|mht|odt|odp|ods|tex|dvi|ps|md|pub|wpd)$/i

/** Reads the metadata title (unless it is a placeholder) and flattens the outline with depths. */
export async function readDocumentInfo(document: PDFDocumentProxy): Promise<DocumentInfo> {
  const [metadata, outline] = await Promise.all([
    document.getMetadata().catch(() => undefined),
    document.getOutline().catch(() => null),
  ])
  const info = (metadata?.info ?? {}) as { Title?: unknown; Producer?: unknown }
  const marksBreakHyphens =
    typeof info.Producer === 'string' && BREAK_MARKING_PRODUCER.test(info.Producer)
  const raw = typeof info.Title === 'string' ? info.Title.replace(/\s+/g, ' ').trim() : ''
  const title = raw.length >= 3 && !PLACEHOLDER_TITLE.test(raw) ? raw : undefined
  const entries: OutlineEntry[] = []
  const destinations: OutlineDestination[] = []
  const walk = (nodes: readonly OutlineNode[] | null | undefined, depth: number) => {
    for (const node of nodes ?? []) {
      if (entries.length >= MAX_OUTLINE_ENTRIES) return
      entries.push({ title: node.title, depth })
      destinations.push(node.dest)
      walk(node.items, depth + 1)
    }
  }
  walk(outline as OutlineNode[] | null, 1)
  const pages = await Promise.all(destinations.map((dest) => destinationPage(document, dest)))
  pages.forEach((page, index) => {
    if (page !== undefined) (entries[index] as OutlineEntry).page = page
  })
  return { title, outline: entries, marksBreakHyphens }
}

/** Outline entries read at most: a larger outline is an index, not the document's sections. */
const MAX_OUTLINE_ENTRIES = 2000

type OutlineDestination = string | unknown[] | null | undefined
type OutlineNode = { title: string; dest?: OutlineDestination; items: OutlineNode[] }

/**
 * The 1-based page an outline entry leads to, when its destination names one: a heading matches
 * its entry on that page only, not a running head or an index term repeating the title elsewhere.
 */
async function destinationPage(
  document: PDFDocumentProxy,
  dest: OutlineDestination,
): Promise<number | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await document.getDestination(dest) : dest
    const target = explicit?.[0]
    if (typeof target === 'number') return target + 1
    if (typeof target !== 'object' || target === null) return undefined
    return (await document.getPageIndex(target as Parameters<typeof document.getPageIndex>[0])) + 1
  } catch {
    // A broken destination only loses the page check.
    return undefined
  }
}
