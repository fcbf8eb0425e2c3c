/**
 * The Worker: the catalogue app of ./app.ts with its API docs (./docs.ts): the
 * pages at /docs, the api-catalog, the `rel="openapi"` links. /releases keeps its client pins in the `PINS` Workers KV namespace
 * and counts calls in the `USAGE` D1 database (both in wrangler.toml, served
 * locally by `wrangler dev`); the demo pins (`demo-2025`) are written at the
 * first request when missing, so a fresh clone needs no setup. A `NOW` var
 * (an ISO 8601 date, `wrangler dev --var NOW:2026-09-01T00:00:00Z`) fixes
 * the clock of its version policy instead, as the end-to-end test does; an
 * `OPERATOR_KEY` var opens /operator/* to `Authorization: Bearer <key>`.
 */
import { env as bindings, waitUntil } from 'cloudflare:workers'
import type { ExecutionContext, Hono } from 'hono'
import { d1Usage, kvPinStore } from '../src/clients/index.ts'
import { createApp, DEMO_PINS, type ReleasesClients } from './app.ts'
import { withDocs } from './docs.ts'

/** The Worker's bindings that it reads. */
type Env = typeof bindings

const PREFIX = 'pin:'

/** The app, built on the first request (the bindings and vars are the same for every request). */
let built: { readonly app: Hono; readonly seeded: Promise<void> } | undefined

function build(env: Env): { readonly app: Hono; readonly seeded: Promise<void> } {
  const now = env.NOW
  let ms: number | undefined
  if (now !== undefined && now !== '') {
    ms = Date.parse(now)
    if (Number.isNaN(ms)) throw new Error(`NOW must be an ISO 8601 date such as 2026-09-01T00:00:00Z, got ${JSON.stringify(now)}.`)
  }
  const clients: ReleasesClients = { store: kvPinStore(env.PINS, { prefix: PREFIX }), usage: d1Usage(env.USAGE, { waitUntil }) }
  const app = withDocs(createApp({ ...(ms === undefined ? {} : { now: () => ms }), clients, operatorKey: env.OPERATOR_KEY }))
  return { app, seeded: seed(env) }
}

/** Writes the demo pins that are missing (never over an upgrade). */
async function seed(env: Env): Promise<void> {
  for (const [client, version] of Object.entries(DEMO_PINS)) {
    if ((await env.PINS.get(PREFIX + client)) === null) await env.PINS.put(PREFIX + client, version)
  }
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    built ??= build(env)
    try {
      await built.seeded
    } catch {
      // Tried again at the next request; this one is answered from whatever KV holds.
      built = { app: built.app, seeded: seed(env) }
    }
    return built.app.fetch(request, env, ctx)
  },
}
