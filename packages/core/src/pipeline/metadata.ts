import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js'
import type { OutlineEntry } from './classify.js'

/** Document-level facts read from the catalog: the metadata title and the outline. */
export interface DocumentInfo {
  title: string | undefined
  outline: OutlineEntry[]
}

/** Titles that authoring tools write by default and that name nothing. */
const PLACEHOLDER_TITLE =
  /^(untitled|microsoft (word|powerpoint|excel)|document\d*$|slide ?\d*$|presentation\d*$)|\.(docx?|pdf|indd|qxd|pptx?|xlsx?|rtf|txt)$/i

/** Reads the metadata title (unless it is a placeholder) and flattens the outline with depths. */
export async function readDocumentInfo(document: PDFDocumentProxy): Promise<DocumentInfo> {
  const [metadata, outline] = await Promise.all([
    document.getMetadata().catch(() => undefined),
    document.getOutline().catch(() => null),
  ])
  const info = (metadata?.info ?? {}) as { Title?: unknown }
  const raw = typeof info.Title === 'string' ? info.Title.replace(/\s+/g, ' ').trim() : ''
  const title = raw.length >= 3 && !PLACEHOLDER_TITLE.test(raw) ? raw : undefined
  const entries: OutlineEntry[] = []
  type Node = { title: string; items: Node[] }
  const walk = (nodes: readonly Node[] | null | undefined, depth: number) => {
    for (const node of nodes ?? []) {
      if (entries.length >= 2000) return
      entries.push({ title: node.title, depth })
      walk(node.items, depth + 1)
    }
  }
  walk(outline as Node[] | null, 1)
  return { title, outline: entries }
}
