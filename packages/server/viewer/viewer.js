import { createPageView } from './page-view.js'
import { startTracking } from './tracker.js'

/**
 * The Doc Link viewer. The server's page holds the toolbar and a JSON configuration; this script
 * confirms the view (only a browser running it is counted), fetches the PDF through the visit's
 * short-lived file URL, shows it with pdf.js from our own origin and reports reading time.
 */

/**
 * @typedef {object} ViewerConfig
 * @property {string} name display name of the document
 * @property {string} ticket signed view ticket, exchanged for a visit
 * @property {string} [email] recipient address the link was opened with
 * @property {string} visitsUrl
 * @property {string} eventsUrl
 * @property {boolean} allowDownload
 * @property {string} fileName name for a downloaded copy
 * @property {{ module: string, worker: string, cMapUrl: string, standardFontDataUrl: string, wasmUrl: string, iccUrl: string }} pdfjs
 */

/** Messages of the states the viewer can end in, by HTTP status where one applies. */
const MESSAGES = {
  404: 'This document is no longer available.',
  410: 'This link has expired.',
  429: 'Too many requests from your network. Please try again in a minute.',
  staleTicket: 'This page was open too long before the document loaded. Reload to view it.',
  failed: 'The document could not be loaded. Please try again later.',
  damaged: 'The document could not be displayed.',
  password: 'This document is password-protected and cannot be displayed here.',
}

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id))

const ui = {
  main: $('pdfx-document'),
  state: $('pdfx-state'),
  announcer: $('pdfx-announcer'),
  prev: /** @type {HTMLButtonElement} */ ($('pdfx-prev')),
  next: /** @type {HTMLButtonElement} */ ($('pdfx-next')),
  pageInput: /** @type {HTMLInputElement} */ ($('pdfx-page')),
  pageCount: $('pdfx-page-count'),
  zoomOut: /** @type {HTMLButtonElement} */ ($('pdfx-zoom-out')),
  zoomIn: /** @type {HTMLButtonElement} */ ($('pdfx-zoom-in')),
  fitWidth: /** @type {HTMLButtonElement} */ ($('pdfx-fit-width')),
  zoomLevel: $('pdfx-zoom-level'),
  download: /** @type {HTMLButtonElement} */ ($('pdfx-download')),
  toolbar: $('pdfx-toolbar'),
}

/** Shows an end state in place of the document; the reload button only where reloading helps. */
function showState(message, { reload = false } = {}) {
  ui.main.setAttribute('aria-busy', 'false')
  const text = document.createElement('p')
  text.textContent = message
  const box = document.createElement('div')
  box.className = 'state'
  box.setAttribute('role', 'alert')
  box.append(text)
  if (reload) {
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'Reload'
    button.addEventListener('click', () => location.reload())
    box.append(button)
  }
  ui.main.replaceChildren(box)
  for (const control of [ui.prev, ui.next, ui.pageInput, ui.zoomIn, ui.zoomOut, ui.fitWidth]) {
    control.disabled = true
  }
  ui.download.hidden = true
  document.documentElement.dataset.state = 'ended'
}

/** @returns {ViewerConfig} */
function readConfig() {
  return JSON.parse($('pdfx-viewer-config').textContent ?? '{}')
}

/** The recipient address stays out of the address bar, where it would be copied along with the link. */
function forgetEmailParameter() {
  const url = new URL(location.href)
  if (!url.searchParams.has('email')) return
  url.searchParams.delete('email')
  history.replaceState(history.state, '', url)
}

/** Waits until the page is on screen: a prerendered or background tab is not a view yet. */
function whenVisible() {
  if (document.visibilityState === 'visible') return Promise.resolve()
  return new Promise((resolve) => {
    const onChange = () => {
      if (document.visibilityState !== 'visible') return
      document.removeEventListener('visibilitychange', onChange)
      resolve(undefined)
    }
    document.addEventListener('visibilitychange', onChange)
  })
}

class ViewerError extends Error {
  /** @param {string} message @param {{ reload?: boolean }} [options] */
  constructor(message, options = {}) {
    super(message)
    this.reload = options.reload ?? false
  }
}

function errorForStatus(status) {
  if (status === 404 || status === 410 || status === 429) return new ViewerError(MESSAGES[status])
  return new ViewerError(MESSAGES.failed, { reload: true })
}

/** Exchanges the page's ticket for a visit: this is the moment a view counts. */
async function confirmVisit(config) {
  const response = await fetch(config.visitsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket: config.ticket, ...(config.email && { email: config.email }) }),
    credentials: 'same-origin',
  })
  if (response.status === 400) throw new ViewerError(MESSAGES.staleTicket, { reload: true })
  if (!response.ok) throw errorForStatus(response.status)
  return /** @type {Promise<{ visitToken: string | null, fileUrl: string, flushMs: number }>} */ (
    response.json()
  )
}

async function fetchPdf(fileUrl) {
  const response = await fetch(fileUrl, { credentials: 'same-origin' })
  if (!response.ok) throw errorForStatus(response.status)
  return new Uint8Array(await response.arrayBuffer())
}

async function loadPdfjs(config) {
  const pdfjs = await import(config.pdfjs.module)
  pdfjs.GlobalWorkerOptions.workerSrc = config.pdfjs.worker
  // Started now, the worker boots while the PDF bytes are still on their way.
  return { pdfjs, worker: new pdfjs.PDFWorker() }
}

function announce(text) {
  ui.announcer.textContent = text
}

