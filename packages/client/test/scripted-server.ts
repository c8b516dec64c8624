/**
 * A tiny HTTP server on 127.0.0.1 that answers from a script, for the failures a healthy
 * @pdfx/server does not produce on demand: 5xx, dropped connections, stalls, foreign bodies.
 */
import { startLoopbackServer } from '../../server/test/fetch/loopback-server.js'

/** One scripted answer. */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Closes the socket after the request arrived, without answering. */
  | 'reset'
  /** Never answers. */
  | 'stall'
  /** Sends a 200 and its headers, then never finishes the body. */
  | 'stall-body'

/** A request the server received. */
export interface Received {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A scripted server: its origin, what it received, and close(). */
export interface ScriptedServer {
  url: string
  received: Received[]
  close(): Promise<void>
}

/** Answers the n-th request with `replies[n]`, and every later one with the last reply. */
export async function startScriptedServer(replies: Reply[]): Promise<ScriptedServer> {
  const received: Received[] = []
  const server = await startLoopbackServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      })
      const reply = replies[Math.min(received.length, replies.length) - 1] ?? 'stall'
      if (reply === 'reset') return void request.socket.destroy()
      if (reply === 'stall') return
      if (reply === 'stall-body') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write('{"schemaVersion":')
        return
      }
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {})
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'x-request-id': `req-${received.length}`,
        ...reply.headers,
      })
      response.end(text)
    })
  })
  return { url: server.origin, received, close: server.close }
}

/** A minimal valid ExtractedDocument. */
export function smallDocument(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schemaVersion: '1.0',
    id: 'doc_1',
    source: { engine: 'fast', pages: 1 },
    confidence: { overall: 0.9, tables: 1, layout: 0.9 },
    markdown: '# Hello\n',
    elements: [{ id: 'el_0001', type: 'heading', level: 1, page: 1, text: 'Hello' }],
    ...fields,
  }
}

/** An error body of the server's shape. */
export function errorBody(code: string, message = `${code} happened`): unknown {
  return { error: { code, message } }
}

/** A Sleep that records each wait and returns at once. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = []
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms)
    },
  }
}
