/**
 * Serves framingApp() on Bun (`Bun.serve`) or Deno (`Deno.serve`) on a
 * loopback port of its choosing, and prints that port. Run by
 * test/node/changes/framing-served.test.ts.
 */
import { framingApp } from './framing-app.ts'

interface Runtimes {
  Bun?: { serve(options: object): { port: number } }
  Deno?: { serve(options: object, handler: (request: Request) => Response | Promise<Response>): { addr: { port: number } } }
}
const { Bun, Deno } = globalThis as Runtimes
const app = framingApp()
if (Bun) {
  console.log(Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app.fetch }).port)
} else if (Deno) {
  console.log(Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, app.fetch).addr.port)
}
