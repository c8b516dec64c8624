import type { Plan } from '@pdfx/schema'
import type { LimitOverrides, LinkLimits } from '@pdfx/server'

/** What a server child opens: `PDFX_*` variables for `loadConfig` and the `openServer` overrides. */
export interface ServerSpec {
  env: Record<string, string>
  limits?: LimitOverrides
  linkLimits?: Partial<LinkLimits>
  /** Starts the extraction children with the server instead of at the first extraction. */
  prestart: boolean
}

/** Memory of a process, in bytes, read after a full garbage collection. */
export interface ProcessMemory {
  rssBytes: number
  heapUsedBytes: number
}

/** What the parent asks of a server child; every request but `open` carries an id for its reply. */
export type ParentMessage =
  | { type: 'open'; spec: ServerSpec }
  | { type: 'account'; id: number; plan: Plan; credits: number }
  | { type: 'memory'; id: number }
  | { type: 'close'; id: number }

/** What a server child says: `ready` or `failed` once, then one reply per request. */
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'failed'; message: string }
  | { type: 'account'; id: number; accountId: string; apiKey: string }
  | { type: 'memory'; id: number; memory: ProcessMemory }
  | { type: 'closed'; id: number }
  | { type: 'error'; id: number; message: string }
