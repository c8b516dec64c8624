/** A desktop Chrome: a person as far as the viewer's bot check can tell, so visits are counted. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

/** Headers of a browser navigating to the viewer page. */
export const PAGE_HEADERS = { accept: 'text/html', 'user-agent': BROWSER_USER_AGENT }

const CONFIG_PATTERN = /<script type="application\/json" id="pdfx-viewer-config">(.*?)<\/script>/s

/** Reads the view ticket out of the viewer page's JSON configuration; undefined when absent. */
export function ticketOf(html: string): string | undefined {
  const json = CONFIG_PATTERN.exec(html)?.[1]
  if (json === undefined) return undefined
  const ticket = (JSON.parse(json) as { ticket?: unknown }).ticket
  return typeof ticket === 'string' ? ticket : undefined
}

/**
 * Opens the viewer page of `slug` and confirms the view as the page's script does, returning the
 * visit token that the events route takes.
 */
export async function startVisit(baseUrl: string, slug: string): Promise<string> {
  const page = await fetch(`${baseUrl}/d/${slug}`, { headers: PAGE_HEADERS })
  const ticket = ticketOf(await page.text())
  if (page.status !== 200 || ticket === undefined) {
    throw new Error(`GET /d/${slug} answered ${page.status} without a view ticket`)
  }
  const visit = await fetch(`${baseUrl}/d/${slug}/visits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
    body: JSON.stringify({ ticket }),
  })
  const body = (await visit.json()) as { visitToken?: unknown }
  if (visit.status !== 200 || typeof body.visitToken !== 'string') {
    throw new Error(`POST /d/${slug}/visits answered ${visit.status}: ${JSON.stringify(body)}`)
  }
  return body.visitToken
}
