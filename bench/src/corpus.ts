import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Root of the shared benchmark corpus: `<repo>/../shared/corpus`, never copied into the repository. */
export function corpusDir(): string {
  const dir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url))
  if (!existsSync(dir)) {
    throw new Error(
      `The benchmark corpus was not found at ${dir}. It lives next to the repository, in ../shared/corpus (see its README.md).`,
    )
  }
  return dir
}

/** A subfolder of the corpus (`dpbench`, `realworld`, `tables`), checked to exist. */
export function corpusSubdir(name: string): string {
  const dir = `${corpusDir()}${name}`
  if (!existsSync(dir)) throw new Error(`The corpus folder ${dir} is missing.`)
  return dir
}
