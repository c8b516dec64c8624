/**
 * A non-empty environment variable, where the runtime has `process.env` (Node, Bun, Deno's Node
 * compatibility); undefined in browsers, and where reading it is not permitted (Deno without
 * `--allow-env` throws).
 */
export function readEnv(name: string): string | undefined {
  try {
    const runtime = globalThis as { process?: { env?: Record<string, string | undefined> } }
    const value = runtime.process?.env?.[name]
    return value === undefined || value === '' ? undefined : value
  } catch {
    return undefined
  }
}
