import {
  type Chunk,
  DEFAULT_OUTPUTS,
  type ExtractedDocument,
  ExtractedDocumentSchema,
  type ExtractedImage,
  type ExtractRequestInput,
  type OutputKind,
} from '@pdfx/schema'
import { type RequestOptions, type ResponseSchema, send, type Transport } from './http.js'

/** Outputs of an extraction that names none: `markdown` and `elements`. */
export type DefaultOutputs = readonly ['markdown', 'elements']

/** Body of an extraction: `url`, and optionally `outputs`, `mode` and `chunkTokens`. */
export type ExtractParams<O extends readonly OutputKind[] = readonly OutputKind[]> = Omit<
  ExtractRequestInput,
  'outputs'
> & {
  /** What to return; `markdown` and `elements` when left out. */
  outputs?: O
}

// 'yes' for a literal list that names the output, 'no' for one that does not, and 'maybe' for a
// list only known as OutputKind[] at compile time.
type Requested<O extends readonly OutputKind[], K extends OutputKind> = number extends O['length']
  ? 'maybe'
  : K extends O[number]
    ? 'yes'
    : 'no'

type Optional<O extends readonly OutputKind[], K extends OutputKind, V> = {
  yes: { [P in K]: V }
  no: { [P in K]?: undefined }
  maybe: { [P in K]?: V }
}[Requested<O, K>]

type Flatten<T> = { [K in keyof T]: T[K] } & {}

/**
 * An ExtractedDocument whose `chunks` and `images` are typed by the outputs asked for: present
 * when requested by a literal list, absent when not, optional when the list is not known.
 */
export type ExtractResult<O extends readonly OutputKind[] = DefaultOutputs> = Flatten<
  Omit<ExtractedDocument, 'chunks' | 'images'> &
    Optional<O, 'chunks', Chunk[]> &
    Optional<O, 'images', ExtractedImage[]>
>

/** `POST /api/v1/extract`. */
export function extractDocument<O extends readonly OutputKind[]>(
  transport: Transport,
  params: ExtractParams<O>,
  options?: RequestOptions,
): Promise<ExtractResult<O>> {
  const outputs: readonly OutputKind[] = params.outputs ?? DEFAULT_OUTPUTS
  return send(
    transport,
    {
      method: 'POST',
      path: '/api/v1/extract',
      body: params,
      schema: documentWith(outputs) as ResponseSchema<ExtractResult<O>>,
      retry: 'unprocessed',
    },
    options,
  )
}

/**
 * ExtractedDocumentSchema, plus the promise ExtractResult makes: every requested list of chunks
 * or images is present (possibly empty).
 */
function documentWith(outputs: readonly OutputKind[]): ResponseSchema<ExtractedDocument> {
  return {
    safeParse(value) {
      const parsed = ExtractedDocumentSchema.safeParse(value)
      if (!parsed.success) return parsed
      const missing = (['chunks', 'images'] as const).filter(
        (kind) => outputs.includes(kind) && parsed.data[kind] === undefined,
      )
      if (missing.length === 0) return parsed
      const issues = missing.map((kind) => ({
        path: [kind],
        message: `${kind} were requested but are missing`,
      }))
      return { success: false, error: { issues } }
    },
  }
}
