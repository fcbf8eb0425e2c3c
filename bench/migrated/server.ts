/**
 * Serves the migrated-request benchmark's app (app.ts) on 127.0.0.1 on the
 * runtime that runs this file: Node (@hono/node-server), Bun (Bun.serve) or
 * Deno (Deno.serve). Prints `ready <port>`; exits on SIGINT/SIGTERM.
 *
 * Usage: <runtime> bench/migrated/server.ts <port>
 */
import { migratedApp } from './app.ts'

declare const Bun: { serve(options: { port: number; hostname: string; fetch: (r: Request) => Response | Promise<Response> }): unknown } | undefined
declare const Deno:
  | {
      args: string[]
      serve(options: { port: number; hostname: string; onListen: () => void }, handler: (r: Request) => Response | Promise<Response>): unknown
      addSignalListener(signal: string, fn: () => void): void
      exit(code: number): never
    }
  | undefined
declare const process: { argv: string[]; on(signal: string, fn: () => void): void; exit(code: number): never }

const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2)
const port = Number(args[0])
const hostname = '127.0.0.1'
const app = migratedApp()
const ready = (): void => console.log(`ready ${port}`)

if (typeof Bun !== 'undefined') {
  Bun.serve({ port, hostname, fetch: app.fetch })
  ready()
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
} else if (typeof Deno !== 'undefined') {
  Deno.serve({ port, hostname, onListen: ready }, app.fetch)
  for (const signal of ['SIGINT', 'SIGTERM']) Deno.addSignalListener(signal, () => Deno.exit(0))
} else {
  const { serve } = await import('@hono/node-server')
  serve({ fetch: app.fetch, port, hostname }, ready)
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
}
