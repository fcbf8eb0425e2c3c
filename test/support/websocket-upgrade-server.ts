/**
 * Serves websocket-upgrade-app.ts on Bun (`Bun.serve`) or Deno (`Deno.serve`)
 * on a loopback port of its choosing, and prints that port. Run by
 * test/node/changes/websocket-upgrade-served.test.ts.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { websocketApp } from './websocket-upgrade-app.ts'

interface Runtimes {
  Bun?: { serve(options: object): { port: number } }
  Deno?: { serve(options: object, handler: (request: Request, info: unknown) => Response | Promise<Response>): { addr: { port: number } } }
}
const { Bun, Deno } = globalThis as Runtimes
type Helper = { upgradeWebSocket: (events: (c: Context) => object) => MiddlewareHandler; websocket?: object }
const { upgradeWebSocket, websocket } = (Bun ? await import('hono/bun') : await import('hono/deno')) as unknown as Helper
const app = websocketApp((greeting) => upgradeWebSocket((c) => {
  // Read while the request is open: Deno closes it once the socket is upgraded.
  const text = greeting(c)
  return { onOpen: (_event: unknown, socket: { send(text: string): void }) => socket.send(text) }
}))
if (Bun) {
  console.log(Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app.fetch, websocket }).port)
} else if (Deno) {
  console.log(Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, app.fetch).addr.port)
}
