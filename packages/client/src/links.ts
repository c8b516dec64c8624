import {
  type CreateLinkRequestInput,
  type DocLink,
  type DocLinkList,
  DocLinkListSchema,
  type DocLinkRevoked,
  DocLinkRevokedSchema,
  DocLinkSchema,
  type DocLinkStats,
  DocLinkStatsSchema,
  PdfxError,
} from '@pdfx/schema'
import { type RequestOptions, send, type Transport } from './http.js'

/** Options of `links.get`. */
export interface GetLinkOptions extends RequestOptions {
  /** Adds the recent visit rows (`visits`) to the stats. */
  includeVisits?: boolean | undefined
}

/** The Doc Link operations (all need an API key), reached as `pdfx.links`. */
export class PdfxLinks {
  readonly #transport: Transport

  /** @internal Created by `Pdfx`; not meant to be built on its own. */
  constructor(transport: Transport) {
    this.#transport = transport
  }

  /**
   * `POST /api/v1/links`: publishes the PDF at `url` as a tracked link. Never retried: the server
   * takes no idempotency key, so a repeat after a lost answer could publish a second link.
   */
  create(request: CreateLinkRequestInput, options?: RequestOptions): Promise<DocLink> {
    return send(
      this.#transport,
      {
        method: 'POST',
        path: '/api/v1/links',
        body: request,
        schema: DocLinkSchema,
        retry: 'never',
      },
      options,
    )
  }

  /** `GET /api/v1/links`: the account's links, newest first, at most 100. */
  list(options?: RequestOptions): Promise<DocLinkList> {
    return send(
      this.#transport,
      { method: 'GET', path: '/api/v1/links', schema: DocLinkListSchema, retry: 'idempotent' },
      options,
    )
  }

  /** `GET /api/v1/links/{id}`: analytics of one link, by item id (`lnk_...`) or public slug. */
  async get(idOrSlug: string, options: GetLinkOptions = {}): Promise<DocLinkStats> {
    const query = options.includeVisits ? '?include=visits' : ''
    return send(
      this.#transport,
      {
        method: 'GET',
        path: `${linkPath(idOrSlug)}${query}`,
        schema: DocLinkStatsSchema,
        retry: 'idempotent',
      },
      options,
    )
  }

  /** `DELETE /api/v1/links/{id}`: disables the link; repeating it is harmless, so it is retried. */
  async revoke(idOrSlug: string, options?: RequestOptions): Promise<DocLinkRevoked> {
    return send(
      this.#transport,
      {
        method: 'DELETE',
        path: linkPath(idOrSlug),
        // The server wants a JSON content type on DELETE, and a JSON content type wants a body.
        body: {},
        schema: DocLinkRevokedSchema,
        retry: 'idempotent',
      },
      options,
    )
  }
}

function linkPath(idOrSlug: string): string {
  // An empty id would turn `/links/` into another route; say so before sending anything.
  if (idOrSlug === '') throw new PdfxError('invalid_request', 'A link id or slug is required')
  return `/api/v1/links/${encodeURIComponent(idOrSlug)}`
}
