import { Command } from 'commander'
import { parseExpires, parseHttpUrl, parseSlug } from '../option-values.js'

/** Options of `pdfx links create`; commander turns `--no-notify` into `notify: false`. */
export interface CreateFlags {
  name?: string
  slug?: string
  /** ISO instant in UTC, already converted from a duration. */
  expires?: string
  notify: boolean
  download: boolean
  json?: boolean
}

/** Options of `pdfx links list` and `pdfx links revoke`. */
export interface JsonFlags {
  json?: boolean
}

/** Options of `pdfx links stats`. */
export interface StatsFlags extends JsonFlags {
  visits?: boolean
}

const HELP = `
Doc Links publish a PDF at a public URL that records who opens it and how long each page is
read. Every links command calls the hosted API through @pdfx/client and needs an API key:
"pdfx login" saves one; PDFX_API_KEY overrides it. The server is PDFX_BASE_URL, else the one
saved with "pdfx login --base-url", else http://localhost:8787.

Examples:
  pdfx links create https://example.org/q3.pdf --name "Q3 report" --expires 7d
  pdfx links create https://example.org/q3.pdf | pbcopy     the public URL only
  pdfx links list
  pdfx links stats q3-report --visits
  pdfx links revoke lnk_4kq2m7x9p3w5z8ha --json`

const CREATE_HELP = `
stdout gets the public URL alone (so it can be piped or copied); the id, slug and expiry go to
stderr. --json prints the DocLink instead: {"id","slug","link","name","expiresAt"}.

--expires takes an ISO 8601 date-time with a zone (2026-12-31T23:59:59Z, or +01:00), or a
duration from now: 30m, 12h, 7d, 2w, or combined as 1d12h. A duration becomes the instant it
ends at (UTC) before it is sent. Custom slugs (--slug) are for premium plans; on the free plan
at most 3 links are active at once.`

const STATS_HELP = `
Shows views, unique visitors and the last visit; on premium plans also countries, visitor
companies, and the average reading time per page as a bar chart. --json prints the DocLinkStats
object as the API returns it.`

/** `pdfx links ...`: create, list, stats and revoke, through the hosted API. */
export function linksCommand(): Command {
  const links = new Command('links')
    .summary('publish PDFs as tracked links, and read their analytics')
    .description('Create, list, inspect and revoke Doc Links on the hosted API (needs an API key).')
    .addHelpText('after', HELP)

  links.addCommand(
    new Command('create')
      .summary('publish a PDF as a tracked link; prints its public URL')
      .description('Publish the PDF at an http(s) URL as a Doc Link and print its public URL.')
      .argument('<url>', 'http(s) URL of the PDF (at most 25 MB)', parseHttpUrl)
      .option('--name <name>', 'display name in the library (default: the file name)')
      .option('--slug <slug>', 'custom slug, 3-64 of a-z, 0-9 and - (premium plans)', parseSlug)
      .option(
        '--expires <when>',
        'when the link stops working: a date-time with a zone, or 30m, 12h, 7d, 2w from now',
        (value: string) => parseExpires(value),
      )
      .option('--no-notify', 'no email to the account owner on the first open')
      .option('--no-download', 'the viewer does not offer the PDF for download')
      .option('--json', 'print the DocLink as JSON')
      .addHelpText('after', CREATE_HELP)
      .action(async (url: string, flags: CreateFlags) => {
        const { runLinksCreate } = await import('./links-action.js')
        process.exitCode = await runLinksCreate(url, flags)
      }),
  )

  links.addCommand(
    new Command('list')
      .summary('list your links, newest first')
      .description('List the Doc Links of your account, newest first (at most 100).')
      .option('--json', 'print {"links": [...]} as JSON')
      .action(async (flags: JsonFlags) => {
        const { runLinksList } = await import('./links-action.js')
        process.exitCode = await runLinksList(flags)
      }),
  )

  links.addCommand(
    new Command('stats')
      .summary('views, visitors, countries, companies and time per page of a link')
      .description('Show the analytics of one Doc Link, by its id (lnk_...) or slug.')
      .argument('<id|slug>', 'the link id (lnk_...) or its public slug')
      .option('--visits', 'add the recent visits')
      .option('--json', 'print the DocLinkStats as JSON')
      .addHelpText('after', STATS_HELP)
      .action(async (id: string, flags: StatsFlags) => {
        const { runLinksStats } = await import('./links-action.js')
        process.exitCode = await runLinksStats(id, flags)
      }),
  )

  links.addCommand(
    new Command('revoke')
      .summary('stop serving a link (its stats remain)')
      .description(
        'Revoke a Doc Link by its id or slug: its public URL stops working, its stats remain. Revoking again is harmless.',
      )
      .argument('<id|slug>', 'the link id (lnk_...) or its public slug')
      .option('--json', 'print {"id","slug","disabled"} as JSON')
      .action(async (id: string, flags: JsonFlags) => {
        const { runLinksRevoke } = await import('./links-action.js')
        process.exitCode = await runLinksRevoke(id, flags)
      }),
  )
  return links
}