function wireControls(view, config, pdf) {
  const update = (page) => {
    ui.pageInput.value = String(page)
    ui.prev.disabled = page <= 1
    ui.next.disabled = page >= view.pageCount
  }
  const updateZoom = () => {
    ui.zoomLevel.textContent = `${Math.round(view.zoomLevel * 100)}%`
  }
  ui.pageCount.textContent = `of ${view.pageCount}`
  for (const control of [ui.pageInput, ui.zoomIn, ui.zoomOut, ui.fitWidth]) control.disabled = false
  update(view.currentPage)
  updateZoom()

  ui.prev.addEventListener('click', () => view.goTo(view.currentPage - 1))
  ui.next.addEventListener('click', () => view.goTo(view.currentPage + 1))
  ui.zoomIn.addEventListener('click', () => {
    view.zoomIn()
    updateZoom()
  })
  ui.zoomOut.addEventListener('click', () => {
    view.zoomOut()
    updateZoom()
  })
  ui.fitWidth.addEventListener('click', () => {
    view.fitWidth()
    updateZoom()
  })
  ui.pageInput.addEventListener('change', () => {
    const page = Number.parseInt(ui.pageInput.value, 10)
    if (Number.isFinite(page)) view.goTo(page)
    else update(view.currentPage)
  })
  ui.pageInput.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      update(view.currentPage)
      ui.pageInput.blur()
    }
  })

  if (config.allowDownload) {
    ui.download.hidden = false
    ui.download.addEventListener('click', async () => {
      // The bytes are already here: no second file URL, and nothing left for anyone to reuse.
      const data = await pdf.getData()
      const url = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }))
      const link = document.createElement('a')
      link.href = url
      link.download = config.fileName
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    })
  }

  addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
    if (document.documentElement.dataset.state === 'ended') return
    // Keys typed into a field belong to the field.
    const target = event.target
    if (target instanceof Element && target.closest('input, textarea, select, [contenteditable]')) {
      return
    }
    const actions = {
      ArrowRight: () => view.goTo(view.currentPage + 1),
      PageDown: () => view.goTo(view.currentPage + 1),
      ArrowLeft: () => view.goTo(view.currentPage - 1),
      PageUp: () => view.goTo(view.currentPage - 1),
      Home: () => view.goTo(1),
      End: () => view.goTo(view.pageCount),
      '+': () => view.zoomIn(),
      '=': () => view.zoomIn(),
      '-': () => view.zoomOut(),
      0: () => view.fitWidth(),
    }
    const action = actions[event.key]
    if (!action) return
    event.preventDefault()
    action()
    updateZoom()
  })

  let announceTimer = 0
  return (page) => {
    update(page)
    // Announced once scrolling settles, not for every page flying past.
    clearTimeout(announceTimer)
    announceTimer = window.setTimeout(() => announce(`Page ${page} of ${view.pageCount}`), 400)
  }
}

/** Keeps `--toolbar-height` current, so a page scrolled to lands below the sticky toolbar. */
function trackToolbarHeight() {
  const set = () =>
    document.documentElement.style.setProperty('--toolbar-height', `${ui.toolbar.offsetHeight}px`)
  new ResizeObserver(set).observe(ui.toolbar)
  set()
}

async function main() {
  const config = readConfig()
  forgetEmailParameter()
  trackToolbarHeight()
  await whenVisible()
  const library = loadPdfjs(config)
  const visit = await confirmVisit(config)
  const [bytes, { pdfjs, worker }] = await Promise.all([fetchPdf(visit.fileUrl), library])
  let pdf
  try {
    pdf = await pdfjs.getDocument({
      data: bytes,
      worker,
      isEvalSupported: false,
      // Everything pdf.js may need comes from our origin; nothing from a CDN or the system.
      cMapUrl: config.pdfjs.cMapUrl,
      cMapPacked: true,
      standardFontDataUrl: config.pdfjs.standardFontDataUrl,
      wasmUrl: config.pdfjs.wasmUrl,
      iccUrl: config.pdfjs.iccUrl,
      useSystemFonts: false,
      enableXfa: false,
      // The bytes are already in memory: no range requests or streaming to set up.
      disableRange: true,
      disableStream: true,
      disableAutoFetch: true,
    }).promise
  } catch (error) {
    const password = error?.name === 'PasswordException'
    throw new ViewerError(password ? MESSAGES.password : MESSAGES.damaged)
  }

  let shownPage = null
  /** @type {{ sync: () => void, stop: () => void } | null} */
  let tracker = null
  let onPage = (_page) => {}
  const view = await createPageView({
    pdfjs,
    pdf,
    container: ui.main,
    onPageChange: (page) => {
      onPage(page)
      tracker?.sync()
    },
    onFirstRender: (page) => {
      // Reading time starts when there is something to read, not while pdf.js is busy.
      if (shownPage !== null) return
      shownPage = page
      ui.main.setAttribute('aria-busy', 'false')
      tracker?.sync()
    },
  })
  onPage = wireControls(view, config, pdf)
  document.documentElement.dataset.state = 'ready'
  if (visit.visitToken !== null) {
    tracker = startTracking({
      eventsUrl: config.eventsUrl,
      visitToken: visit.visitToken,
      flushMs: visit.flushMs,
      currentPage: () => (shownPage === null ? null : view.currentPage),
      onGone: (status) => {
        view.destroy()
        showState(MESSAGES[status] ?? MESSAGES[404])
      },
    })
  }
}

main().catch((error) => {
  if (error instanceof ViewerError) showState(error.message, { reload: error.reload })
  else showState(MESSAGES.failed, { reload: true })
})
