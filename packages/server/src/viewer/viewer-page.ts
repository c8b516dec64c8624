/** Where the page finds its scripts and styles, and pdf.js its data; all on our own origin. */
export interface ViewerAssetUrls {
  viewerJs: string
  viewerCss: string
  /** The viewer's own modules that viewer.js imports, preloaded in parallel. */
  modules: readonly string[]
  pdfjs: {
    module: string
    worker: string
    /** Folder URLs end in `/`, as pdf.js expects. */
    cMapUrl: string
    standardFontDataUrl: string
    wasmUrl: string
    iccUrl: string
  }
}

/** What the viewer script reads from the page, as JSON (see viewer/viewer.js). */
export interface ViewerConfig {
  name: string
  ticket: string
  email?: string | undefined
  visitsUrl: string
  eventsUrl: string
  allowDownload: boolean
  fileName: string
  pdfjs: ViewerAssetUrls['pdfjs']
}

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>` and `&` are written as
 * `\u` escapes, so no value can close the element or open a comment, and the JSON still parses to
 * the same data. U+2028 and U+2029 are escaped too, for tools that read it as JavaScript.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * The viewer page of an active link. It carries no inline script: the configuration is inert
 * JSON, and the toolbar is in the markup so it shows (disabled) before the script runs.
 */
export function renderViewerPage(config: ViewerConfig, assets: ViewerAssetUrls): string {
  const name = escapeHtml(config.name)
  const preloads = [...assets.modules, assets.pdfjs.module]
    .map((url) => `<link rel="modulepreload" href="${escapeHtml(url)}">`)
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
${headStart(name, assets.viewerCss)}
${preloads}
<script type="module" src="${escapeHtml(assets.viewerJs)}"></script>
<script type="application/json" id="pdfx-viewer-config">${jsonForHtml(config)}</script>
</head>
<body>
<a class="skip-link" href="#pdfx-document">Skip to document</a>
<header class="toolbar" id="pdfx-toolbar">
<h1 class="title" title="${name}">${name}</h1>
<div class="controls">
<nav class="group" aria-label="Pages">
<button type="button" id="pdfx-prev" aria-label="Previous page" aria-keyshortcuts="ArrowLeft PageUp" disabled>&#8249;</button>
<input class="page-number" id="pdfx-page" type="text" inputmode="numeric" pattern="[0-9]*" autocomplete="off" value="1" aria-label="Page number" disabled>
<span class="page-count" id="pdfx-page-count">of &#8211;</span>
<button type="button" id="pdfx-next" aria-label="Next page" aria-keyshortcuts="ArrowRight PageDown" disabled>&#8250;</button>
</nav>
<div class="group" role="group" aria-label="Zoom">
<button type="button" id="pdfx-zoom-out" aria-label="Zoom out" aria-keyshortcuts="-" disabled>&#8722;</button>
<output class="zoom-level" id="pdfx-zoom-level" aria-label="Zoom level">&#8211;</output>
<button type="button" id="pdfx-zoom-in" aria-label="Zoom in" aria-keyshortcuts="+" disabled>+</button>
<button type="button" id="pdfx-fit-width" aria-keyshortcuts="0" disabled>Fit width</button>
</div>
</div>
<button type="button" class="download" id="pdfx-download" hidden>Download</button>
</header>
<main class="document" id="pdfx-document" tabindex="-1" aria-label="Document" aria-busy="true">
<div class="state" id="pdfx-state"><p>Loading document&#8230;</p></div>
<noscript><div class="state"><p>This document needs JavaScript to be displayed.</p></div></noscript>
</main>
<div class="visually-hidden" id="pdfx-announcer" role="status" aria-live="polite"></div>
</body>
</html>
`
}

/** Why a link does not serve: revoked or unknown links are 404, expired ones 410. */
export type GoneKind = 'not_found' | 'expired'

const GONE_TEXT: Record<GoneKind, { title: string; message: string }> = {
  not_found: {
    title: 'Document not available',
    message: 'This link does not exist or is no longer available.',
  },
  expired: {
    title: 'Link expired',
    message: 'This link has expired. Ask the person who shared it for a new one.',
  },
}

/** The small page of a link that does not serve (404 or 410). */
export function renderGonePage(kind: GoneKind, assets: Pick<ViewerAssetUrls, 'viewerCss'>): string {
  const { title, message } = GONE_TEXT[kind]
  return `<!doctype html>
<html lang="en">
<head>
${headStart(title, assets.viewerCss)}
</head>
<body>
<main class="state gone">
<h1>${title}</h1>
<p>${message}</p>
</main>
</body>
</html>
`
}

/**
 * What every page of a link starts its head with: kept out of search engines, sending no
 * referrer (the slug is the link's only secret), no favicon request, and the viewer's styles.
 * `title` must be escaped already.
 */
function headStart(title: string, css: string): string {
  return `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${title}</title>
<link rel="stylesheet" href="${escapeHtml(css)}">`
}
