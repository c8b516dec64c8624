import {
  DEFAULT_CHUNK_TOKENS,
  type Element,
  ExtractedDocumentSchema,
  ExtractPdfInputSchema,
  GetChunksInputSchema,
  GetChunksResultSchema,
  ListTablesInputSchema,
  ListTablesResultSchema,
} from '@pdfx/schema'
import type { ExtractionService } from '../service/extraction-service.js'
import { renderChunks, renderDocument, renderTables, type TableElement } from './text-rendering.js'
import { defineTool, type McpTool } from './tool.js'

// Every extraction tool only reads its URL; a second call with the same URL repeats the work.
const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: true } as const

/** `extract_pdf`, `get_chunks` and `list_tables`: the extraction service behind MCP. */
export function createExtractionTools(service: ExtractionService): McpTool[] {
  return [
    defineTool({
      name: 'extract_pdf',
      title: 'Extract a PDF',
      description:
        'Fetches the PDF at `url` and extracts it into Markdown, reading-order elements and, on request, ' +
        'chunks and images (the same as POST /api/v1/extract). `mode` `hybrid` also rebuilds tables ' +
        'and bounding boxes. Only PDFs with a text layer are supported.',
      access: 'optional',
      inputSchema: ExtractPdfInputSchema,
      outputSchema: ExtractedDocumentSchema,
      annotations: { title: 'Extract a PDF', ...READ_ONLY },
      run: async (input, { caller, signal }) => {
        const document = await service.extract(caller, input, signal)
        return {
          structured: document,
          text: renderDocument(document, input.outputs.includes('markdown')),
        }
      },
    }),
    defineTool({
      name: 'get_chunks',
      title: 'Chunk a PDF',
      description:
        `Fetches the PDF at \`url\` and returns its text as chunks of at most \`chunkTokens\` tokens (default ${DEFAULT_CHUNK_TOKENS}), ` +
        'each with the page it starts on, its section heading and the ids of the elements it comes from.',
      access: 'optional',
      inputSchema: GetChunksInputSchema,
      outputSchema: GetChunksResultSchema,
      annotations: { title: 'Chunk a PDF', ...READ_ONLY },
      run: async ({ url, mode, chunkTokens }, { caller, signal }) => {
        // Only the chunks travel back, so the elements and Markdown are not asked for.
        const document = await service.extract(
          caller,
          { url, mode, chunkTokens, outputs: ['chunks'] },
          signal,
        )
        const chunks = document.chunks ?? []
        const { warnings } = document
        return {
          structured: {
            chunks,
            chunkTokens,
            source: document.source,
            ...(warnings && { warnings }),
          },
          text: renderChunks(chunks, warnings),
        }
      },
    }),
    defineTool({
      name: 'list_tables',
      title: 'List the tables of a PDF',
      description:
        'Fetches the PDF at `url`, runs the hybrid engine and returns every table as a grid of cells ' +
        'with its page, bounding box (PDF points, top-left origin) and header row count.',
      access: 'optional',
      inputSchema: ListTablesInputSchema,
      outputSchema: ListTablesResultSchema,
      annotations: { title: 'List the tables of a PDF', ...READ_ONLY },
      run: async ({ url }, { caller, signal }) => {
        const document = await service.extract(
          caller,
          { url, mode: 'hybrid', outputs: ['elements'], chunkTokens: DEFAULT_CHUNK_TOKENS },
          signal,
        )
        const tables = document.elements.filter(hasTable)
        const { warnings } = document
        return {
          structured: {
            tables: tables.map((element) => element.table),
            ...(warnings && { warnings }),
          },
          text: renderTables(tables, warnings),
        }
      },
    }),
  ]
}

function hasTable(element: Element): element is TableElement {
  return element.type === 'table' && element.table !== undefined
}
