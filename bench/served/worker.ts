/**
 * The workerd side of the served benchmark: one Worker bundle serving the
 * side (`SIDE`: toolkit or hand) of the pair (`PAIR`) its bindings name,
 * built once on the first request. bench/drivers/served.js bundles it with
 * esbuild and runs it in Miniflare on 127.0.0.1.
 */
import type { Hono } from 'hono'
import { PAIRS, type PairName } from '../pairs.ts'

interface Env {
  readonly PAIR: PairName
  readonly SIDE: 'toolkit' | 'hand'
}

let app: Hono | undefined

export default {
  fetch(request: Request, env: Env, ctx: unknown): Response | Promise<Response> {
    app ??= PAIRS[env.PAIR][env.SIDE]()
    return app.fetch(request, env, ctx as never)
  },
}
