import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join } from 'node:path'
import { PdfxError } from '@pdfx/schema'

/** What `pdfx login` saves: the API key, and the server it belongs to when not the default. */
export interface CliConfig {
  apiKey?: string
  /** Origin (and optional path prefix) of the server, without a trailing slash. */
  baseUrl?: string
}

/** A config file as read, with a warning when others may read the key in it. */
export interface LoadedConfig {
  config: CliConfig
  warning?: string
}

/**
 * Where the config file lives: `%APPDATA%\pdfx\config.json` on Windows, else
 * `$XDG_CONFIG_HOME/pdfx/config.json`, falling back to `~/.config/pdfx/config.json` (macOS
 * included, as most command-line tools do) when XDG_CONFIG_HOME is unset or not absolute (the
 * XDG rule for relative values).
 */
export function configPath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32') {
    const appData = envValue('APPDATA', env)
    return join(appData ? appData : join(homedir(), 'AppData', 'Roaming'), 'pdfx', 'config.json')
  }
  const xdg = envValue('XDG_CONFIG_HOME', env)
  const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config')
  return join(base, 'pdfx', 'config.json')
}

/** A non-empty environment variable; an empty one counts as unset, as for the client. */
export function envValue(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name]
  return value === undefined || value === '' ? undefined : value
}

/**
 * Reads the config file; undefined when there is none. A file that is not a JSON object of
 * strings is an error naming the file, so a broken file is fixed rather than silently ignored.
 */
export async function readConfig(path = configPath()): Promise<LoadedConfig | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new PdfxError('forbidden', `cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const config = parseConfig(text)
  if (config === undefined) {
    throw new PdfxError(
      'invalid_request',
      `${path} is not a pdfx config file (a JSON object with "apiKey" and "baseUrl"): run "pdfx login" again, or delete it`,
    )
  }
  const loaded: LoadedConfig = { config }
  if (process.platform !== 'win32' && config.apiKey !== undefined) {
    // Like ssh with a private key: say so when the key is open to others, but still use it.
    const { mode } = await stat(path)
    if ((mode & 0o077) !== 0) {
      loaded.warning = `${path} can be read by other users (mode ${(mode & 0o777).toString(8)}); run "chmod 600 ${path}"`
    }
  }
  return loaded
}

function parseConfig(text: string): CliConfig | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const { apiKey, baseUrl } = value as Record<string, unknown>
  if (apiKey !== undefined && typeof apiKey !== 'string') return undefined
  if (baseUrl !== undefined && typeof baseUrl !== 'string') return undefined
  return {
    ...(apiKey !== undefined && { apiKey }),
    ...(baseUrl !== undefined && { baseUrl }),
  }
}

/**
 * Writes the config file atomically: a temporary file beside it, created with mode 0600 so the
 * key is never readable by others, not even for a moment, then renamed over the old one. The
 * `pdfx` folder is created with mode 0700 (and set to it when it exists: it is ours).
 */
export async function writeConfig(config: CliConfig, path = configPath()): Promise<void> {
  const folder = dirname(path)
  await mkdir(folder, { recursive: true, mode: 0o700 })
  if (process.platform !== 'win32') await chmod(folder, 0o700)
  const temporary = join(folder, `.config.json.${process.pid}.${randomBytes(6).toString('hex')}`)
  try {
    await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, {
      mode: 0o600,
      flag: 'wx',
    })
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** Deletes the config file; false when there was none. */
export async function removeConfig(path = configPath()): Promise<boolean> {
  try {
    await rm(path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}
