import { z } from 'zod'

/** Value of `schemaVersion` on every ExtractedDocument this package describes. */
export const SCHEMA_VERSION = '1.0'

/** What an extraction request may ask for; `markdown` and `elements` are the default. */
export const OutputKindSchema = z.enum(['markdown', 'elements', 'chunks', 'images'])
/** One of `markdown`, `elements`, `chunks`, `images`. */
export type OutputKind = z.infer<typeof OutputKindSchema>

/** Extraction engine: `fast` (prose only, the default) or `hybrid` (tables, boxes, images). */
export const ExtractModeSchema = z.enum(['fast', 'hybrid'])
/** `fast` or `hybrid`. */
export type ExtractMode = z.infer<typeof ExtractModeSchema>

/** Element id: `el_` and a counter of at least four digits, from `el_0001` in reading order. */
export const ElementIdSchema = z.string().regex(/^el_\d{4,}$/)
/** Chunk id: `ch_` and a counter of at least four digits, from `ch_0001`. */
export const ChunkIdSchema = z.string().regex(/^ch_\d{4,}$/)
/** Image id: `img_` and a counter of at least four digits; markdown references it as `![](img_0001)`. */
export const ImageIdSchema = z.string().regex(/^img_\d{4,}$/)

// Pages are numbered the way readers number them, so links like `#page=3` line up.
const PageNumberSchema = z.int().min(1).describe('1-based page number.')
const CountSchema = z.int().min(0)

/** `[left, top, right, bottom]` in PDF points, origin at the top-left of the page, y downward. */
export const BBoxSchema = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  // A box with top > bottom usually means bottom-left (PDF native) coordinates leaked through.
  .refine(([left, top, right, bottom]) => right >= left && bottom >= top, {
    message: 'bbox must be [left, top, right, bottom] with right >= left and bottom >= top',
  })
  .describe('[left, top, right, bottom] in PDF points; origin top-left of the page, y grows down.')
/** `[left, top, right, bottom]` in PDF points, top-left origin. */
export type BBox = z.infer<typeof BBoxSchema>

const PageSizeSchema = z
  .tuple([z.number().positive(), z.number().positive()])
  .describe('[width, height] of a page in PDF points.')

/** One cell of a table; a spanned area is a single cell at its top-left grid position. */
export const TableCellSchema = z.strictObject({
  row: CountSchema.describe('0-based row index of the top-left grid position.'),
  column: CountSchema.describe('0-based column index of the top-left grid position.'),
  rowSpan: z.int().min(1),
  colSpan: z.int().min(1),
  text: z.string(),
  bbox: BBoxSchema,
})
/** One table cell. */
export type TableCell = z.infer<typeof TableCellSchema>

/** A reconstructed table (hybrid engine only): grid size, header rows and row-major cells. */
export const TableSchema = z
  .strictObject({
    page: PageNumberSchema,
    bbox: BBoxSchema,
    rows: z.int().min(1),
    columns: z.int().min(1),
    headerRows: CountSchema.describe('How many leading rows are column headers.'),
    cells: z.array(TableCellSchema).describe('Row-major; a spanned area is one cell.'),
  })
  .superRefine((table, ctx) => {
    if (table.headerRows > table.rows) {
      ctx.addIssue({ code: 'custom', path: ['headerRows'], message: 'headerRows exceeds rows' })
    }
    let previous = -1
    table.cells.forEach((cell, index) => {
      if (cell.row + cell.rowSpan > table.rows || cell.column + cell.colSpan > table.columns) {
        ctx.addIssue({
          code: 'custom',
          path: ['cells', index],
          message: 'cell lies outside the grid',
        })
      }
      // Row-major order is what renderers and `list_tables` consumers rely on to rebuild rows.
      const position = cell.row * table.columns + cell.column
      if (position <= previous) {
        ctx.addIssue({ code: 'custom', path: ['cells', index], message: 'cells must be row-major' })
      }
      previous = position
    })
  })
/** A structured table with its page and bounding box. */
export type Table = z.infer<typeof TableSchema>

/** Kind of a reading-order block; `header` and `footer` are page furniture, left out of markdown. */
export const ElementTypeSchema = z.enum([
  'heading',
  'paragraph',
  'list',
  'table',
  'image',
  'caption',
  'footnote',
  'code',
  'formula',
  'header',
  'footer',
])
/** Kind of a reading-order block. */
export type ElementType = z.infer<typeof ElementTypeSchema>

/**
 * A reading-order block. One object type with optional fields (not a union) so the engine can
 * build it field by field; the refinement below keeps the fields consistent with `type`.
 */
