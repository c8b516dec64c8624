import { describe, expect, it } from 'vitest'

describe('@pdfx/client', () => {
  it('exports exactly the public API', async () => {
    const names = Object.keys(await import('./index')).sort()
    expect(names).toContain('Pdfx')
    expect(names).toMatchInlineSnapshot(`
      [
        "DEFAULT_BASE_URL",
        "DEFAULT_MAX_RETRIES",
        "DEFAULT_TIMEOUT_MS",
        "MAX_RETRY_AFTER_SECONDS",
        "Pdfx",
        "PdfxApiError",
        "PdfxConnectionError",
        "PdfxError",
        "PdfxLinks",
        "PdfxResponseError",
        "PdfxTimeoutError",
        "isPdfxError",
      ]
    `)
  })
})
