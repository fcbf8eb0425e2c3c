/**
 * The Worker: the catalogue app of ./app.ts with its API docs (./docs.ts) at
 * /docs, on the real clock. A `NOW` var (an ISO 8601 date, `wrangler dev
 * --var NOW:2026-09-01T00:00:00Z`) fixes the clock of its version policy
 * instead, as the end-to-end test does.
 */
import type { ExecutionContext, Hono } from 'hono'
import { app, createApp } from './app.ts'
import { docs } from './docs.ts'

app.route('/docs', docs)

/** The Worker's bindings that it reads. */
interface Env {
  readonly NOW?: string
}

/** The app on the fixed clock, built on the first request that names it. */
let fixed: { readonly now: string; readonly app: Hono } | undefined

function appFor(now: string | undefined): Hono {
  if (now === undefined || now === '') return app
  if (fixed?.now !== now) {
    const ms = Date.parse(now)
    if (Number.isNaN(ms)) throw new Error(`NOW must be an ISO 8601 date such as 2026-09-01T00:00:00Z, got ${JSON.stringify(now)}.`)
    const dated = createApp({ now: () => ms })
    dated.route('/docs', docs)
    fixed = { now, app: dated }
  }
  return fixed.app
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    return appFor(env.NOW).fetch(request, env, ctx)
  },
}
