/** Creates a Doc Link of the PDF at `pdfUrl` through `POST /api/v1/links`; returns its slug. */
export async function createDocLink(
  baseUrl: string,
  apiKey: string,
  pdfUrl: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: pdfUrl, name: 'Load test' }),
  })
  const body = (await response.json()) as { slug?: unknown }
  if (response.status !== 200 || typeof body.slug !== 'string') {
    throw new Error(`POST /api/v1/links answered ${response.status}: ${JSON.stringify(body)}`)
  }
  return body.slug
}
