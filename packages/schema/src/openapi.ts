import { z } from 'zod'
import {
  BBoxSchema,
  ChunkSchema,
  ConfidenceSchema,
  DocumentSourceSchema,
  ElementSchema,
  ElementTypeSchema,
  ExtractedDocumentSchema,
  ExtractedImageSchema,
  ExtractModeSchema,
  OutputKindSchema,
  TableCellSchema,
  TableSchema,
} from './document'
import { ErrorBodySchema, type ErrorCode, ErrorCodeSchema } from './errors'
import { HealthSchema } from './health'
import {
  DocLinkListItemSchema,
  DocLinkListSchema,
  DocLinkRevokedSchema,
  DocLinkSchema,
  DocLinkStatsSchema,
  LinkIdOrSlugSchema,
  PlanSchema,
  VisitSchema,
} from './links'
import { CreateLinkRequestSchema, ExtractRequestSchema, StatsQuerySchema } from './requests'

/** Version of the interface the document describes (SPEC section 9). */
export const API_VERSION = '1.1.0'

/** A JSON Schema or OpenAPI object as plain JSON. */
export type JsonObject = { [key: string]: unknown }

/** The OpenAPI 3.1 document of the REST API, as plain JSON. */
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  tags: { name: string; description: string }[]
  paths: Record<string, JsonObject>
  components: {
    schemas: Record<string, JsonObject>
    responses: Record<string, JsonObject>
    headers: Record<string, JsonObject>
    securitySchemes: Record<string, JsonObject>
  }
}

// Named components, in the order they appear in the document. Each zod object is registered once;
// anything not listed here is inlined where it is used.
const components: Record<string, z.ZodType> = {
  ExtractRequest: ExtractRequestSchema,
  OutputKind: OutputKindSchema,
  ExtractMode: ExtractModeSchema,
  ExtractedDocument: ExtractedDocumentSchema,
  DocumentSource: DocumentSourceSchema,
  Confidence: ConfidenceSchema,
  Element: ElementSchema,
  ElementType: ElementTypeSchema,
  BBox: BBoxSchema,
  Table: TableSchema,
  TableCell: TableCellSchema,
  Chunk: ChunkSchema,
  ExtractedImage: ExtractedImageSchema,
  CreateLinkRequest: CreateLinkRequestSchema,
  LinkIdOrSlug: LinkIdOrSlugSchema,
  DocLink: DocLinkSchema,
  DocLinkListItem: DocLinkListItemSchema,
  DocLinkList: DocLinkListSchema,
  Plan: PlanSchema,
  DocLinkStats: DocLinkStatsSchema,
  Visit: VisitSchema,
  DocLinkRevoked: DocLinkRevokedSchema,
  ErrorCode: ErrorCodeSchema,
  ErrorBody: ErrorBodySchema,
  Health: HealthSchema,
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

type JsonSchema = z.core.JSONSchema.JSONSchema

// `io: 'input'` describes what travels on the wire: before defaults are filled in on the way in,
// and exactly what the server sends on the way out (responses have no defaults or transforms).
const jsonSchemaOptions = {
  io: 'input',
  // z.int() states the safe-integer range on every integer; it says nothing a reader needs.
  override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
  },
} as const

function buildComponentSchemas(): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    ...jsonSchemaOptions,
    uri: (id) => ref(id).$ref,
  })
  // Shared definitions only appear for recursive schemas; none of ours is, and OpenAPI would
  // need them moved into components.
  if ('__shared' in schemas) throw new Error('unexpected shared JSON Schema definitions')
  const result: Record<string, JsonObject> = {}
  for (const [id, schema] of Object.entries(schemas)) {
    // Components live inside one document, so per-schema dialect and id markers do not belong.
    const { $schema: _dialect, $id: _id, ...rest } = schema
    result[id] = rest
  }
  return result
}

function queryParameters(schema: z.ZodObject): JsonObject[] {
  const json = z.toJSONSchema(schema, jsonSchemaOptions)
  const required = json.required ?? []
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = typeof property === 'object' ? property : {}
    return {
      name,
      in: 'query',
      required: required.includes(name),
      description,
      schema: propertySchema,
    }
  })
}

const json = (schema: JsonObject) => ({ 'application/json': { schema } })

function ok(description: string, component: string): JsonObject {
  return { description, content: json(ref(component)) }
}

function failure(description: string, codes: ErrorCode[]): JsonObject {
  const list = codes.map((code) => `\`${code}\``).join(', ')
  return { description: `${description} Error code: ${list}.`, content: json(ref('ErrorBody')) }
}

const rateLimited = { $ref: '#/components/responses/RateLimited' }
const serverError = { $ref: '#/components/responses/ServerError' }

const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Doc Link item id or its public slug; must belong to the key’s account.',
  schema: ref('LinkIdOrSlug'),
}

const requireKey = [{ bearerAuth: [] }]
// An empty requirement object makes the key optional (anonymous trial extraction).
const optionalKey = [{}, { bearerAuth: [] }]

const invalidRequest = failure('Invalid request: bad JSON, body or URL.', [
  'invalid_request',
  'url_not_allowed',
])
const unauthorized = (when: string) => failure(when, ['unauthorized'])
const noJsonContentType = failure(
  'Request without `content-type: application/json`, refused by request-forgery protection.',
  ['forbidden'],
)
const notFound = failure('No Doc Link with that id or slug on this account.', ['not_found'])
const pdfTooLarge = failure('The PDF exceeds 25 MB.', ['pdf_too_large'])
const notAPdf = failure('The resource fetched is not a PDF.', ['not_a_pdf'])
const fetchFailed = failure('The PDF could not be fetched from its origin.', ['fetch_failed'])
const missingOrBadKey = unauthorized('Missing, unknown or revoked API key.')

