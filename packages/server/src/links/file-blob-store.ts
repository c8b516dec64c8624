import { randomBytes } from 'node:crypto'
import {
  type FileHandle,
  mkdir,
  open as openFile,
  readdir,
  rename,
  rm,
  stat,
  unlink,
} from 'node:fs/promises'
import { join } from 'node:path'
import { assertBlobKey, type BlobStore, type StoredBlob, sha256Hex } from './blob-store.js'

const TEMP_SUFFIX = '.partial'
const BLOB_SUFFIX = '.pdf'

/**
 * PDFs as files in one directory. A file is written under a temporary name, flushed to disk and
 * then renamed, so a crash leaves either the whole file or a temporary one (removed at the next
 * start), never a truncated PDF under its real name.
 */
export async function createFileBlobStore(directory: string): Promise<BlobStore> {
  await mkdir(directory, { recursive: true })
  // Leftovers of writes a crash interrupted: their links were never committed.
  for (const name of await readdir(directory)) {
    if (name.endsWith(TEMP_SUFFIX)) await rm(join(directory, name), { force: true })
  }
  const pathOf = (key: string) => {
    assertBlobKey(key)
    return join(directory, `${key}${BLOB_SUFFIX}`)
  }

  return {
    async put(key, bytes): Promise<StoredBlob> {
      const path = pathOf(key)
      const temporary = `${path}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`
      const file = await openFile(temporary, 'wx', 0o600)
      try {
        await file.writeFile(bytes)
        await file.sync()
      } catch (error) {
        await file.close()
        await rm(temporary, { force: true })
        throw error
      }
      await file.close()
      await rename(temporary, path)
      await syncDirectory(directory)
      return {
        sizeBytes: bytes.byteLength,
        sha256: sha256Hex(bytes),
      }
    },
    async open(key) {
      let file: FileHandle
      try {
        file = await openFile(pathOf(key), 'r')
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
      try {
        const { size } = await file.stat()
        // The stream closes the file when it ends, fails or is destroyed.
        return { sizeBytes: size, stream: file.createReadStream() }
      } catch (error) {
        await file.close()
        throw error
      }
    },
    async delete(key) {
      try {
        await unlink(pathOf(key))
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    },
    async list() {
      const names = (await readdir(directory)).filter((name) => name.endsWith(BLOB_SUFFIX))
      const listed = await Promise.all(
        names.map(async (name) => {
          const stats = await stat(join(directory, name)).catch(() => undefined)
          return stats && { key: name.slice(0, -BLOB_SUFFIX.length), storedAt: stats.mtime }
        }),
      )
      return listed.filter((entry) => entry !== undefined)
    },
  }
}

// The rename is durable only once the directory entry itself reaches the disk.
async function syncDirectory(directory: string): Promise<void> {
  const handle = await openFile(directory, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}
