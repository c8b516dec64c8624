import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Plan } from '@pdfx/schema'
import type { ChildMessage, ParentMessage, ProcessMemory, ServerSpec } from './protocol'

const CHILD_FILE = fileURLToPath(new URL('./server-child.ts', import.meta.url))
/** Opening includes migrations and tsx compiling the server's sources: seconds, not minutes. */
const START_TIMEOUT_MS = 60_000
/** A request to the child (an account, a memory reading, closing). */
const REQUEST_TIMEOUT_MS = 30_000

/** A pdfx server running in a child process of its own, listening on loopback. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly pid: number
  /** Creates an account with its first key in the server's store and adds purchased pages. */
  createAccount(plan: Plan, credits: number): Promise<{ accountId: string; apiKey: string }>
  /** The server process's RSS and heap after a full garbage collection. */
  memory(): Promise<ProcessMemory>
  /** Closes the server (pool, Redis, database) and waits for the process to end. */
  close(): Promise<void>
}

type Reply = Extract<ChildMessage, { id: number }>
type Request = Extract<ParentMessage, { id: number }>
type RequestBody<Type> = Type extends Request ? Omit<Type, 'id'> : never

/**
 * Starts `server-child.ts` under tsx with the source condition (as `pnpm bench:load` runs this
 * file) and `--expose-gc`, hands it `spec` over IPC (not argv, where database URLs would show),
 * and resolves once it listens.
 */
export async function startServerProcess(spec: ServerSpec): Promise<ServerProcess> {
  const child = fork(CHILD_FILE, [], {
    execArgv: ['--conditions=@pdfx/source', '--import', import.meta.resolve('tsx'), '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (e: Error) => void }>()
  let nextId = 1
  let ready: { resolve: (url: string) => void; reject: (error: Error) => void } | undefined

  child.on('message', (message: ChildMessage) => {
    if (message.type === 'ready') return ready?.resolve(message.url)
    if (message.type === 'failed') return ready?.reject(new Error(message.message))
    const waiting = pending.get(message.id)
    pending.delete(message.id)
    if (message.type === 'error') waiting?.reject(new Error(message.message))
    else waiting?.resolve(message)
  })
  void exited.then(() => {
    const error = new Error(`The server process ${child.pid} exited (code ${child.exitCode})`)
    ready?.reject(error)
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  })

  const url = await withTimeout(
    new Promise<string>((resolve, reject) => {
      ready = { resolve, reject }
      child.send({ type: 'open', spec } satisfies ParentMessage)
    }),
    START_TIMEOUT_MS,
    'The server process did not start',
  ).catch(async (error: unknown) => {
    await stop(child, exited)
    throw error
  })

  function request<Type extends Request>(body: RequestBody<Type>): Promise<Reply> {
    const id = nextId++
    return withTimeout(
      new Promise<Reply>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        child.send({ ...body, id } as ParentMessage)
      }),
      REQUEST_TIMEOUT_MS,
      `The server process did not answer "${body.type}"`,
    )
  }

  let closing: Promise<void> | undefined
  return {
    url,
    pid: child.pid ?? -1,
    async createAccount(plan, credits) {
      const reply = await request({ type: 'account', plan, credits })
      if (reply.type !== 'account') throw new Error(`Unexpected reply ${reply.type}`)
      return { accountId: reply.accountId, apiKey: reply.apiKey }
    },
    async memory() {
      const reply = await request({ type: 'memory' })
      if (reply.type !== 'memory') throw new Error(`Unexpected reply ${reply.type}`)
      return reply.memory
    },
    close() {
      closing ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          await request({ type: 'close' }).catch(() => undefined)
        }
        await stop(child, exited)
      })()
      return closing
    },
  }
}

/** Waits for the child to end; kills this one child if it does not within a few seconds. */
async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  if (child.connected) child.disconnect()
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
