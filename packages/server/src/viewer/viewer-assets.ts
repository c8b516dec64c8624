import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import type { ViewerAssetUrls } from './viewer-page.js'

/** URL prefix of every viewer asset; `assets` is a reserved slug, so no link can take it. */
export const ASSETS_PREFIX = '/assets/viewer/'

/** One file the viewer may load, with what is known before it is read. */
interface AssetFile {
  file: string
  contentType: string
  /** Text worth compressing (scripts and styles); fonts, CMaps and WebAssembly are left alone. */
  compressible: boolean
}

/** An asset's bytes as sent: the file, and compressed variants of scripts and styles. */
export interface AssetBody {
  contentType: string
  identity: Buffer
  br?: Buffer | undefined
  gzip?: Buffer | undefined
}

/** The allowlist of viewer assets and the URLs the page uses. */
export interface ViewerAssets {
  urls: ViewerAssetUrls
  /**
   * The asset at a path below ASSETS_PREFIX, or undefined: only paths put on the list at start-up
   * exist, so no request can name a file of its own choosing.
   */
  read(path: string): Promise<AssetBody | undefined>
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.icc': 'application/vnd.iccprofile',
}

/** Folders of pdfjs-dist that pdf.js fetches data from at run time, and the files they serve. */
const PDFJS_DATA_FOLDERS: Record<string, RegExp> = {
  cmaps: /\.bcmap$/,
  standard_fonts: /\.(?:pfb|ttf)$/,
  wasm: /\.(?:wasm|js)$/,
  iccs: /\.icc$/,
}

/** Brotli quality 9 keeps most of 11's gain (the pdf.js worker: 1.2 MB to 334 kB) at 1/20 the time. */
const BROTLI_QUALITY = 9

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Lists the viewer's assets: its own scripts and style (from `packages/server/viewer/`, under a
 * folder named after a hash of their contents) and the parts of the installed pdfjs-dist that
 * the browser needs (under a folder named after its version). Both names change whenever the
 * bytes do, so every asset can be cached as immutable.
 */
export async function loadViewerAssets(): Promise<ViewerAssets> {
  const files = new Map<string, AssetFile>()

  const ownFolder = findOwnAssetFolder()
  const ownNames = (await readdir(ownFolder))
    .filter((name) => /^[a-z0-9-]+\.(?:js|css)$/.test(name))
    .sort()
  const hash = createHash('sha256')
  for (const name of ownNames) {
    hash.update(`${name}\n`)
    hash.update(await readFile(join(ownFolder, name)))
  }
  const ownBase = `app-${hash.digest('hex').slice(0, 12)}`
  for (const name of ownNames) files.set(`${ownBase}/${name}`, assetFile(join(ownFolder, name)))

  const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
  const { version } = JSON.parse(await readFile(join(pdfjsRoot, 'package.json'), 'utf8')) as {
    version: string
  }
  const pdfjsBase = `pdfjs-${version}`
  for (const name of ['pdf.min.mjs', 'pdf.worker.min.mjs']) {
    files.set(`${pdfjsBase}/build/${name}`, assetFile(join(pdfjsRoot, 'build', name)))
  }
  for (const [folder, pattern] of Object.entries(PDFJS_DATA_FOLDERS)) {
    for (const name of await readdir(join(pdfjsRoot, folder))) {
      if (pattern.test(name)) {
        files.set(`${pdfjsBase}/${folder}/${name}`, assetFile(join(pdfjsRoot, folder, name)))
      }
    }
  }

  // Read and compressed on first use, then kept: the assets never change while we run.
  const bodies = new Map<string, Promise<AssetBody>>()
  const url = (path: string) => `${ASSETS_PREFIX}${path}`
  return {
    urls: {
      viewerJs: url(`${ownBase}/viewer.js`),
      viewerCss: url(`${ownBase}/viewer.css`),
      modules: ownNames
        .filter((name) => name.endsWith('.js') && name !== 'viewer.js')
        .map((name) => url(`${ownBase}/${name}`)),
      pdfjs: {
        module: url(`${pdfjsBase}/build/pdf.min.mjs`),
        worker: url(`${pdfjsBase}/build/pdf.worker.min.mjs`),
        cMapUrl: url(`${pdfjsBase}/cmaps/`),
        standardFontDataUrl: url(`${pdfjsBase}/standard_fonts/`),
        wasmUrl: url(`${pdfjsBase}/wasm/`),
        iccUrl: url(`${pdfjsBase}/iccs/`),
      },
    },
    read(path) {
      const asset = files.get(path)
      if (asset === undefined) return Promise.resolve(undefined)
      let body = bodies.get(path)
      if (body === undefined) {
        body = readAsset(asset)
        bodies.set(path, body)
        // A failed read is not remembered, so the next request tries again.
        body.catch(() => bodies.delete(path))
      }
      return body
    },
  }
}

/**
 * `packages/server/viewer/`, from wherever this module runs: `src/viewer/` (sources) or `dist/`
 * (the bundle). The package's `files` must list `viewer` for the published package to have it.
 */
function findOwnAssetFolder(): string {
  for (const candidate of ['../../viewer/', '../viewer/']) {
    const folder = fileURLToPath(new URL(candidate, import.meta.url))
    if (existsSync(join(folder, 'viewer.js'))) return folder
  }
  throw new Error(
    `The viewer's browser assets (viewer/viewer.js) were not found near ${fileURLToPath(import.meta.url)}`,
  )
}

function assetFile(file: string): AssetFile {
  const extension = file.slice(file.lastIndexOf('.'))
  const contentType = CONTENT_TYPES[extension]
  if (contentType === undefined) throw new Error(`No content type for viewer asset ${file}`)
  return { file, contentType, compressible: contentType.startsWith('text/') }
}

async function readAsset(asset: AssetFile): Promise<AssetBody> {
  const identity = await readFile(asset.file)
  if (!asset.compressible) return { contentType: asset.contentType, identity }
  const [br, gzipped] = await Promise.all([
    brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    gzipAsync(identity, { level: 9 }),
  ])
  return { contentType: asset.contentType, identity, br, gzip: gzipped }
}
