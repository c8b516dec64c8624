import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import {
  DocLinkListSchema,
  DocLinkRevokedSchema,
  DocLinkSchema,
  DocLinkStatsSchema,
} from '@pdfx/schema'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ApiServer, deadOrigin, freshHome, startApiServer, TIMEOUT_MS } from './api-server.js'
import { hasAnsi, type PdfxRun, pdfx } from './run-pdfx.js'

// `pdfx login` and `pdfx links` as a user runs them: the built binary, against a real listening
// server on 127.0.0.1, with a config folder of its own per test.
let api: ApiServer
let home: Awaited<ReturnType<typeof freshHome>>

beforeAll(async () => {
  api = await startApiServer()
}, TIMEOUT_MS)

afterAll(async () => {
  await api?.close()
})

beforeEach(async () => {
  // A fresh minute per test: per-key request counters never leak between tests.
  api.clock.nextMinute()
  home = await freshHome()
})

afterEach(async () => {
  await home.remove()
})

/** Runs pdfx in the test's home, with PDFX_BASE_URL and PDFX_API_KEY as given ('' = unset). */
function run(
  args: string[],
  options: { key?: string; baseUrl?: string; input?: string } = {},
): Promise<PdfxRun> {
  return pdfx(args, {
    env: {
      ...home.env,
      PDFX_API_KEY: options.key ?? '',
      PDFX_BASE_URL: options.baseUrl ?? api.url,
    },
    ...(options.input !== undefined && { input: options.input }),
  })
}

/** A well-formed key no account has. */
const UNKNOWN_KEY = `pdfx_${'A'.repeat(36)}`

const pdf = (path = '/one.pdf') => `${api.origin.origin}${path}`

async function createLink(key: string, args: string[] = []) {
  const created = await run(['links', 'create', pdf(), '--json', ...args], { key })
  expect(created.stderr).toBe('')
  expect(created.code).toBe(0)
  return DocLinkSchema.parse(JSON.parse(created.stdout))
}

describe('pdfx login and logout', { timeout: TIMEOUT_MS }, () => {
  it('saves the key from stdin in a file only the user can read, and links use it', async () => {
    const key = await api.newKey()
    const login = await run(['login', '--base-url', api.url], { input: `${key}\n`, baseUrl: '' })
    expect(login.code).toBe(0)
    expect(login.stdout).toBe('')
    expect(login.stderr).toContain(`saved the API key pdfx_${key.slice(5, 9)}...`)
    expect(login.stderr).not.toContain(key)
    expect(JSON.parse(await readFile(home.configFile, 'utf8'))).toEqual({
      apiKey: key,
      baseUrl: api.url,
    })
    expect((await stat(home.configFile)).mode & 0o777).toBe(0o600)
    expect((await stat(dirname(home.configFile))).mode & 0o777).toBe(0o700)

    // No PDFX_* variables: the key and the server come from the file.
    const list = await run(['links', 'list', '--json'], { baseUrl: '' })
    expect(list.code).toBe(0)
    expect(DocLinkListSchema.parse(JSON.parse(list.stdout))).toEqual({ links: [] })
  })

  it('lets PDFX_API_KEY and PDFX_BASE_URL override the saved ones', async () => {
    const saved = await api.newKey()
    await mkdir(dirname(home.configFile), { recursive: true })
    // The saved server is down; the saved key is valid.
    const down = await deadOrigin()
    await writeFile(home.configFile, JSON.stringify({ apiKey: saved, baseUrl: down }), {
      mode: 0o600,
    })
    const unreachable = await run(['links', 'list'], { baseUrl: '' })
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr).toMatch(
      new RegExp(`^pdfx: error \\[unavailable\\] .*could not connect to ${down}.*saved in `),
    )

    const viaEnv = await run(['links', 'list', '--json'], { baseUrl: api.url })
    expect(viaEnv.code).toBe(0)

    const otherKey = await run(['links', 'list'], { key: UNKNOWN_KEY, baseUrl: api.url })
    expect(otherKey.code).toBe(1)
    expect(otherKey.stderr).toMatch(/^pdfx: error \[unauthorized\] .*PDFX_API_KEY was refused/)
  })

  it('refuses a key of the wrong shape, and a key the server does not know', async () => {
    const shape = await run(['login'], { input: 'sk-not-a-pdfx-key\n' })
    expect(shape.code).toBe(1)
    expect(shape.stderr).toMatch(/^pdfx: error \[invalid_request\] that is not a pdfx API key/)

    const empty = await run(['login'])
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain('no API key was given on stdin')

    const unknown = await run(['login'], { input: UNKNOWN_KEY })
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/^pdfx: error \[unauthorized\] .* refused the key/)
    await expect(stat(home.configFile)).rejects.toMatchObject({ code: 'ENOENT' })

    // --no-verify saves it unchecked, even with no server to ask.
    const unchecked = await run(['login', '--no-verify'], {
      input: `${UNKNOWN_KEY}\nsecond line ignored\n`,
      baseUrl: await deadOrigin(),
    })
    expect(unchecked.code).toBe(0)
    expect(JSON.parse(await readFile(home.configFile, 'utf8'))).toEqual({ apiKey: UNKNOWN_KEY })
  })

  it('warns when the saved key is readable by others, and logout deletes it', async () => {
    const key = await api.newKey()
    expect((await run(['login'], { input: key })).code).toBe(0)
    await chmod(home.configFile, 0o644)
    const list = await run(['links', 'list'])
    expect(list.code).toBe(0)
    expect(list.stderr).toContain('can be read by other users (mode 644)')

    const logout = await run(['logout'])
    expect(logout).toMatchObject({ code: 0, stdout: '' })
    expect(logout.stderr).toContain(`deleted ${home.configFile}`)
    await expect(stat(home.configFile)).rejects.toMatchObject({ code: 'ENOENT' })
    expect((await run(['logout'])).stderr).toContain('no saved key')

    const missing = await run(['links', 'list'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(
      'pdfx: error [unauthorized] no API key: run "pdfx login" to save one, or set PDFX_API_KEY\n',
    )
  })
})

