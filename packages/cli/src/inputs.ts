import { stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PdfxError } from '@pdfx/schema'
import { globDepth, globToRegExp, hasGlobMagic, splitGlob } from './glob.js'
import { toPdfxError } from './report-error.js'
import { listFiles } from './walk-files.js'

/** A PDF on this machine. */
export interface FileInput {
  kind: 'file'
  path: string
  /** How messages name it: the path as given, or below the folder or pattern that found it. */
  label: string
  /** `/`-separated path `--out` names the result after (see output-naming.ts). */
  name: string
}

/** A PDF behind an http(s) URL, fetched by this machine. */
export interface UrlInput {
  kind: 'url'
  url: string
  label: string
  /** The last segment of the URL's path. */
  name: string
}

/** One document to extract. */
export type Input = FileInput | UrlInput

/** An argument that names no document: a missing file, an empty folder, a pattern without match. */
export interface InputFailure {
  label: string
  error: PdfxError
}

/** What the arguments expand to, in argument order, each document once. */
export interface ExpandedInputs {
  inputs: Input[]
  failures: InputFailure[]
}

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i

/**
 * Expands command-line arguments into documents: an http(s) URL is one input; a file is one
 * input whatever its extension (the user named it); a folder contributes every `*.pdf` below it
 * (any letter case, hidden entries skipped); an argument that does not exist and holds `*`, `?`,
 * `[` or `{` is a glob pattern (see glob.ts). A document reached twice is extracted once.
 */
export async function expandInputs(
  args: readonly string[],
  cwd = process.cwd(),
): Promise<ExpandedInputs> {
  const inputs: Input[] = []
  const failures: InputFailure[] = []
  const seen = new Set<string>()
  const add = (input: Input) => {
    const key = input.kind === 'url' ? input.url : resolve(cwd, input.path)
    if (seen.has(key)) return
    seen.add(key)
    inputs.push(input)
  }
  for (const arg of args) {
    try {
      for (const input of await expandArgument(arg, cwd)) add(input)
    } catch (error) {
      failures.push({ label: arg, error: toPdfxError(error) })
    }
  }
  return { inputs, failures }
}

async function expandArgument(arg: string, cwd: string): Promise<Input[]> {
  if (URL_LIKE.test(arg)) {
    const url = URL.canParse(arg) ? new URL(arg) : undefined
    if (!url) throw new PdfxError('invalid_request', 'not a valid URL')
    if (url.protocol === 'file:') return expandPath(fileURLToPath(url), cwd)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new PdfxError('invalid_request', 'only http(s) URLs and local files can be read')
    }
    return [{ kind: 'url', url: url.href, label: arg, name: urlFileName(url) }]
  }
  return expandPath(arg, cwd)
}

async function expandPath(path: string, cwd: string): Promise<Input[]> {
  const stats = await stat(resolve(cwd, path)).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined
    throw error
  })
  if (stats?.isDirectory()) {
    const files = (await listFiles(resolve(cwd, path))).filter((file) => /\.pdf$/i.test(file))
    if (files.length === 0) throw new PdfxError('not_found', 'no PDF files in this folder')
    return files.map((file) => fileInput(join(path, file), file))
  }
  if (stats) return [fileInput(path, basename(path))]
  if (!hasGlobMagic(path)) throw new PdfxError('not_found', 'no such file or directory')
  const { base, segments } = splitGlob(path)
  const pattern = globToRegExp(segments)
  const baseStats = await stat(resolve(cwd, base)).catch(() => undefined)
  const files = baseStats?.isDirectory()
    ? (await listFiles(resolve(cwd, base), globDepth(segments))).filter((file) =>
        pattern.test(file),
      )
    : []
  if (files.length === 0) throw new PdfxError('not_found', 'no file matches this pattern')
  return files.map((file) => fileInput(base === '.' ? file : join(base, file), file))
}

function fileInput(path: string, name: string): FileInput {
  return { kind: 'file', path, label: path, name }
}

/** The decoded last segment of a URL's path, or its host name when the path has none. */
function urlFileName(url: URL): string {
  const segment = url.pathname.split('/').findLast((part) => part !== '') ?? ''
  try {
    return decodeURIComponent(segment) || url.hostname
  } catch {
    // A malformed escape (`%zz`) is kept as written rather than refusing the URL.
    return segment || url.hostname
  }
}
