import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runServerCli } from '../../src/cli.js'
import { openStore } from '../../src/store/index.js'

const dataDir = mkdtempSync(join(tmpdir(), 'pdfx-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Runs `pdfx-server …` in this process against the test's data directory. */
async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runServerCli(argv, {
    env: { PDFX_DATA_DIR: dataDir },
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
  })
  return { code, stdout, stderr }
}

describe('pdfx-server operator commands', () => {
  it('manage accounts, keys and credits in the server database', async () => {
    const created = await run(
      'account',
      'create',
      '--email',
      'Ann@Example.com',
      '--plan',
      'pro',
      '--json',
    )
    expect(created.code).toBe(0)
    const { account, apiKey } = JSON.parse(created.stdout)
    expect(account).toMatchObject({ email: 'ann@example.com', plan: 'pro', credits: 0 })

    const second = await run('key', 'create', '--account', account.id, '--name', 'ci', '--json')
    const { key, apiKey: secondKey } = JSON.parse(second.stdout)
    expect(key).toMatchObject({ accountId: account.id, name: 'ci', revokedAt: null })
    expect(secondKey).not.toBe(apiKey)

    const listed = JSON.parse((await run('key', 'list', '--account', account.id, '--json')).stdout)
    expect(listed.keys).toHaveLength(2)
    expect(JSON.stringify(listed)).not.toContain(apiKey)

    const revoked = await run('key', 'revoke', '--account', account.id, '--key', key.id, '--json')
    expect(JSON.parse(revoked.stdout).key.revokedAt).not.toBeNull()
    const credits = await run('credits', 'add', '--account', account.id, '--pages', '250', '--json')
    expect(JSON.parse(credits.stdout)).toEqual({ accountId: account.id, credits: 250 })

    const store = await openStore({ dataDir })
    try {
      expect(await store.authenticate(apiKey)).not.toBeNull()
      expect(await store.authenticate(secondKey)).toBeNull()
    } finally {
      await store.close()
    }
    const text = await run('key', 'list', '--account', account.id)
    expect(text.stdout).toContain('revoked')
  })

  it('explain failures on stderr with exit code 1, usage errors with 2', async () => {
    await run('account', 'create', '--email', 'bob@example.com')
    const taken = await run('account', 'create', '--email', 'bob@example.com')
    expect(taken).toMatchObject({ code: 1, stdout: '' })
    expect(taken.stderr).toContain('already exists')
    expect((await run('key', 'list', '--account', 'acc_missing')).stderr).toContain(
      'No account acc_missing',
    )
    expect((await run('key', 'revoke', '--account', 'acc_x', '--key', 'key_y')).code).toBe(1)
    expect((await run('credits', 'add', '--account', 'acc_x', '--pages', '0')).code).toBe(2)
    expect(
      (await run('account', 'create', '--email', 'c@example.com', '--plan', 'gold')).code,
    ).toBe(2)
    expect((await run('account', 'create')).code).toBe(2)
  })
})
