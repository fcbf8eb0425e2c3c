/**
 * Serves a Hono app on 127.0.0.1 on the runtime that runs the caller: Node
 * (@hono/node-server), Bun (Bun.serve) or Deno (Deno.serve). Prints
 * `ready <port>` once listening; exits on SIGINT/SIGTERM. Also gives the
 * script's arguments on every runtime.
 */
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

/** The script's own arguments. */
export const args: readonly string[] = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2)

type Fetch = (request: Request) => Response | Promise<Response>

/** Serves `fetch` on `port`. */
export async function serveOn(fetch: Fetch, port: number): Promise<void> {
  const hostname = '127.0.0.1'
  const ready = (): void => console.log(`ready ${port}`)
  if (typeof Bun !== 'undefined') {
    Bun.serve({ port, hostname, fetch })
    ready()
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
  } else if (typeof Deno !== 'undefined') {
    Deno.serve({ port, hostname, onListen: ready }, fetch)
    for (const signal of ['SIGINT', 'SIGTERM']) Deno.addSignalListener(signal, () => Deno.exit(0))
  } else {
    const { serve } = await import('@hono/node-server')
    serve({ fetch, port, hostname }, ready)
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
  }
}
