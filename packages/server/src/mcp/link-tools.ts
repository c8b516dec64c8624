import {
  CreateDocLinkInputSchema,
  DocLinkListSchema,
  DocLinkRevokedSchema,
  DocLinkSchema,
  DocLinkStatsSchema,
  GetDocLinkStatsInputSchema,
  ListDocLinksInputSchema,
  PdfxError,
  RevokeDocLinkInputSchema,
} from '@pdfx/schema'
import type { AccountCaller, LinkService } from '../links/link-service.js'
import type { Caller } from '../service/extraction-service.js'
import { renderLinkList, renderLinkStats } from './link-rendering.js'
import { defineTool, type McpTool } from './tool.js'

/** `create_doc_link`, `list_doc_links`, `get_doc_link_stats`, `revoke_doc_link`: REST's rules. */
export function createLinkTools(links: LinkService): McpTool[] {
  return [
    defineTool({
      name: 'create_doc_link',
      title: 'Publish a PDF as a tracked Doc Link',
      description:
        'Fetches the PDF at `url`, stores it and publishes it at a public link `/d/<slug>` whose ' +
        'viewer records views, unique visitors and reading time per page (the same as ' +
        'POST /api/v1/links). `slug` (custom) is for pro plans; the free plan holds 3 active links.',
      access: 'account',
      inputSchema: CreateDocLinkInputSchema,
      outputSchema: DocLinkSchema,
      annotations: { title: 'Publish a PDF', openWorldHint: true },
      run: async (input, { caller, signal }) => {
        const link = await links.create(accountOf(caller), input, signal)
        const expiry = link.expiresAt ? `, expires ${link.expiresAt}` : ''
        return {
          structured: link,
          text: [`Published "${link.name}" at ${link.link} (id ${link.id}${expiry}).`],
        }
      },
    }),
    defineTool({
      name: 'list_doc_links',
      title: 'List Doc Links',
      description:
        "The account's Doc Links, newest first (at most 100), with views, last view and whether " +
        'each is disabled (the same as GET /api/v1/links).',
      access: 'account',
      inputSchema: ListDocLinksInputSchema,
      outputSchema: DocLinkListSchema,
      annotations: { title: 'List Doc Links', readOnlyHint: true, openWorldHint: false },
      run: async (_input, { caller }) => {
        const list = await links.list(accountOf(caller))
        return { structured: list, text: [renderLinkList(list)] }
      },
    }),
    defineTool({
      name: 'get_doc_link_stats',
      title: 'Read the statistics of a Doc Link',
      description:
        'Views, unique visitors and the last visit of a Doc Link given by id or slug; on pro plans ' +
        'also countries, companies and average reading time per page; `includeVisits` adds the ' +
        'recent visits (the same as GET /api/v1/links/{id}).',
      access: 'account',
      inputSchema: GetDocLinkStatsInputSchema,
      outputSchema: DocLinkStatsSchema,
      annotations: { title: 'Doc Link statistics', readOnlyHint: true, openWorldHint: false },
      run: async ({ id, includeVisits }, { caller }) => {
        const stats = await links.stats(accountOf(caller), id, { includeVisits })
        return { structured: stats, text: [renderLinkStats(stats)] }
      },
    }),
    defineTool({
      name: 'revoke_doc_link',
      title: 'Revoke a Doc Link',
      description:
        'Disables a Doc Link given by id or slug: its public URL stops serving at once; the item ' +
        'and its statistics stay. Repeating it changes nothing (the same as DELETE /api/v1/links/{id}).',
      access: 'account',
      inputSchema: RevokeDocLinkInputSchema,
      outputSchema: DocLinkRevokedSchema,
      annotations: {
        title: 'Revoke a Doc Link',
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
      run: async ({ id }, { caller }) => {
        const revoked = await links.revoke(accountOf(caller), id)
        return {
          structured: revoked,
          text: [`Revoked ${revoked.id} (/d/${revoked.slug}); it no longer serves.`],
        }
      },
    }),
  ]
}

// `access: 'account'` refuses anonymous callers before `run`; this narrows the type.
function accountOf(caller: Caller): AccountCaller {
  if (caller.kind !== 'account') throw new PdfxError('unauthorized', 'An API key is required')
  return caller
}
