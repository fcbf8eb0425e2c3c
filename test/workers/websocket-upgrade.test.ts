/**
 * A WebSocket upgrade (101 Switching Protocols, a Response carrying the
 * runtime's socket) answered to an older client on a route with version
 * changes: the same Response, its socket kept, its headers changed as the
 * route's headerChanged says. workerd alone constructs such a Response in a
 * handler (`new Response(null, { status: 101, webSocket })`).
 */
import { Hono } from 'hono'
import { expect, it } from 'vitest'
import { change, fieldRenamed, headerChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

/** What workerd adds for a WebSocket upgrade, declared here: its Workers types would clash with the DOM types the tests check with. */
interface Socket {
  accept(): void
}
const { WebSocketPair } = globalThis as unknown as { WebSocketPair: new () => Record<0 | 1, Socket> }
type UpgradeInit = ResponseInit & { webSocket: Socket }

it('answers an older client the upgrade the handler made, with its socket and its older headers, not a 500', async () => {
  const Message = shape<{ text: string }>('Message')
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Messages have a text.', [fieldRenamed(Message, { older: 'body', newer: 'text' }), headerChanged('GET /chat', { header: 'X-Protocol', down: () => 'chat-1' })])] },
    ],
    bodies: { 'GET /chat': { response: Message } },
  })
  const app = new Hono()
  app.onError((error, c) => c.text(`onError: ${error.message}`, 500))
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  app.get('/chat', () => {
    const pair = new WebSocketPair()
    pair[1].accept()
    const init: UpgradeInit = { status: 101, webSocket: pair[0], headers: { 'X-Protocol': 'chat-2' } }
    return new Response(null, init)
  })
  const answers = []
  for (const version of ['2', '1']) {
    const res = await app.request('/chat', { headers: { 'Api-Version': version, Upgrade: 'websocket' } })
    answers.push([version, res.status, (res as Response & { webSocket: Socket | null }).webSocket !== null, res.headers.get('x-protocol')])
  }
  expect(answers).toEqual([
    ['2', 101, true, 'chat-2'],
    ['1', 101, true, 'chat-1'],
  ])
})
