import { DEFAULT_BASE_URL, isPdfxError, Pdfx, PdfxError } from '@pdfx/client'
import { configPath, envValue, readConfig } from './config-file.js'
import { formatWarning } from './report-error.js'

/** Where the CLI's API key and server come from, and what each was read from. */
export interface Credentials {
  apiKey: string | undefined
  /** `PDFX_API_KEY`, or the path of the config file. */
  keySource: string | undefined
  baseUrl: string
  /** `PDFX_BASE_URL`, the path of the config file, or `default`. */
  baseUrlSource: string
}

/**
 * The key and server for calls to the API. Each one comes from the environment (`PDFX_API_KEY`,
 * `PDFX_BASE_URL`; empty counts as unset), else from the config file `pdfx login` wrote, else
 * the default (no key; the client's default server).
 */
export async function resolveCredentials(env = process.env): Promise<Credentials> {
  const path = configPath(env)
  const loaded = await readConfig(path)
  if (loaded?.warning) process.stderr.write(formatWarning(loaded.warning, 'config'))
  const saved = loaded?.config ?? {}
  const envKey = envValue('PDFX_API_KEY', env)
  const envBaseUrl = envValue('PDFX_BASE_URL', env)
  const apiKey = envKey ?? saved.apiKey
  return {
    apiKey,
    keySource: envKey ? 'PDFX_API_KEY' : apiKey ? path : undefined,
    baseUrl: envBaseUrl ?? saved.baseUrl ?? DEFAULT_BASE_URL,
    baseUrlSource: envBaseUrl ? 'PDFX_BASE_URL' : saved.baseUrl ? path : 'default',
  }
}

/** A client and the credentials it was built from. */
export interface ApiClient {
  client: Pdfx
  credentials: Credentials
}

/**
 * A client for the API. With `requireKey`, a missing key fails at once with `unauthorized` and
 * says how to get one in place, rather than sending a request the server can only refuse.
 */
export async function openClient(options: { requireKey: boolean }): Promise<ApiClient> {
  const credentials = await resolveCredentials()
  if (options.requireKey && credentials.apiKey === undefined) {
    throw new PdfxError(
      'unauthorized',
      'no API key: run "pdfx login" to save one, or set PDFX_API_KEY',
    )
  }
  let client: Pdfx
  try {
    client = new Pdfx({ apiKey: credentials.apiKey ?? null, baseUrl: credentials.baseUrl })
  } catch (error) {
    if (isPdfxError(error)) {
      throw new PdfxError(error.code, `${error.message} (from ${credentials.baseUrlSource})`)
    }
    throw error
  }
  return { client, credentials }
}

/**
 * The error to show for a failed API call: a refused key names where it came from, and a
 * server that cannot be reached names where its address came from.
 */
export function explainApiError(error: unknown, credentials: Credentials): unknown {
  if (!isPdfxError(error)) return error
  if (error.code === 'unauthorized' && credentials.keySource === 'PDFX_API_KEY') {
    return withHint(error, 'the key in PDFX_API_KEY was refused')
  }
  if (error.code === 'unauthorized' && credentials.keySource !== undefined) {
    return withHint(
      error,
      `the key saved in ${credentials.keySource} was refused; run "pdfx login" with a valid one`,
    )
  }
  if (error.code === 'unavailable' && credentials.baseUrlSource === 'default') {
    return withHint(
      error,
      'the default server; set PDFX_BASE_URL or run "pdfx login --base-url" for another',
    )
  }
  if (error.code === 'unavailable' && credentials.baseUrlSource !== 'PDFX_BASE_URL') {
    return withHint(error, `server address saved in ${credentials.baseUrlSource}`)
  }
  return error
}

function withHint(error: PdfxError, hint: string): PdfxError {
  return new PdfxError(error.code, `${error.message} (${hint})`, { cause: error })
}