describe('pdfx links', { timeout: TIMEOUT_MS }, () => {
  it('create prints exactly the public URL on stdout, and details on stderr', async () => {
    const key = await api.newKey()
    const created = await run(['links', 'create', pdf()], { key })
    expect(created.code).toBe(0)
    expect(created.stdout).toMatch(/^http:\/\/localhost:8787\/d\/[a-z2-7]{16}\n$/)
    expect(created.stderr).toMatch(/^pdfx: created Doc Link "one\.pdf"\n {2}id {7}lnk_/)
    expect(created.stderr).toContain('expires  never')
  })

  it('create --json sends the name, expiry, notification and download choices', async () => {
    const key = await api.newKey()
    const before = Date.now()
    const link = await createLink(key, [
      '--name',
      'Invoice 42',
      '--expires',
      '7d',
      '--no-notify',
      '--no-download',
    ])
    expect(link.name).toBe('Invoice 42')
    const expiresMs = Date.parse(link.expiresAt ?? '')
    expect(expiresMs - before).toBeGreaterThanOrEqual(7 * 86_400_000)
    expect(expiresMs - Date.now()).toBeLessThanOrEqual(7 * 86_400_000)
    const stored = await api.app.server.linkStore.findBySlug(link.slug)
    expect(stored).toMatchObject({ notifyOnOpen: false, allowDownload: false })
  })

  it('list prints a table, or DocLinkList JSON with --json', async () => {
    const key = await api.newKey()
    const first = await createLink(key, ['--name', 'First report'])
    api.clock.advance(1000)
    await createLink(key, ['--name', 'Second report'])
    expect((await run(['links', 'revoke', first.id], { key })).code).toBe(0)

    const json = await run(['links', 'list', '--json'], { key })
    expect(json.code).toBe(0)
    const { links } = DocLinkListSchema.parse(JSON.parse(json.stdout))
    expect(links.map((link) => [link.name, link.disabled])).toEqual([
      ['Second report', false],
      ['First report', true],
    ])

    const table = await run(['links', 'list'], { key })
    expect(table.code).toBe(0)
    expect(table.stderr).toBe('')
    expect(table.stdout).toMatch(/^┌─/)
    expect(table.stdout).toMatch(/│ Name +│ Link +│ Views │ Last view \(UTC\) │ State +│/)
    expect(table.stdout).toMatch(
      /│ Second report │ http:\/\/localhost:8787\/d\/\S+ │ +0 │ - +│ active +│/,
    )
    expect(table.stdout).toMatch(/│ First report +│ .* │ revoked │/)
    expect(hasAnsi(table.stdout)).toBe(false)
  })

  it('stats draws the summary, breakdowns and time per page; --json is DocLinkStats', async () => {
    const key = await api.newKey('pro')
    const link = await createLink(key)
    const { linkStore } = api.app.server
    const now = new Date(api.clock.now())
    const first = await linkStore.startVisit(
      { linkId: link.id, visitor: 'vst_first', dailyHash: 'h1', country: 'DE', company: 'Acme' },
      now,
    )
    const second = await linkStore.startVisit(
      { linkId: link.id, visitor: 'vst_second', dailyHash: 'h2', country: 'FR', device: 'mobile' },
      now,
    )
    await linkStore.recordDwell(
      first.visitId,
      [
        { page: 1, ms: 12_000 },
        { page: 2, ms: 3_000 },
      ],
      now,
    )
    await linkStore.recordDwell(second.visitId, [{ page: 1, ms: 4_000 }], now)

    const human = await run(['links', 'stats', link.slug], { key })
    expect(human.code).toBe(0)
    expect(human.stderr).toBe('')
    expect(human.stdout).toContain(`  Id          ${link.id}`)
    expect(human.stdout).toContain('  Views       2\n  Visitors    2')
    expect(human.stdout).toMatch(/Countries\n┌─+┬─+┐\n│ Country │ Visits │/)
    expect(human.stdout).toMatch(/│ Acme +│ +1 │/)
    // Page 1: 16 s over 2 views, the longest bar; page 2: 3 s over one view, 3/8 of it.
    const chart = human.stdout.split('Time per page (average per view)\n')[1] ?? ''
    const [page1, page2] = chart.split('\n')
    expect(page1).toMatch(/^ {2}page 1 {2}█+ {2}8\.0 s {2}2 views$/)
    expect(page2).toMatch(/^ {2}page 2 {2}█+[▏▎▍▌▋▊▉]? +3\.0 s {2}1 view$/)
    const barOf = (line = '') => line.replace(/[^█▏▎▍▌▋▊▉]/g, '')
    expect(barOf(page2).length / barOf(page1).length).toBeCloseTo(3 / 8, 1)
    expect(human.stdout).not.toContain('Recent visits')
    expect(hasAnsi(human.stdout)).toBe(false)

    const visits = await run(['links', 'stats', link.id, '--visits'], { key })
    expect(visits.code).toBe(0)
    expect(visits.stdout).toMatch(/Recent visits\n┌─/)
    expect(visits.stdout).toMatch(
      /│ Started \(UTC\) +│ Visitor +│ Time +│ Pages +│ Country +│ Company +│ Device +│\n/,
    )
    expect(visits.stdout).toMatch(/│ vst_firs +│ +15\.0 s │ +2 │ DE +│ Acme +│ +│/)

    const json = await run(['links', 'stats', link.slug, '--json'], { key })
    const stats = DocLinkStatsSchema.parse(JSON.parse(json.stdout))
    expect(stats).toMatchObject({ plan: 'pro', totalViews: 2, visitors: 2 })
    expect(stats.pages).toEqual([
      { page: 1, views: 2, avgMs: 8000 },
      { page: 2, views: 1, avgMs: 3000 },
    ])
    expect(stats.visits).toBeUndefined()
    const withVisits = await run(['links', 'stats', link.slug, '--json', '--visits'], { key })
    expect(DocLinkStatsSchema.parse(JSON.parse(withVisits.stdout)).visits).toHaveLength(2)
  })

  it('stats on the free plan shows the summary and the upgrade note', async () => {
    const key = await api.newKey('free')
    const link = await createLink(key)
    const { stdout, code } = await run(['links', 'stats', link.slug], { key })
    expect(code).toBe(0)
    expect(stdout).toContain('  Plan        free')
    expect(stdout).not.toContain('Time per page')
    const note = DocLinkStatsSchema.parse(
      JSON.parse((await run(['links', 'stats', link.slug, '--json'], { key })).stdout),
    ).upgradeNote
    expect(note).toBeTruthy()
    expect(stdout.trimEnd().endsWith(note ?? '')).toBe(true)
  })

  it('revoke says so, and again the second time', async () => {
    const key = await api.newKey()
    const link = await createLink(key)
    const first = await run(['links', 'revoke', link.id], { key })
    expect(first).toEqual({ code: 0, stdout: `revoked ${link.id}\n`, stderr: '' })
    const again = await run(['links', 'revoke', link.slug, '--json'], { key })
    expect(again.code).toBe(0)
    expect(DocLinkRevokedSchema.parse(JSON.parse(again.stdout))).toEqual({
      id: link.id,
      slug: link.slug,
      disabled: true,
    })
  })

  it('reports API errors with their code on stderr and exits 1', async () => {
    const key = await api.newKey('free')
    const unknown = await run(['links', 'stats', 'no-such-link'], { key })
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toBe('')
    expect(unknown.stderr).toMatch(/^pdfx: error \[not_found\] .+\n$/)
    expect((await run(['links', 'revoke', 'lnk_aaaaaaaaaaaaaaaa'], { key })).stderr).toContain(
      '[not_found]',
    )

    const vanity = await run(['links', 'create', pdf(), '--slug', 'my-report'], { key })
    expect(vanity.code).toBe(1)
    expect(vanity.stdout).toBe('')
    expect(vanity.stderr).toMatch(/^pdfx: error \[plan_limit\] /)

    const notPdf = await run(['links', 'create', pdf('/page.pdf')], { key })
    expect(notPdf.code).toBe(1)
    expect(notPdf.stderr).toContain('[not_a_pdf]')

    const down = await deadOrigin()
    const refused = await run(['links', 'list'], { key, baseUrl: down })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      new RegExp(`^pdfx: error \\[unavailable\\] GET /api/v1/links: could not connect to ${down}`),
    )
  })

  it.each([
    [['links', 'create', 'ftp://example.org/a.pdf']],
    [['links', 'create', 'report.pdf']],
    [['links', 'create', 'https://example.org/a.pdf', '--expires', 'tomorrow']],
    [['links', 'create', 'https://example.org/a.pdf', '--expires', '2020-01-01T00:00:00Z']],
    [['links', 'create', 'https://example.org/a.pdf', '--slug', 'Not_A_Slug']],
    [['links', 'stats']],
    [['links', 'frobnicate']],
    [['links']],
    [['login', 'pdfx_key-on-the-command-line']],
  ])('exits 2 without calling the server for pdfx %j', async (args) => {
    const { code, stdout, stderr } = await run(args, {
      key: UNKNOWN_KEY,
      baseUrl: await deadOrigin(),
    })
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).not.toContain('[unavailable]')
  })
})
