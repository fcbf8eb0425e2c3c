/**
 * Serves absoluteFormApp() in each configuration of HOST_OPTIONS on Bun
 * (`Bun.serve`) or Deno (`Deno.serve`), each on a loopback port of its
 * choosing, and prints the ports as one JSON line (`{"neither": 40001, ...}`).
 * Run by test/node/hono/allowed-hosts-absolute-form-served.test.ts.
 */
import { absoluteFormApp, HOST_OPTIONS } from './absolute-form-app.ts'

interface Runtimes {
  Bun?: { serve(options: object): { port: number } }
  Deno?: { serve(options: object, handler: (request: Request) => Response | Promise<Response>): { addr: { port: number } } }
}
const { Bun, Deno } = globalThis as Runtimes
const ports: Record<string, number> = {}
for (const [name, options] of Object.entries(HOST_OPTIONS)) {
  const app = absoluteFormApp(options)
  if (Bun) ports[name] = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app.fetch }).port
  else if (Deno) ports[name] = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, app.fetch).addr.port
}
console.log(JSON.stringify(ports))
