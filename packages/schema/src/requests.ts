import { z } from 'zod'
import {
  ChunkSchema,
  DocumentSourceSchema,
  ExtractModeSchema,
  type OutputKind,
  OutputKindSchema,
  TableSchema,
} from './document'
import { DateTimeSchema, HttpUrlSchema } from './formats'
import { LinkIdOrSlugSchema, VanitySlugSchema } from './links'

/** Chunk size, in tokens, when a request does not name one. */
export const DEFAULT_CHUNK_TOKENS = 512
/** Smallest chunk budget accepted, in tokens: below it most chunks would be a fraction of a line. */
export const MIN_CHUNK_TOKENS = 64
/** Largest chunk budget accepted, in tokens: larger chunks defeat the point of chunking. */
export const MAX_CHUNK_TOKENS = 8192
/** Outputs an extraction returns when a request does not name any. */
export const DEFAULT_OUTPUTS: readonly OutputKind[] = ['markdown', 'elements']

const ChunkTokensSchema = z
  .int()
  .min(MIN_CHUNK_TOKENS)
  .max(MAX_CHUNK_TOKENS)
  .default(DEFAULT_CHUNK_TOKENS)
  .describe('Target chunk size in tokens when chunks are requested.')

const ModeSchema = ExtractModeSchema.default('fast').describe(
  'Engine to use; `hybrid` falls back to `fast` with a warning when it is unavailable.',
)

const OutputsSchema = z
  .array(OutputKindSchema)
  .min(1)
  .refine((outputs) => new Set(outputs).size === outputs.length, {
    message: 'outputs must not repeat a value',
  })
  // The refinement is invisible to JSON Schema, so state it there as well.
  .meta({ uniqueItems: true })
  .default([...DEFAULT_OUTPUTS])

/** Body of `POST /api/v1/extract`; unknown fields are refused. */
export const ExtractRequestSchema = z.strictObject({
  url: HttpUrlSchema.describe('http(s) URL of the PDF.'),
  outputs: OutputsSchema,
  mode: ModeSchema,
  chunkTokens: ChunkTokensSchema,
})
/** An extraction request after parsing: defaults filled in. */
export type ExtractRequest = z.infer<typeof ExtractRequestSchema>
/** An extraction request as a caller writes it: everything but `url` optional. */
export type ExtractRequestInput = z.input<typeof ExtractRequestSchema>

/** Body of `POST /api/v1/links`; unknown fields are refused. */
export const CreateLinkRequestSchema = z.strictObject({
  url: HttpUrlSchema.describe('http(s) URL of the PDF, at most 25 MB.'),
  name: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Display name in the library; defaults to the file name.'),
  slug: VanitySlugSchema.optional().describe('Custom vanity slug; premium plans only.'),
  // Whether the moment is still in the future depends on the clock, so the server checks that.
  expiresAt: DateTimeSchema.optional().describe('When the link stops working; omit for never.'),
  notifyOnOpen: z.boolean().default(true).describe('Email the account owner on the first open.'),
  allowDownload: z
    .boolean()
    .default(true)
    .describe('Whether the viewer offers the PDF for download; default `true`.'),
})
/** A link creation request after parsing: defaults filled in. */
export type CreateLinkRequest = z.infer<typeof CreateLinkRequestSchema>
/** A link creation request as a caller writes it. */
export type CreateLinkRequestInput = z.input<typeof CreateLinkRequestSchema>

/**
 * Query of `GET /api/v1/links/{id}`. Unknown query parameters are dropped rather than refused:
 * caches and proxies add their own.
 */
export const StatsQuerySchema = z.object({
  include: z.literal('visits').optional().describe('`visits` adds recent visit rows.'),
})
/** Query of the stats endpoint. */
export type StatsQuery = z.infer<typeof StatsQuerySchema>

/** Input of the MCP tool `extract_pdf`: the same as the REST body. */
export const ExtractPdfInputSchema = ExtractRequestSchema
/** Parsed input of `extract_pdf`. */
export type ExtractPdfInput = z.infer<typeof ExtractPdfInputSchema>

/** Input of the MCP tool `get_chunks`. */
export const GetChunksInputSchema = z.strictObject({
  url: HttpUrlSchema.describe('http(s) URL of the PDF.'),
  chunkTokens: ChunkTokensSchema,
  mode: ModeSchema,
})
/** Parsed input of `get_chunks`. */
export type GetChunksInput = z.infer<typeof GetChunksInputSchema>

/** Input of the MCP tool `list_tables`; tables need the hybrid engine, so there is no mode. */
export const ListTablesInputSchema = z.strictObject({
  url: HttpUrlSchema.describe('http(s) URL of the PDF.'),
})
/** Parsed input of `list_tables`. */
export type ListTablesInput = z.infer<typeof ListTablesInputSchema>

/** Input of the MCP tool `create_doc_link`: the same as the REST body. */
export const CreateDocLinkInputSchema = CreateLinkRequestSchema
/** Parsed input of `create_doc_link`. */
export type CreateDocLinkInput = z.infer<typeof CreateDocLinkInputSchema>

/** Input of the MCP tool `list_doc_links`: nothing. */
export const ListDocLinksInputSchema = z.strictObject({})
/** Parsed input of `list_doc_links`. */
export type ListDocLinksInput = z.infer<typeof ListDocLinksInputSchema>

/** Input of the MCP tool `get_doc_link_stats`. */
export const GetDocLinkStatsInputSchema = z.strictObject({
  id: LinkIdOrSlugSchema,
  includeVisits: z.boolean().default(false).describe('Add recent visit rows.'),
})
/** Parsed input of `get_doc_link_stats`. */
export type GetDocLinkStatsInput = z.infer<typeof GetDocLinkStatsInputSchema>

/** Path parameters of `GET` and `DELETE /api/v1/links/{id}`. */
export const LinkPathParamsSchema = z.strictObject({ id: LinkIdOrSlugSchema })
/** Path parameters of the link item routes. */
export type LinkPathParams = z.infer<typeof LinkPathParamsSchema>

/** Input of the MCP tool `revoke_doc_link`: the link's path parameters. */
export const RevokeDocLinkInputSchema = LinkPathParamsSchema
/** Parsed input of `revoke_doc_link`. */
export type RevokeDocLinkInput = z.infer<typeof RevokeDocLinkInputSchema>

/** Result of the MCP tool `get_chunks`: the chunks, the budget used and what produced them. */
export const GetChunksResultSchema = z.strictObject({
  chunks: z.array(ChunkSchema),
  chunkTokens: z.int().min(MIN_CHUNK_TOKENS).max(MAX_CHUNK_TOKENS),
  source: DocumentSourceSchema,
  warnings: z.array(z.string()).optional(),
})
/** Result of `get_chunks`. */
export type GetChunksResult = z.infer<typeof GetChunksResultSchema>

/**
 * Result of the MCP tool `list_tables`. `warnings` says why the list is empty when the hybrid
 * engine could not run.
 */
export const ListTablesResultSchema = z.strictObject({
  tables: z.array(TableSchema),
  warnings: z.array(z.string()).optional(),
})
/** Result of `list_tables`. */
export type ListTablesResult = z.infer<typeof ListTablesResultSchema>
