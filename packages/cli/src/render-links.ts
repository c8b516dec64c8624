import type { DocLink, DocLinkListItem, DocLinkStats, Visit } from '@pdfx/schema'
import CliTable from 'cli-table3'
import { fitColumnWidths, MIN_COLUMN_WIDTH, PADDING } from './column-widths.js'

// Human output of `pdfx links`: tables drawn by cli-table3 and a bar chart of characters. No
// colours anywhere, so the same text reads the same on a terminal, in a pipe and in a log;
// `--json` is the form for scripts.

/** What a link is now: revoked wins over expired, as on the server. */
export type LinkState = 'active' | 'revoked' | 'expired'

/** How one rendering fits the screen. */
export interface RenderOptions {
  /** Now, in milliseconds since the epoch: decides whether a link has expired. */
  nowMs: number
  /** Terminal width in characters; undefined off a terminal (rows are never wrapped then). */
  width?: number | undefined
}

/** The state of a link at `nowMs`. */
export function linkState(
  link: { disabled: boolean; expiresAt?: string | null | undefined },
  nowMs: number,
): LinkState {
  if (link.disabled) return 'revoked'
  if (link.expiresAt && Date.parse(link.expiresAt) <= nowMs) return 'expired'
  return 'active'
}

/** An instant as `2026-03-10 08:00`, in UTC (headers and labels say so); `-` for none. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '-'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toISOString().slice(0, 16).replace('T', ' ')
}

/** A duration for people: `4.2 s`, `3 min 07 s`, `2 h 05 min`. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  if (seconds < 3600) {
    return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
  }
  const minutes = Math.round(seconds / 60)
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}

/** Lines for stderr after `links create` (stdout carries only the public URL). */
export function renderCreated(link: DocLink): string {
  const expires = link.expiresAt ? `${formatInstant(link.expiresAt)} UTC` : 'never'
  return [
    `pdfx: created Doc Link "${link.name}"`,
    `  id       ${link.id}`,
    `  slug     ${link.slug}`,
    `  expires  ${expires}`,
    '',
  ].join('\n')
}

/** `links list`: one row per link, newest first as the server sends them. */
export function renderLinkList(links: readonly DocLinkListItem[], options: RenderOptions): string {
  return `${drawTable(
    ['Name', 'Link', 'Views', 'Last view (UTC)', 'State', 'Created (UTC)'],
    links.map((link) => [
      link.name,
      link.link,
      link.totalViews,
      formatInstant(link.lastViewAt),
      linkState(link, options.nowMs),
      formatInstant(link.createdAt),
    ]),
    { right: [2], width: options.width },
  )}\n`
}

/**
 * `links stats`: the summary, then what the plan includes (countries, companies, the time per
 * page as a bar chart), the recent visits when asked for, and the upgrade note on free plans.
 */
export function renderLinkStats(stats: DocLinkStats, options: RenderOptions): string {
  const state = linkState(stats, options.nowMs)
  const expiry = stats.expiresAt
    ? ` (${state === 'expired' ? 'since' : 'until'} ${formatInstant(stats.expiresAt)} UTC)`
    : ''
  const lastVisit = stats.lastVisit ? `${formatInstant(stats.lastVisit)} UTC` : 'never'
  const sections = [
    [
      stats.name,
      `  Link        ${stats.link}`,
      `  Id          ${stats.id}`,
      `  State       ${state}${state === 'revoked' ? '' : expiry}`,
      `  Plan        ${stats.plan}`,
      `  Views       ${stats.totalViews}`,
      `  Visitors    ${stats.visitors}`,
      `  Last visit  ${lastVisit}`,
    ].join('\n'),
  ]
  const { countries, companies, pages } = stats
  if (countries) {
    sections.push(
      countries.length === 0
        ? 'Countries: none recorded'
        : `Countries\n${drawTable(
            ['Country', 'Visits'],
            countries.map((row) => [row.country, row.visits]),
            { right: [1], width: options.width },
          )}`,
    )
  }
  if (companies) {
    sections.push(
      companies.length === 0
        ? 'Companies: none recognised'
        : `Companies\n${drawTable(
            ['Company', 'Visits'],
            companies.map((row) => [row.company, row.visits]),
            { right: [1], width: options.width },
          )}`,
    )
  }
  if (pages) {
    sections.push(
      pages.length === 0
        ? 'Time per page: no page viewed yet'
        : `Time per page (average per view)\n${renderDwellChart(pages, options.width ?? 80)}`,
    )
  }
  if (stats.visits) {
    sections.push(
      stats.visits.length === 0
        ? 'Recent visits: none'
        : `Recent visits\n${renderVisits(stats.visits, options.width)}`,
    )
  }
  if (stats.upgradeNote) sections.push(stats.upgradeNote)
  return `${sections.join('\n\n')}\n`
}

