/**
 * A WebSocket upgrade served for real on Bun (`Bun.serve`) and Deno
 * (`Deno.serve`), on a route whose query parameter and request header a
 * version renamed: an older client that sends the older names gets its
 * socket, as the head's client does. Bun's `server.upgrade` and
 * `Deno.upgradeWebSocket` upgrade only the request object the server
 * handed: a new `Request` with the renamed names was refused by Bun (the
 * client saw no 101) and, on Deno, answered 101 with no socket behind it
 * (the client waited for ever).
 *
 * Node only: runs test/support/websocket-upgrade-server.ts in a child Bun and Deno.
 */
import type { ChildProcess } from 'node:child_process'
import { afterAll, expect, it } from 'vitest'
import { runtimeServer } from '../../support/runtime-server.ts'

const children: ChildProcess[] = []
afterAll(() => children.forEach((child) => child.kill()))

/** Starts the server in `runtime` and resolves with its port. */
async function serve(runtime: 'bun' | 'deno'): Promise<number> {
  return Number(await runtimeServer(runtime, 'test/support/websocket-upgrade-server.ts', children))
}

/** The first message of a socket opened at `path` with `headers`, or what happened instead within 3 s. */
function greeting(port: number, path: string, headers: Record<string, string>): Promise<string> {
  const { WebSocket: Socket } = globalThis as unknown as { WebSocket: new (url: string, options: { headers: Record<string, string> }) => WebSocket }
  return new Promise((resolve) => {
    const socket = new Socket(`ws://127.0.0.1:${port}${path}`, { headers })
    const timer = setTimeout(() => {
      socket.close()
      resolve('no message within 3 s')
    }, 3000)
    socket.onmessage = (event) => {
      clearTimeout(timer)
      socket.close()
      resolve(String(event.data))
    }
    socket.onerror = () => {
      clearTimeout(timer)
      resolve('error: no upgrade')
    }
  })
}

for (const runtime of ['bun', 'deno'] as const) {
  it(`upgrades an older client's WebSocket on ${runtime === 'bun' ? 'Bun.serve' : 'Deno.serve'} as the head's, its renamed query parameter and header read by the handler`, async () => {
    const port = await serve(runtime)
    const answers = [
      await greeting(port, '/ws?channel=a', { 'Api-Version': '2', 'X-Channel': 'b' }),
      await greeting(port, '/ws?room=a', { 'Api-Version': '1', 'X-Room': 'b' }),
      await greeting(port, '/ws?room=a', { 'Api-Version': '1' }),
      await greeting(port, '/ws', { 'Api-Version': '1', 'X-Room': 'b' }),
      await greeting(port, '/ws', { 'Api-Version': '1' }),
    ]
    expect(answers).toEqual([
      'channel a, header b, version 2',
      'channel a, header b, version 1',
      'channel a, header -, version 1',
      'channel -, header b, version 1',
      'channel -, header -, version 1',
    ])
  }, 30_000)
}