export const ElementSchema = z
  .strictObject({
    id: ElementIdSchema,
    type: ElementTypeSchema,
    page: PageNumberSchema,
    text: z.string().describe('Plain text of the block.'),
    level: z.int().min(1).max(6).optional().describe('Heading level 1-6; headings only.'),
    bbox: BBoxSchema.optional().describe('Hybrid engine only.'),
    table: TableSchema.optional().describe('Type `table` with the hybrid engine only.'),
    items: z.array(z.string()).optional().describe('List items; type `list` only.'),
    continued: z
      .boolean()
      .optional()
      .describe('Type `table` only: this table continues the one on the previous page.'),
  })
  .superRefine((element, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message })
    if (element.type === 'heading' && element.level === undefined) {
      issue('level', 'a heading needs a level')
    }
    if (element.type !== 'heading' && element.level !== undefined) {
      issue('level', 'only headings have a level')
    }
    if (element.type === 'list' && element.items === undefined) {
      issue('items', 'a list needs items')
    }
    if (element.type !== 'list' && element.items !== undefined) {
      issue('items', 'only lists have items')
    }
    if (element.type !== 'table' && element.table !== undefined) {
      issue('table', 'only table elements carry a table')
    }
    if (element.type !== 'table' && element.continued !== undefined) {
      issue('continued', 'only table elements can be continued')
    }
    if (element.table !== undefined && element.table.page !== element.page) {
      issue('table', 'table.page differs from the element page')
    }
  })
/** A reading-order block of the document. */
export type Element = z.infer<typeof ElementSchema>

/** A piece of the document sized to a token budget, with its section heading and source elements. */
export const ChunkSchema = z.strictObject({
  id: ChunkIdSchema,
  text: z.string(),
  tokens: CountSchema.describe('Token count (tiktoken o200k_base).'),
  page: PageNumberSchema.describe('Page the chunk starts on.'),
  section: z.string().describe('Heading of the section the chunk belongs to; empty before any.'),
  elementIds: z.array(ElementIdSchema).min(1),
})
/** A token-sized piece of the document. */
export type Chunk = z.infer<typeof ChunkSchema>

/** An image found on a page (hybrid engine only), re-encoded as PNG. */
export const ExtractedImageSchema = z.strictObject({
  id: ImageIdSchema,
  page: PageNumberSchema,
  bbox: BBoxSchema,
  width: z.int().min(1).describe('Pixels.'),
  height: z.int().min(1).describe('Pixels.'),
  mimeType: z.literal('image/png'),
  data: z.base64().describe('PNG bytes, base64-encoded.'),
})
/** An image extracted from a page. */
export type ExtractedImage = z.infer<typeof ExtractedImageSchema>

/** The engine's own scores in [0, 1]; a low `tables` score means "retry with hybrid". */
export const ConfidenceSchema = z.strictObject({
  overall: z.number().min(0).max(1),
  tables: z.number().min(0).max(1),
  layout: z.number().min(0).max(1),
})
/** Confidence scores, each in [0, 1]. */
export type Confidence = z.infer<typeof ConfidenceSchema>

/** Which engine produced the document, and the page count and sizes of the processed PDF. */
export const DocumentSourceSchema = z
  .strictObject({
    engine: z.string().min(1).describe('Engine that produced the result: `fast` or `hybrid`.'),
    pages: CountSchema.describe('Page count of the processed PDF.'),
    pageSizes: z.array(PageSizeSchema).optional().describe('[width, height] per page, in order.'),
  })
  .refine((source) => source.pageSizes === undefined || source.pageSizes.length === source.pages, {
    path: ['pageSizes'],
    message: 'pageSizes needs one entry per page',
  })
/** Engine and page facts of an extraction. */
export type DocumentSource = z.infer<typeof DocumentSourceSchema>

/** The one result of extraction (`schemaVersion` 1.0), shared by both engines. */
export const ExtractedDocumentSchema = z
  .strictObject({
    schemaVersion: z.literal(SCHEMA_VERSION),
    id: z.string().min(1),
    source: DocumentSourceSchema,
    confidence: ConfidenceSchema,
    title: z.string().min(1).optional(),
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .optional()
      .describe('ISO 639-1 code, lowercase.'),
    markdown: z.string(),
    elements: z.array(ElementSchema),
    chunks: z.array(ChunkSchema).optional(),
    images: z.array(ExtractedImageSchema).optional(),
    warnings: z.array(z.string()).optional().describe('E.g. why hybrid fell back to fast.'),
  })
  .superRefine((document, ctx) => {
    // Cross-references only the whole document can check; each catches a real engine slip.
    const seen = new Set<string>()
    document.elements.forEach((element, index) => {
      if (seen.has(element.id)) {
        ctx.addIssue({ code: 'custom', path: ['elements', index, 'id'], message: 'duplicate id' })
      }
      seen.add(element.id)
    })
    const checkPage = (page: number, path: (string | number)[]) => {
      if (page > document.source.pages) {
        ctx.addIssue({ code: 'custom', path, message: 'page beyond source.pages' })
      }
    }
    for (const key of ['elements', 'chunks', 'images'] as const) {
      document[key]?.forEach((item, index) => {
        checkPage(item.page, [key, index])
      })
    }
  })
/** The canonical extraction result. */
export type ExtractedDocument = z.infer<typeof ExtractedDocumentSchema>
