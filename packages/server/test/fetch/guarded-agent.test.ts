import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { parseAllowList } from '../../src/fetch/address-policy.js'
import { createGuardedAgent } from '../../src/fetch/guarded-agent.js'
import { type LoopbackServer, startLoopbackServer } from './loopback-server.js'
import { staticResolver } from './static-resolver.js'

// The agent on its own, without fetchPdf's URL pre-check: the connect-time guard must hold alone.
describe('createGuardedAgent', () => {
  let server: LoopbackServer
  const cleanups: (() => Promise<void>)[] = []

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  async function setup(allow: string[], answers: Record<string, string[]> = {}) {
    server = await startLoopbackServer((_request, response) => response.end('ok'))
    const agent = createGuardedAgent({
      allow: parseAllowList(allow),
      resolve: staticResolver(answers),
    })
    cleanups.push(
      () => agent.close(),
      () => server.close(),
    )
    return agent
  }

  it('refuses a literal loopback address before dialling it', async () => {
    const agent = await setup([])
    await expect(request(`${server.origin}/`, { dispatcher: agent })).rejects.toMatchObject({
      code: 'url_not_allowed',
    })
    expect(server.connections()).toBe(0)
  })

  it('refuses a name that resolves to loopback, inside the socket lookup', async () => {
    const agent = await setup([], { 'evil.test': ['127.0.0.1'] })
    await expect(
      request(`http://evil.test:${server.port}/`, { dispatcher: agent }),
    ).rejects.toMatchObject({ code: 'url_not_allowed' })
    expect(server.connections()).toBe(0)
  })

  it('refuses a name when any one of its addresses is refused', async () => {
    const agent = await setup(['127.0.0.1/32'], { 'mixed.test': ['127.0.0.1', '127.0.0.2'] })
    await expect(
      request(`http://mixed.test:${server.port}/`, { dispatcher: agent }),
    ).rejects.toMatchObject({ code: 'url_not_allowed' })
    expect(server.connections()).toBe(0)
  })

  it('connects when the allow list opens the address', async () => {
    const agent = await setup(['127.0.0.1/32'], { 'ok.test': ['127.0.0.1'] })
    const response = await request(`http://ok.test:${server.port}/`, { dispatcher: agent })
    expect(await response.body.text()).toBe('ok')
    expect(server.connections()).toBe(1)
  })
})
