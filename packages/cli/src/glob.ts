// Glob patterns for inputs the shell did not expand: quoted patterns (`pdfx extract 'docs/**/*.pdf'`)
// and shells without globbing (cmd.exe). Node 20 has no stable fs glob (fs.promises.glob and
// path.matchesGlob are experimental there and print a warning), so the pattern becomes a regular
// expression matched against the files of a directory walk.

/** Characters that make an argument a pattern rather than a path. */
const MAGIC = /[*?[{]/

/** True when the text holds `*`, `?`, `[` or `{`. */
export function hasGlobMagic(text: string): boolean {
  return MAGIC.test(text)
}

/** A pattern split into the folder to walk and the `/`-separated segments to match below it. */
export interface SplitGlob {
  /** The leading segments without magic, joined: where the walk starts ('.' for none). */
  base: string
  segments: string[]
}

/** Splits `docs/20??/report.pdf` into base `docs` and segments `20??`, `report.pdf`. */
export function splitGlob(pattern: string): SplitGlob {
  // Backslashes separate folders on Windows; elsewhere they escape the next character.
  const slashed = process.platform === 'win32' ? pattern.replaceAll('\\', '/') : pattern
  const parts = slashed.split('/')
  const firstMagic = parts.findIndex((part) => hasGlobMagic(part))
  const baseParts = firstMagic === -1 ? parts : parts.slice(0, firstMagic)
  const segments = firstMagic === -1 ? [] : parts.slice(firstMagic).filter((part) => part !== '')
  const base = baseParts.join('/')
  // `/x/*` keeps its root; `*.pdf` walks the current folder.
  return { base: base === '' ? (slashed.startsWith('/') ? '/' : '.') : base, segments }
}

/** How deep below the base a match can lie: unlimited when a segment is `**`. */
export function globDepth(segments: readonly string[]): number {
  return segments.includes('**') ? Number.POSITIVE_INFINITY : segments.length
}

/**
 * A regular expression over `/`-separated paths relative to the base. `*` and `?` stay within a
 * folder name, `**` as a whole segment spans any number of folders (none included), `[a-z]` and
 * `[!a-z]` are classes, `{a,b}` alternatives (they may nest).
 */
export function globToRegExp(segments: readonly string[]): RegExp {
  let source = ''
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1
    if (segment === '**') {
      source += last ? '(?:[^/]+/)*[^/]+' : '(?:[^/]+/)*'
    } else {
      source += segmentSource(segment) + (last ? '' : '/')
    }
  })
  return new RegExp(`^${source}$`)
}

function segmentSource(segment: string): string {
  let source = ''
  let braces = 0
  for (let index = 0; index < segment.length; index++) {
    const char = segment.charAt(index)
    if (char === '\\' && index + 1 < segment.length) {
      source += escapeRegExp(segment.charAt(++index))
    } else if (char === '*') {
      source += '[^/]*'
    } else if (char === '?') {
      source += '[^/]'
    } else if (char === '[') {
      const close = segment.indexOf(']', index + 2)
      if (close === -1) {
        source += '\\['
        continue
      }
      let body = segment.slice(index + 1, close)
      const negated = body.startsWith('!') || body.startsWith('^')
      if (negated) body = body.slice(1)
      source += `[${negated ? '^' : ''}${body.replaceAll('\\', '\\\\').replaceAll(']', '\\]')}]`
      index = close
    } else if (char === '{') {
      braces++
      source += '(?:'
    } else if (char === ',' && braces > 0) {
      source += '|'
    } else if (char === '}' && braces > 0) {
      braces--
      source += ')'
    } else {
      source += escapeRegExp(char)
    }
  }
  // An unclosed `{` is a literal brace, as in bash.
  return braces > 0 ? escapeRegExp(segment) : source
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
