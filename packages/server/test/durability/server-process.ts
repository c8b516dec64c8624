import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// The real `pdfx-server serve` from sources through tsx, as test/app/process.test.ts runs it.
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url))
const NODE_ARGS = ['--import', 'tsx', '--conditions=@pdfx/source', 'src/bin.ts', 'serve']
/** Longest a start from sources may take on a loaded two-core CI machine, in milliseconds. */
const START_TIMEOUT_MS = 30_000
/** Longest a graceful stop (SIGTERM) may take, in milliseconds. */
const STOP_TIMEOUT_MS = 30_000
/** Keeps the end of the server's output for failure messages, in characters. */
const OUTPUT_TAIL_CHARS = 8_000

/** A process of the server's process group as /proc shows it. */
export interface GroupMember {
  pid: number
  /** One-letter state of /proc/<pid>/stat: `Z` is a zombie waiting to be reaped. */
  state: string
  command: string
}

/** What became of the server's child processes after the server itself was SIGKILLed. */
export interface KillAftermath {
  /** Members of the server's process group just before the kill (the server excluded). */
  childrenBefore: number
  /** Milliseconds until no member was alive any more (zombies aside); null if some outlived the grace. */
  childrenGoneAfterMs: number | null
  /** Members still running after the grace period; the group is SIGKILLed then. */
  survivors: GroupMember[]
  /** Members that exited but were never reaped (their new parent does not wait for them). */
  zombies: GroupMember[]
}

/** A running server process on a given data directory or database. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>`, once it listens. */
  readonly url: string
  readonly pid: number
  /** SIGKILLs the server (not its children), then watches what its children do for `graceMs`. */
  kill(graceMs: number): Promise<KillAftermath>
  /** SIGTERM and a wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>
  /** The last lines the server wrote, for failure messages. */
  output(): string
}

/**
 * Starts `pdfx-server serve` with exactly `env` (plus PATH and HOME) and resolves once it listens.
 * The process leads a process group of its own, so that the extraction children it forks can be
 * found (and, when they outlive it, killed) as one group.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const { PATH, HOME } = process.env
  const child = spawn(process.execPath, NODE_ARGS, {
    cwd: PACKAGE_DIR,
    env: { PATH, HOME, PDFX_PORT: '0', PDFX_LOG_LEVEL: 'warn', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const pid = child.pid
  if (pid === undefined) throw new Error('the server process did not start')
  let url: string
  try {
    url = await waitForListening(child, () => output)
  } catch (error) {
    killGroup(pid)
    await exited
    throw error
  }
  return {
    url,
    pid,
    async kill(graceMs) {
      const childrenBefore = groupMembers(pid).filter((member) => member.pid !== pid).length
      child.kill('SIGKILL')
      await exited
      const killedAt = Date.now()
      let alive = liveMembers(pid)
      while (alive.length > 0 && Date.now() - killedAt < graceMs) {
        await sleep(50)
        alive = liveMembers(pid)
      }
      const childrenGoneAfterMs = alive.length === 0 ? Date.now() - killedAt : null
      if (alive.length > 0) killGroup(pid)
      return {
        childrenBefore,
        childrenGoneAfterMs,
        survivors: alive,
        zombies: groupMembers(pid).filter((member) => member.state === 'Z'),
      }
    },
    async stop() {
      child.kill('SIGTERM')
      const timer = setTimeout(() => killGroup(pid), STOP_TIMEOUT_MS)
      try {
        return await exited
      } finally {
        clearTimeout(timer)
        // Nothing of a stopped server may keep running; a graceful stop closes the pool itself.
        killGroup(pid)
      }
    },
    output: () => output,
  }
}

async function waitForListening(child: ChildProcess, output: () => string): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(output())
    if (match?.[1]) return match[1]
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output()}`)
    }
    if (Date.now() > deadline) throw new Error(`the server did not listen in time:\n${output()}`)
    await sleep(25)
  }
}

/**
 * Every process whose process group is `groupId`, read from /proc. Without /proc (not Linux) the
 * group cannot be seen, and nothing is reported.
 */
export function groupMembers(groupId: number): GroupMember[] {
  const members: GroupMember[] = []
  if (!existsSync('/proc/self/stat')) return members
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // exited while we looked
    }
    // `pid (comm) state ppid pgrp ...`; comm may hold spaces and parentheses, so split after it.
    const close = stat.lastIndexOf(')')
    const [state = '?', , pgrp] = stat.slice(close + 2).split(' ')
    if (Number(pgrp) !== groupId) continue
    members.push({ pid: Number(name), state, command: stat.slice(stat.indexOf('(') + 1, close) })
  }
  return members
}

function liveMembers(groupId: number): GroupMember[] {
  return groupMembers(groupId).filter((member) => member.state !== 'Z')
}

function killGroup(groupId: number): void {
  try {
    process.kill(-groupId, 'SIGKILL')
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
