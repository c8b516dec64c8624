import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configPath, readConfig, removeConfig, writeConfig } from './config-file.js'

describe('configPath', () => {
  it('follows XDG_CONFIG_HOME on Linux and macOS, and APPDATA on Windows', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/xdg' }, 'linux')).toBe('/xdg/pdfx/config.json')
    expect(configPath({}, 'darwin')).toBe(join(homedir(), '.config', 'pdfx', 'config.json'))
    // A relative XDG_CONFIG_HOME is invalid by the XDG rules, and ignored.
    expect(configPath({ XDG_CONFIG_HOME: 'rel' }, 'linux')).toBe(
      join(homedir(), '.config', 'pdfx', 'config.json'),
    )
    expect(configPath({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toBe(
      join('C:\\Users\\a\\AppData\\Roaming', 'pdfx', 'config.json'),
    )
  })
})

describe('the config file', () => {
  let dir: string
  let path: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pdfx-config-'))
    path = join(dir, 'pdfx', 'config.json')
  })

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('is written atomically with mode 0600 in a folder of mode 0700, and read back', async () => {
    expect(await readConfig(path)).toBeUndefined()
    await writeConfig({ apiKey: 'pdfx_a', baseUrl: 'https://pdfx.example.com' }, path)
    await writeConfig({ apiKey: 'pdfx_b' }, path)
    expect(await readConfig(path)).toEqual({ config: { apiKey: 'pdfx_b' } })
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect((await stat(dirname(path))).mode & 0o777).toBe(0o700)
    // No temporary file is left beside it.
    expect(await readdir(dirname(path))).toEqual(['config.json'])
  })

  it('tightens a folder that exists with wider permissions', async () => {
    await mkdir(dirname(path), { mode: 0o755 })
    await writeConfig({ apiKey: 'pdfx_a' }, path)
    expect((await stat(dirname(path))).mode & 0o777).toBe(0o700)
  })

  it('warns about a key others can read, and names a broken file', async () => {
    await mkdir(dirname(path))
    await writeFile(path, JSON.stringify({ apiKey: 'pdfx_a', extra: 1 }), { mode: 0o640 })
    const loaded = await readConfig(path)
    expect(loaded?.config).toEqual({ apiKey: 'pdfx_a' })
    expect(loaded?.warning).toContain('can be read by other users (mode 640)')

    for (const broken of ['{', '[]', '{"apiKey": 42}']) {
      await writeFile(path, broken)
      await expect(readConfig(path)).rejects.toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining(`${path} is not a pdfx config file`),
      })
    }
  })

  it('is removed by removeConfig, which says whether there was one', async () => {
    await writeConfig({ apiKey: 'pdfx_a' }, path)
    expect(await removeConfig(path)).toBe(true)
    expect(await removeConfig(path)).toBe(false)
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
