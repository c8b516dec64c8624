import { readFile } from 'node:fs/promises'

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** Outcome of reading a Markdown file the bench's way. */
export interface MarkdownFile {
  text: string
  /** False when the file does not exist (it then scores as empty output). */
  exists: boolean
  /** True when the bytes were not valid UTF-8 (the text is then empty, as in the bench). */
  invalid: boolean
}

/** Reads a file like the bench: strict UTF-8 (a BOM is kept), universal newlines; missing or undecodable reads as empty. */
export async function readMarkdownFile(path: string): Promise<MarkdownFile> {
  let bytes: Uint8Array
  try {
    bytes = await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { text: '', exists: false, invalid: false }
    throw error
  }
  try {
    return { text: UTF8.decode(bytes).replace(/\r\n?/g, '\n'), exists: true, invalid: false }
  } catch {
    return { text: '', exists: true, invalid: true }
  }
}
