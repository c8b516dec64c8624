import { isPdfxError, Pdfx, PdfxError } from '@pdfx/client'
import { configPath, envValue, readConfig, removeConfig, writeConfig } from '../config-file.js'
import { EXIT, type ExitCode } from '../exit-codes.js'
import { readSecret } from '../read-secret.js'
import { formatError } from '../report-error.js'
import type { LoginFlags } from './login.js'

/**
 * The shape of an API key (ARCHITECTURE.md): `pdfx_`, 32 random base62 characters and a
 * 4-character checksum. The checksum itself is the server's to check.
 */
const API_KEY_SHAPE = /^pdfx_[0-9A-Za-z]{36}$/

/** Runs `pdfx login`. Nothing is written unless the key has the right shape (and was accepted). */
export async function runLogin(flags: LoginFlags): Promise<ExitCode> {
  const path = configPath()
  try {
    const apiKey = await readSecret('pdfx API key: ')
    if (apiKey === '') throw new PdfxError('invalid_request', 'no API key was given on stdin')
    if (!API_KEY_SHAPE.test(apiKey)) {
      throw new PdfxError(
        'invalid_request',
        'that is not a pdfx API key: keys are "pdfx_" followed by 36 letters and digits',
      )
    }
    const saved = (await readConfig(path).catch(() => undefined))?.config
    const baseUrl = flags.baseUrl ?? saved?.baseUrl
    if (flags.verify) {
      await verifyKey(apiKey, flags.baseUrl ?? envValue('PDFX_BASE_URL') ?? baseUrl)
    }
    await writeConfig({ apiKey, ...(baseUrl !== undefined && { baseUrl }) }, path)
    const server = baseUrl === undefined ? '' : ` for ${baseUrl}`
    process.stderr.write(`pdfx: saved the API key ${apiKey.slice(0, 9)}...${server} in ${path}\n`)
    if (envValue('PDFX_API_KEY')) {
      process.stderr.write('pdfx: note: PDFX_API_KEY is set, and overrides the saved key\n')
    }
    return EXIT.ok
  } catch (error) {
    process.stderr.write(formatError(error))
    return EXIT.failure
  }
}

/**
 * Lists the account's links with the key: the cheapest call that needs a valid one. The server
 * is `--base-url`, else where the key will be used: PDFX_BASE_URL, the saved address, the
 * default.
 */
async function verifyKey(apiKey: string, baseUrl: string | undefined): Promise<void> {
  const client = new Pdfx({
    apiKey,
    baseUrl,
    maxRetries: 0,
    timeoutMs: 30_000,
  })
  try {
    await client.links.list()
  } catch (error) {
    if (isPdfxError(error) && error.code === 'unauthorized') {
      throw new PdfxError(
        'unauthorized',
        `${client.baseUrl} refused the key (${error.message}); nothing was saved`,
      )
    }
    if (isPdfxError(error) && (error.code === 'unavailable' || error.code === 'timeout')) {
      throw new PdfxError(
        error.code,
        `${error.message}; the key was not checked nor saved (--no-verify saves it unchecked, --base-url names the server)`,
      )
    }
    throw error
  }
}

/** Runs `pdfx logout`. */
export async function runLogout(): Promise<ExitCode> {
  const path = configPath()
  try {
    const removed = await removeConfig(path)
    process.stderr.write(
      removed ? `pdfx: deleted ${path}\n` : `pdfx: no saved key (${path} does not exist)\n`,
    )
    if (envValue('PDFX_API_KEY')) {
      process.stderr.write('pdfx: note: PDFX_API_KEY is still set in this environment\n')
    }
    return EXIT.ok
  } catch (error) {
    process.stderr.write(formatError(error, path))
    return EXIT.failure
  }
}
