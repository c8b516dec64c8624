/**
 * Content Security Policy of the viewer and its assets: scripts, workers and requests from our own
 * origin only, no inline script or style, no plugins, no framing. `'wasm-unsafe-eval'` lets pdf.js
 * compile its WebAssembly decoders (JPEG 2000, JBIG2, ICC colour); it allows no JavaScript eval,
 * and pdf.js is loaded with `isEvalSupported: false`. `blob:` and `data:` images are canvases
 * and pdf.js image masks turned into URLs.
 */
export const VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self' blob: data:",
  "style-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Policy of the PDF bytes: opened directly, the document runs in a sandbox (no scripts, no
 * same-origin access), so a crafted PDF or a sniffing browser cannot act as our origin.
 */
export const PDF_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'"

/** Headers of every viewer response: pages, events, PDF bytes and assets. */
export const VIEWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': VIEWER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // Responses about one link change as it is revoked or expires, and must not outlive a visit.
  'cache-control': 'no-store',
}

/** Cache header of versioned assets: their URL changes whenever their bytes do. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** Cache header of the PDF bytes: never stored, by the browser or anything in between. */
export const PDF_CACHE_CONTROL = 'no-store, private'
