import type { DocumentFormat } from './render-document.js'

/** File name endings of `--out` files per format: `report.pdf` becomes `report.md` and so on. */
export const OUTPUT_EXTENSIONS = {
  markdown: '.md',
  json: '.json',
  chunks: '.chunks.jsonl',
} as const satisfies Record<DocumentFormat, string>

/**
 * Paths, relative to the `--out` folder and in input order, for inputs named `names` (see
 * Input.name: a file's name, its path below the folder or pattern that found it, or a URL's
 * last segment). A trailing `.pdf` is replaced by the format's extension; folders below the
 * input folder are kept. Two inputs that would get the same path (compared without letter case,
 * as macOS and Windows file systems do) never share it: the later one in input order gets `-2`
 * (then `-3`...) before the extension, so `a/report.pdf` and `b/report.pdf` become `report.md`
 * and `report-2.md`. Names cannot climb out of the folder: `..`, absolute paths and characters
 * Windows refuses are replaced.
 */
export function planOutputPaths(names: readonly string[], format: DocumentFormat): string[] {
  const extension = OUTPUT_EXTENSIONS[format]
  const taken = new Set<string>()
  return names.map((name) => {
    const stem = safeRelativePath(name.replace(/\.pdf$/i, ''))
    let candidate = `${stem}${extension}`
    for (let counter = 2; taken.has(candidate.toLowerCase()); counter++) {
      candidate = `${stem}-${counter}${extension}`
    }
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

function safeRelativePath(path: string): string {
  const segments = path
    .split(/[/\\]/)
    .filter((segment) => segment !== '' && segment !== '.')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .map((segment) => segment.replace(/[<>:"|?*\u0000-\u001f]/g, '_'))
    .map((segment) => (segment === '..' ? '_' : segment))
  return segments.length > 0 ? segments.join('/') : 'document'
}