function buildPaths(): Record<string, JsonObject> {
  return {
    '/health': {
      get: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Report whether the server can take requests',
        security: [],
        responses: {
          200: ok('The server is up.', 'Health'),
          503: failure('The server cannot take requests right now.', ['unavailable']),
        },
      },
    },
    '/api/v1/extract': {
      post: {
        operationId: 'extractPdf',
        tags: ['extraction'],
        summary: 'Extract a PDF into Markdown, elements, chunks and images',
        description:
          'Fetches the PDF, extracts it in memory and discards it. Works without a key as an ' +
          'anonymous trial (25 extractions per day per IP).',
        security: optionalKey,
        requestBody: { required: true, content: json(ref('ExtractRequest')) },
        responses: {
          200: ok('The extracted document.', 'ExtractedDocument'),
          400: invalidRequest,
          401: unauthorized('An API key was sent but is unknown or revoked.'),
          402: failure('Monthly page quota used up and no credits left.', ['quota_exceeded']),
          403: noJsonContentType,
          413: pdfTooLarge,
          415: notAPdf,
          422: failure('The PDF cannot be extracted.', [
            'pdf_encrypted',
            'pdf_damaged',
            'pdf_too_complex',
          ]),
          424: fetchFailed,
          429: rateLimited,
          '5XX': serverError,
        },
      },
    },
    '/api/v1/links': {
      post: {
        operationId: 'createDocLink',
        tags: ['doc-links'],
        summary: 'Publish a PDF as a tracked Doc Link',
        description: 'Stores the PDF in the account library until the link is revoked or deleted.',
        security: requireKey,
        requestBody: { required: true, content: json(ref('CreateLinkRequest')) },
        responses: {
          200: ok('The new Doc Link.', 'DocLink'),
          400: failure('Invalid request: bad JSON, URL, slug or `expiresAt`.', [
            'invalid_request',
            'url_not_allowed',
          ]),
          401: missingOrBadKey,
          402: failure(
            'Free-plan active-link limit reached, or a vanity slug requested without premium.',
            ['plan_limit'],
          ),
          403: noJsonContentType,
          409: failure('The vanity slug is already taken.', ['slug_taken']),
          413: pdfTooLarge,
          415: notAPdf,
          424: fetchFailed,
          429: rateLimited,
          '5XX': serverError,
        },
      },
      get: {
        operationId: 'listDocLinks',
        tags: ['doc-links'],
        summary: 'List the account’s Doc Links, newest first (at most 100)',
        security: requireKey,
        responses: {
          200: ok('The account’s Doc Links.', 'DocLinkList'),
          401: missingOrBadKey,
          429: rateLimited,
          '5XX': serverError,
        },
      },
    },
    '/api/v1/links/{id}': {
      parameters: [idParameter],
      get: {
        operationId: 'getDocLinkStats',
        tags: ['doc-links'],
        summary: 'Read the analytics of a Doc Link',
        description:
          'The summary is always present; countries, companies and pages only on premium ' +
          'plans; visits only with `include=visits`.',
        security: requireKey,
        parameters: queryParameters(StatsQuerySchema),
        responses: {
          200: ok('The Doc Link and its analytics.', 'DocLinkStats'),
          400: failure('Invalid query parameter.', ['invalid_request']),
          401: missingOrBadKey,
          404: notFound,
          429: rateLimited,
          '5XX': serverError,
        },
      },
      delete: {
        operationId: 'revokeDocLink',
        tags: ['doc-links'],
        summary: 'Revoke a Doc Link (idempotent)',
        description:
          'The request must carry `content-type: application/json`. The public URL stops ' +
          'serving; the item and its analytics stay in the library.',
        security: requireKey,
        responses: {
          200: ok('The link is disabled.', 'DocLinkRevoked'),
          401: missingOrBadKey,
          403: noJsonContentType,
          404: notFound,
          429: rateLimited,
          '5XX': serverError,
        },
      },
    },
  }
}

/** Builds the OpenAPI 3.1 document of the REST API from the schemas; the server serves it as is. */
export function buildOpenApiDocument(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'pdfx API',
      version: API_VERSION,
      description:
        'Extract text-layer PDFs into Markdown, reading-order elements, chunks and tables, and ' +
        'publish PDFs as tracked Doc Links. The same operations are offered over MCP at /api/mcp.',
    },
    tags: [
      { name: 'extraction', description: 'PDF to Markdown, elements, chunks and images.' },
      { name: 'doc-links', description: 'Tracked share links and their analytics.' },
      { name: 'health', description: 'Liveness of the server.' },
    ],
    paths: buildPaths(),
    components: {
      schemas: buildComponentSchemas(),
      responses: {
        RateLimited: {
          description: 'Rate limit reached; retry after the number of seconds in Retry-After.',
          headers: {
            'Retry-After': { $ref: '#/components/headers/Retry-After' },
            'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
            RateLimit: { $ref: '#/components/headers/RateLimit' },
          },
          content: json(ref('ErrorBody')),
        },
        ServerError: {
          description: 'Server failure. Error code: `internal`, `unavailable`.',
          content: json(ref('ErrorBody')),
        },
      },
      headers: {
        'Retry-After': {
          description: 'Whole seconds to wait before retrying.',
          required: true,
          schema: { type: 'integer', minimum: 0 },
        },
        'RateLimit-Policy': {
          description:
            'The limit that applied (IETF RateLimit header fields draft), e.g. `"minute";q=10;w=60`.',
          schema: { type: 'string' },
        },
        RateLimit: {
          description:
            'What is left of that limit (IETF RateLimit header fields draft), e.g. `"minute";r=0;t=42`.',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'API key (`pdfx_...`) from the account settings.',
        },
      },
    },
  }
}
