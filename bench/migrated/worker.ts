/**
 * The workerd side of the older-client benchmark: the app of app.ts as a
 * Worker, built on the first request. bench/drivers/migrated.js bundles it
 * with esbuild and runs it in Miniflare on 127.0.0.1.
 */
import type { Hono } from 'hono'
import { migratedApp } from './app.ts'

let app: Hono | undefined

export default {
  fetch(request: Request, env: unknown, ctx: unknown): Response | Promise<Response> {
    app ??= migratedApp()
    return app.fetch(request, env, ctx as never)
  },
}
