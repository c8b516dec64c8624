import type { DocLinkList, DocLinkStats } from '@pdfx/schema'

// Text renderings for models that read only the text blocks of a tool result.

/** One line per link: name, URL, id, state and views. */
export function renderLinkList(list: DocLinkList): string {
  if (list.links.length === 0) return 'This account has no Doc Links yet.'
  return list.links
    .map((link) => {
      const state = link.disabled ? 'revoked' : expiryLabel(link.expiresAt)
      const last = link.lastViewAt ? `, last view ${link.lastViewAt}` : ''
      return `- "${link.name}" ${link.link} (id ${link.id}, ${state}, ${link.totalViews} views${last})`
    })
    .join('\n')
}

/** The summary, then each breakdown the plan includes, then the visits when asked for. */
export function renderLinkStats(stats: DocLinkStats): string {
  const state = stats.disabled ? 'revoked' : expiryLabel(stats.expiresAt)
  const lines = [
    `"${stats.name}" ${stats.link} (id ${stats.id}, ${state}, plan ${stats.plan})`,
    `Views: ${stats.totalViews}; unique visitors: ${stats.visitors}; last visit: ${stats.lastVisit ?? 'never'}`,
  ]
  if (stats.countries?.length) {
    lines.push(`Countries: ${stats.countries.map((c) => `${c.country} ${c.visits}`).join(', ')}`)
  }
  if (stats.companies?.length) {
    lines.push(`Companies: ${stats.companies.map((c) => `${c.company} ${c.visits}`).join(', ')}`)
  }
  if (stats.pages?.length) {
    lines.push('Pages (views, average reading time):')
    for (const page of stats.pages) {
      lines.push(`  page ${page.page}: ${page.views} views, ${(page.avgMs / 1000).toFixed(1)} s`)
    }
  }
  for (const visit of stats.visits ?? []) {
    const who = [visit.email, visit.company, visit.country].filter(Boolean).join(', ')
    lines.push(
      `Visit ${visit.id} at ${visit.startedAt}: ${visit.pagesViewed} pages, ${(visit.durationMs / 1000).toFixed(1)} s${who ? ` (${who})` : ''}`,
    )
  }
  if (stats.upgradeNote) lines.push(stats.upgradeNote)
  return lines.join('\n')
}

function expiryLabel(expiresAt: string | null | undefined): string {
  if (!expiresAt) return 'active'
  return Date.parse(expiresAt) <= Date.now() ? `expired ${expiresAt}` : `active until ${expiresAt}`
}
