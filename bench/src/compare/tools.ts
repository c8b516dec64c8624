import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { unpdfPdfjsBuild } from './node-tool-run'
import { probeOpendataloader } from './opendataloader'
import { probePdftotext } from './pdftotext'
import type { ToolId, ToolProbe } from './tool-run'

/** How a tool is shown, and what it writes for the quality scores. */
export interface ToolInfo {
  label: string
  /** `none`: bare pdf.js reads the text and drops it; it is the floor of speed, not a converter. */
  output: 'markdown' | 'text' | 'none'
  /** Colour group in the charts. */
  kind: 'pdfx' | 'floor' | 'other'
}

export const TOOLS: Record<ToolId, ToolInfo> = {
  pdfjs: { label: 'pdf.js getTextContent', output: 'none', kind: 'floor' },
  fast: { label: 'pdfx extract fast', output: 'markdown', kind: 'pdfx' },
  hybrid: { label: 'pdfx extract hybrid', output: 'markdown', kind: 'pdfx' },
  unpdf: { label: 'unpdf extractText', output: 'text', kind: 'other' },
  pdftotext: { label: 'pdftotext (poppler)', output: 'text', kind: 'other' },
  opendataloader: { label: 'opendataloader (Java)', output: 'markdown', kind: 'other' },
}

async function packageVersion(dir: string): Promise<string> {
  const { version } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
    version: string
  }
  return version
}

async function pdfjsVersion(): Promise<string> {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
  return packageVersion(root)
}

async function probeUnpdf(): Promise<ToolProbe> {
  let entry: string
  try {
    entry = fileURLToPath(import.meta.resolve('unpdf'))
  } catch {
    return { available: false, reason: 'unpdf is not installed (a bench devDependency)' }
  }
  const version = `unpdf ${await packageVersion(dirname(dirname(entry)))}`
  if (unpdfPdfjsBuild() === 'pdfjs-dist-legacy') {
    return {
      available: true,
      version: `${version} on pdfjs-dist ${await pdfjsVersion()} legacy (its own pdf.js build needs Promise.try, Node 22+)`,
    }
  }
  // unpdf brings its own build of pdf.js rather than pdfjs-dist
  const { version: bundled } = (await import('unpdf/pdfjs')) as { version: string }
  return { available: true, version: `${version} (its own pdf.js ${bundled} build)` }
}

/** Whether a tool runs on this machine, and which version it is. */
export async function probeTool(tool: ToolId): Promise<ToolProbe> {
  switch (tool) {
    case 'pdfjs':
      return { available: true, version: `pdfjs-dist ${await pdfjsVersion()}` }
    case 'fast':
    case 'hybrid': {
      const core = fileURLToPath(new URL('../../../packages/core/', import.meta.url))
      return {
        available: true,
        version: `@pdfx/core ${await packageVersion(core)} (sources), pdfjs-dist ${await pdfjsVersion()}`,
      }
    }
    case 'unpdf':
      return probeUnpdf()
    case 'pdftotext':
      return probePdftotext()
    case 'opendataloader':
      return probeOpendataloader()
  }
}