/** Partial blocks by eighths of a character, from none to seven eighths. */
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']
/** Bars never get narrower than this, however narrow the terminal, nor wider than the other. */
const MIN_BAR_WIDTH = 10
const MAX_BAR_WIDTH = 60

/**
 * Average dwell per page as horizontal bars of block characters, the longest filling the space
 * the labels leave in `width`; each bar is drawn to an eighth of a character. One line per page:
 * `  page  2  ██████▌      3.1 s  2 views`.
 */
export function renderDwellChart(
  pages: readonly { page: number; views: number; avgMs: number }[],
  width: number,
): string {
  const sorted = [...pages].sort((a, b) => a.page - b.page)
  const labels = sorted.map((row) => `page ${row.page}`)
  const times = sorted.map((row) => formatDuration(row.avgMs))
  const views = sorted.map((row) => `${row.views} view${row.views === 1 ? '' : 's'}`)
  const labelWidth = Math.max(...labels.map((text) => text.length))
  const timeWidth = Math.max(...times.map((text) => text.length))
  const viewsWidth = Math.max(...views.map((text) => text.length))
  // Two spaces of indent and two between the columns.
  const fixed = 2 + labelWidth + 2 + 2 + timeWidth + 2 + viewsWidth
  const barWidth = Math.max(MIN_BAR_WIDTH, Math.min(MAX_BAR_WIDTH, width - fixed - 1))
  const longest = Math.max(...sorted.map((row) => row.avgMs))
  return sorted
    .map((row, index) => {
      const eighths = longest > 0 ? Math.round((row.avgMs / longest) * barWidth * 8) : 0
      // A page read at all gets a sliver, so it never looks unread next to a long one.
      const shown = row.avgMs > 0 ? Math.max(1, eighths) : 0
      const bar = '█'.repeat(Math.floor(shown / 8)) + (EIGHTHS[shown % 8] ?? '')
      return [
        `  ${(labels[index] ?? '').padEnd(labelWidth)}`,
        bar.padEnd(barWidth),
        (times[index] ?? '').padStart(timeWidth),
        views[index] ?? '',
      ]
        .join('  ')
        .trimEnd()
    })
    .join('\n')
}

/** Recent visits, newest first; a column no visit has a value for is left out. */
function renderVisits(visits: readonly Visit[], width: number | undefined): string {
  const columns: { head: string; value: (visit: Visit) => string | number; right?: boolean }[] = [
    { head: 'Started (UTC)', value: (visit) => formatInstant(visit.startedAt) },
    { head: 'Visitor', value: (visit) => visit.visitor.slice(0, 8) },
    { head: 'Time', value: (visit) => formatDuration(visit.durationMs), right: true },
    { head: 'Pages', value: (visit) => visit.pagesViewed, right: true },
    { head: 'Country', value: (visit) => visit.country ?? '' },
    {
      head: 'Company',
      value: (visit) => visit.company ?? (visit.network ? `(${visit.network})` : ''),
    },
    { head: 'Device', value: (visit) => visit.device ?? '' },
    { head: 'Email', value: (visit) => visit.email ?? '' },
  ]
  const shown = columns.filter(
    (column, index) => index < 4 || visits.some((visit) => column.value(visit) !== ''),
  )
  return drawTable(
    shown.map((column) => column.head),
    visits.map((visit) => shown.map((column) => column.value(visit))),
    {
      right: shown.flatMap((column, index) => (column.right ? [index] : [])),
      width,
    },
  )
}

/**
 * A cli-table3 table without colours. On a terminal (`width` given) columns are narrowed to fit
 * and their text wraps; elsewhere each row stays on one line, for grep and the like.
 */
function drawTable(
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  options: { right: readonly number[]; width: number | undefined },
): string {
  const natural = head.map((title, column) =>
    Math.max(
      MIN_COLUMN_WIDTH,
      ...[title, ...rows.map((row) => String(row[column] ?? ''))].map(
        (text) => text.length + 2 * PADDING,
      ),
    ),
  )
  const table = new CliTable({
    head: [...head],
    style: { head: [], border: [] },
    ...(options.width !== undefined && {
      colWidths: fitColumnWidths(natural, options.width),
      wordWrap: true,
      wrapOnWordBoundary: false,
    }),
  })
  for (const row of rows) {
    table.push(
      row.map((content, column) =>
        options.right.includes(column) ? { content, hAlign: 'right' as const } : content,
      ),
    )
  }
  return table.toString()
}
