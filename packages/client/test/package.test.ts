/**
 * What users install: the dependency closure (no pdf.js, ever) and the built ESM and CJS
 * entries, loaded by plain Node the way an application would.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const distDir = join(packageDir, 'dist')

interface Manifest {
  name: string
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest
}

/** Where Node would find `name` from `dir`: the nearest node_modules up the tree. */
function findPackage(dir: string, name: string): string {
  for (let current = dir; ; current = dirname(current)) {
    const candidate = join(current, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate)
    if (dirname(current) === current) throw new Error(`${name} is not installed from ${dir}`)
  }
}

/** Every package installing @pdfx/client brings in: runtime, peer and optional dependencies. */
function dependencyClosure(dir: string, seen = new Map<string, string>()): Map<string, string> {
  const manifest = readManifest(dir)
  const names = Object.keys({
    ...manifest.dependencies,
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies,
  })
  for (const name of names) {
    if (seen.has(name)) continue
    const found = findPackage(dir, name)
    seen.set(name, found)
    dependencyClosure(found, seen)
  }
  return seen
}

describe('installing @pdfx/client', () => {
  it('depends on @pdfx/schema only', () => {
    const manifest = readManifest(packageDir)
    expect(manifest.dependencies).toEqual({ '@pdfx/schema': 'workspace:*' })
    expect(manifest.peerDependencies).toBeUndefined()
    expect(manifest.optionalDependencies).toBeUndefined()
  })

  it('never pulls pdf.js: the whole closure is @pdfx/schema and zod', () => {
    const closure = [...dependencyClosure(packageDir).keys()].sort()
    expect(closure).not.toContain('pdfjs-dist')
    expect(closure).toEqual(['@pdfx/schema', 'zod'])
  })
})

describe('the build (pnpm -F @pdfx/client build)', () => {
  const files = existsSync(distDir) ? readdirSync(distDir).sort() : []

  it('has ESM, CJS and their declarations', () => {
    expect(files, 'dist/ is missing: run pnpm -F @pdfx/client build').toEqual(
      expect.arrayContaining(['index.cjs', 'index.d.cts', 'index.d.ts', 'index.js']),
    )
  })

  it('imports nothing but @pdfx/schema, and never pdf.js', () => {
    for (const file of files.filter((name) => /\.(c?js|d\.c?ts)$/.test(name))) {
      const code = readFileSync(join(distDir, file), 'utf8')
      expect(code, file).not.toMatch(/pdfjs/i)
      const specifiers = [
        ...code.matchAll(
          /\bfrom\s*["']([^"']+)["']|\brequire\(\s*["']([^"']+)["']\s*\)|\bimport\(\s*["']([^"']+)["']\s*\)/g,
        ),
      ].map((match) => match[1] ?? match[2] ?? match[3])
      expect(new Set(specifiers), file).toEqual(new Set(['@pdfx/schema']))
    }
  })

  it('loads by its name in plain Node, as ESM and as CJS, with one error family across both', () => {
    // Self-reference by package name goes through the `exports` map, as in an application.
    const script = `
      import { createRequire } from 'node:module'
      const require = createRequire(import.meta.url)
      const esm = await import('@pdfx/client')
      const cjs = require('@pdfx/client')
      const fromCjs = new cjs.PdfxTimeoutError('slow', 5)
      console.log(JSON.stringify({
        files: [import.meta.resolve('@pdfx/client'), require.resolve('@pdfx/client')],
        esm: Object.keys(esm).sort(),
        cjs: Object.keys(cjs).sort(),
        recognised: esm.isPdfxError(fromCjs) && fromCjs.code === 'timeout',
        pdfjs: Object.keys(require.cache).filter((path) => /pdfjs/.test(path)),
      }))
    `
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: packageDir,
      encoding: 'utf8',
    })
    const result = JSON.parse(output) as {
      files: string[]
      esm: string[]
      cjs: string[]
      recognised: boolean
      pdfjs: string[]
    }
    expect(result.files.map((file) => file.replace(/^file:\/\//, ''))).toEqual([
      join(distDir, 'index.js'),
      join(distDir, 'index.cjs'),
    ])
    expect(result.esm).toContain('Pdfx')
    expect(result.cjs).toEqual(result.esm)
    expect(result.recognised).toBe(true)
    expect(result.pdfjs).toEqual([])
  })
})
