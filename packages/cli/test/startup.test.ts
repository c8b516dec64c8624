import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SAMPLE_PDF } from './pdfs.js'
import { pdfx } from './run-pdfx.js'

const RECORDER = fileURLToPath(new URL('./fixtures/record-imports-register.mjs', import.meta.url))

/** The module URLs a run of pdfx resolved, recorded by loader hooks (fixtures/record-imports.mjs). */
async function modulesLoadedBy(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ modules: string[]; code: number | null }> {
  const dir = await mkdtemp(join(tmpdir(), 'pdfx-cli-imports-'))
  const log = join(dir, 'imports.log')
  try {
    const run = await pdfx(args, {
      nodeArgs: ['--import', RECORDER],
      env: { ...env, PDFX_TEST_IMPORT_LOG: log },
    })
    const modules = (await readFile(log, 'utf8')).trimEnd().split('\n')
    return { modules, code: run.code }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe('start-up', { timeout: 30_000 }, () => {
  it('pdfx --help lists the exit codes', async () => {
    const help = await pdfx(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Exit codes:\n  0  success\n  1  failure')
    expect(help.stdout).toContain('  3  some inputs of a batch failed')
    for (const command of ['links', 'login', 'logout']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'))
    }
    // The help names the client's default server; they must agree.
    const { DEFAULT_BASE_URL } = await import('@pdfx/client')
    expect(help.stdout).toContain(`(default ${DEFAULT_BASE_URL})`)
  })

  it.each([
    [['--help']],
    [['links', '--help']],
    [['links', 'stats', '--help']],
    [['login', '--help']],
  ])(
    'pdfx %j loads neither pdf.js nor @pdfx/core, @pdfx/client, zod, ora or cli-table3',
    async (args) => {
      const { modules, code } = await modulesLoadedBy(args)
      expect(code).toBe(0)
      // The recorder saw the command's own modules (commander is bundled into them).
      expect(modules.some((url) => url.includes('/cli/dist/'))).toBe(true)
      for (const heavy of ['pdfjs-dist', '/core/', '/client/', 'zod', '/ora/', 'cli-table3']) {
        expect(modules.filter((url) => url.includes(heavy))).toEqual([])
      }
    },
  )

  it('pdfx links loads the client but never @pdfx/core or pdf.js', async () => {
    // No key anywhere: the command stops before any request, after loading what it needs.
    const { modules, code } = await modulesLoadedBy(['links', 'list'], {
      XDG_CONFIG_HOME: '/nonexistent/pdfx-test',
      PDFX_API_KEY: '',
    })
    expect(code).toBe(1)
    expect(modules.some((url) => url.includes('/client/'))).toBe(true)
    // zod has a core/ folder of its own, so @pdfx/core is matched by its package folder.
    for (const heavy of ['pdfjs-dist', '/packages/core/', '@pdfx/core']) {
      expect(modules.filter((url) => url.includes(heavy))).toEqual([])
    }
  })

  it('the recorder does see pdf.js when a command extracts (so the check above can fail)', async () => {
    const { modules, code } = await modulesLoadedBy(['extract', SAMPLE_PDF])
    expect(code).toBe(0)
    expect(modules.some((url) => url.includes('pdfjs-dist'))).toBe(true)
  })
})
