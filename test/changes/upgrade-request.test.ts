/**
 * An older client's request to switch protocols (a WebSocket upgrade) whose
 * query parameter or header a version renamed reaches the handler as the
 * very object the server handed, with the renamed names: Bun's
 * `server.upgrade` and `Deno.upgradeWebSocket` upgrade only that object,
 * and a new `Request` left an older client without its socket
 * (served for real in test/node/changes/websocket-upgrade-served.test.ts).
 */
import { expect, it } from 'vitest'
import { websocketApp } from '../support/websocket-upgrade-app.ts'

it("hands an older client's upgrade request to the handler as the server's own object, its query parameter and header renamed", async () => {
  let seen: Request | undefined
  const app = websocketApp((greeting) => async (c) => {
    seen = c.req.raw
    return c.text(greeting(c))
  })
  const answers = []
  for (const [version, path, header] of [['2', '/ws?channel=a', 'X-Channel'], ['1', '/ws?room=a', 'X-Room']] as const) {
    const given = new Request(`http://localhost${path}`, { headers: { 'Api-Version': version, Upgrade: 'websocket', Connection: 'Upgrade', [header]: 'b' } })
    const res = await app.fetch(given)
    answers.push([version, res.status, await res.text(), seen === given, seen?.url, seen?.headers.get('x-room') ?? null])
  }
  expect(answers).toEqual([
    ['2', 200, 'channel a, header b, version 2', true, 'http://localhost/ws?channel=a', null],
    ['1', 200, 'channel a, header b, version 1', true, 'http://localhost/ws?channel=a', null],
  ])
})
