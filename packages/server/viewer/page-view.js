/**
 * Shows a loaded pdf.js document as a column of pages, drawn lazily: a page gets a canvas (sized
 * to the device pixel ratio) and a text layer only while it is near the viewport, and gives them
 * back when it scrolls far away, so long documents stay light.
 */

/** Zoom steps, as fractions of the page's real size (100% = 96 CSS pixels per inch). */
const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4]

/** Largest canvas drawn, in device pixels: beyond it browsers fail or run out of memory. */
const MAX_CANVAS_PIXELS = 16_777_216

/** Horizontal room kept around a page fitted to the width, in CSS pixels. */
const FIT_MARGIN_PX = 24

/** Pages this far outside the viewport (in viewport heights) are drawn ahead of scrolling. */
const RENDER_AHEAD = '150% 0px'

/**
 * @typedef {object} PageViewOptions
 * @property {any} pdfjs the pdf.js module
 * @property {any} pdf the loaded PDFDocumentProxy
 * @property {HTMLElement} container where the pages go
 * @property {(page: number) => void} onPageChange the page with the largest visible area changed
 * @property {(page: number) => void} onFirstRender a page was drawn for the first time
 */

/**
 * @param {PageViewOptions} options
 */
export async function createPageView({ pdfjs, pdf, container, onPageChange, onFirstRender }) {
  const cssUnits = pdfjs.PixelsPerInch.PDF_TO_CSS_UNITS
  const pageCount = pdf.numPages
  const first = await pdf.getPage(1)
  const firstSize = first.getViewport({ scale: 1 })

  /** @type {'fit-width' | number} */
  let zoom = 'fit-width'
  let scale = fitWidthScale(firstSize.width)
  let current = 1
  /** @type {Set<number>} pages that are drawn or being drawn */
  const near = new Set()
  /** @type {Map<number, number>} visible area of each page on screen, in square CSS pixels */
  const visibleArea = new Map()

  const pages = Array.from({ length: pageCount }, (_, index) => {
    const number = index + 1
    const element = document.createElement('div')
    element.className = 'page'
    element.id = `page-${number}`
    element.dataset.page = String(number)
    element.setAttribute('role', 'group')
    element.setAttribute('aria-label', `Page ${number} of ${pageCount}`)
    const canvas = document.createElement('canvas')
    canvas.setAttribute('aria-hidden', 'true')
    const textLayer = document.createElement('div')
    textLayer.className = 'textLayer'
    element.append(canvas, textLayer)
    return {
      number,
      element,
      canvas,
      textLayer,
      /** @type {any} */ proxy: number === 1 ? first : null,
      // Until a page is loaded it takes the size of the first one, which most documents share.
      width: firstSize.width,
      height: firstSize.height,
      /** @type {any} */ renderTask: null,
      /** @type {any} */ textTask: null,
      renderedScale: 0,
      /** Counts draws, so that a draw overtaken by a newer one stops where it is. */
      generation: 0,
      shown: false,
    }
  })
  container.replaceChildren(...pages.map((page) => page.element))
  layout()

  function fitWidthScale(widthPt) {
    const available = Math.max(document.documentElement.clientWidth - 2 * FIT_MARGIN_PX, 160)
    return available / widthPt
  }

  function layout() {
    for (const page of pages) {
      page.element.style.width = `${Math.floor(page.width * scale)}px`
      page.element.style.height = `${Math.floor(page.height * scale)}px`
      // The text layer positions its spans in units of this factor (see pdf.js TextLayer).
      page.element.style.setProperty('--total-scale-factor', String(scale))
    }
  }

  async function draw(page) {
    page.renderTask?.cancel()
    page.textTask?.cancel()
    const generation = ++page.generation
    const drawScale = scale
    const overtaken = () => generation !== page.generation || !near.has(page.number)
    try {
      page.proxy ??= await pdf.getPage(page.number)
      const natural = page.proxy.getViewport({ scale: 1 })
      if (natural.width !== page.width || natural.height !== page.height) {
        page.width = natural.width
        page.height = natural.height
        layout()
      }
      if (overtaken()) return
      const viewport = page.proxy.getViewport({ scale })
      const outputScale = Math.min(
        window.devicePixelRatio || 1,
        Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)),
      )
      // Draw into a fresh canvas and swap it in when done, so a redraw never flashes blank.
      const canvas = document.createElement('canvas')
      canvas.setAttribute('aria-hidden', 'true')
      canvas.width = Math.floor(viewport.width * outputScale)
      canvas.height = Math.floor(viewport.height * outputScale)
      page.renderTask = page.proxy.render({
        canvas,
        viewport,
        transform: outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0],
      })
      await page.renderTask.promise
      if (overtaken()) return
      page.canvas.replaceWith(canvas)
      page.canvas = canvas
      page.renderedScale = drawScale
      page.textLayer.replaceChildren()
      page.textTask = new pdfjs.TextLayer({
        textContentSource: page.proxy.streamTextContent(),
        container: page.textLayer,
        viewport,
      })
      await page.textTask.render()
      page.element.dataset.rendered = 'true'
      if (!page.shown) {
        page.shown = true
        onFirstRender(page.number)
      }
    } catch (error) {
      // A cancelled draw is superseded by a newer one; anything else leaves the page blank.
      if (error?.name !== 'RenderingCancelledException' && error?.name !== 'AbortException') {
        page.element.dataset.rendered = 'error'
      }
    }
  }

  function release(page) {
    page.generation++
    page.renderTask?.cancel()
    page.textTask?.cancel()
    page.canvas.width = 0
    page.canvas.height = 0
    page.textLayer.replaceChildren()
    page.renderedScale = 0
    delete page.element.dataset.rendered
  }

  const nearObserver = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const page = pages[Number(entry.target.dataset.page) - 1]
        if (!page) continue
        if (entry.isIntersecting) {
          near.add(page.number)
          if (page.renderedScale !== scale) void draw(page)
        } else {
          near.delete(page.number)
          release(page)
        }
      }
    },
    { rootMargin: RENDER_AHEAD },
  )

  const thresholds = Array.from({ length: 21 }, (_, index) => index / 20)
  const visibleObserver = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const number = Number(entry.target.dataset.page)
        const { width, height } = entry.intersectionRect
        if (entry.isIntersecting && width * height > 0) visibleArea.set(number, width * height)
        else visibleArea.delete(number)
      }
      let best = current
      let bestArea = visibleArea.get(current) ?? 0
      for (const [number, area] of visibleArea) {
        if (area > bestArea || (area === bestArea && number < best)) {
          best = number
          bestArea = area
        }
      }
      if (best !== current && bestArea > 0) {
        current = best
        onPageChange(current)
      }
    },
    { threshold: thresholds },
  )

  for (const page of pages) {
    nearObserver.observe(page.element)
    visibleObserver.observe(page.element)
  }

  /** Redraws the pages near the viewport at a new scale, keeping the current page in place. */
  function applyScale(nextScale) {
    if (Math.abs(nextScale - scale) < 1e-3) return
    const anchor = pages[current - 1]?.element
    const offset = anchor ? anchor.getBoundingClientRect().top : 0
    const ratio = nextScale / scale
    scale = nextScale
    layout()
    if (anchor) window.scrollBy(0, anchor.getBoundingClientRect().top - offset * ratio)
    for (const number of near) {
      const page = pages[number - 1]
      if (page) void draw(page)
    }
  }

  function zoomTo(next) {
    zoom = next
    applyScale(
      next === 'fit-width' ? fitWidthScale(pages[current - 1]?.width ?? 612) : next * cssUnits,
    )
  }

  let resizeTimer = 0
  addEventListener('resize', () => {
    clearTimeout(resizeTimer)
    resizeTimer = window.setTimeout(() => {
      if (zoom === 'fit-width') zoomTo('fit-width')
    }, 150)
  })

  return {
    pageCount,
    get currentPage() {
      return current
    },
    /** Zoom as a fraction of the real size, for the zoom read-out. */
    get zoomLevel() {
      return scale / cssUnits
    },
    goTo(number) {
      const target = Math.min(Math.max(Math.round(number), 1), pageCount)
      pages[target - 1]?.element.scrollIntoView({ block: 'start' })
      if (target !== current) {
        current = target
        onPageChange(current)
      }
    },
    zoomIn() {
      const level = scale / cssUnits
      zoomTo(ZOOM_STEPS.find((step) => step > level + 0.01) ?? ZOOM_STEPS.at(-1))
    },
    zoomOut() {
      const level = scale / cssUnits
      zoomTo([...ZOOM_STEPS].reverse().find((step) => step < level - 0.01) ?? ZOOM_STEPS[0])
    },
    fitWidth() {
      zoomTo('fit-width')
    },
    destroy() {
      nearObserver.disconnect()
      visibleObserver.disconnect()
      for (const page of pages) release(page)
    },
  }
}
