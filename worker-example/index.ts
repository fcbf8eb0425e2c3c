/**
 * The Worker: the catalogue app of ./app.ts with its API docs (./docs.ts): the
 * pages at /docs, the api-catalog, the `rel="openapi"` links. /releases keeps its client pins in the `USAGE` D1 database (atomic
 * first pins) read through the `PINS` Workers KV namespace, and counts calls
 * in D1 and in the `USAGE_EVENTS` Analytics Engine dataset (all in
 * wrangler.toml, served locally by `wrangler dev`); clients are named by a
 * keyed hash of their key (the `PIN_SECRET` secret), and the `API_KEYS`
 * secret lists the keys it accepts: both in .dev.vars for `wrangler dev`,
 * which reads them as secrets and never prints them. The demo pin (`demo-2025`) is written
 * at the first request when missing, so a fresh clone needs no setup. A `NOW` var
 * (an ISO 8601 date, `wrangler dev --var NOW:2026-09-01T00:00:00Z`) fixes
 * the clock of its version policy instead, as the end-to-end test does; an
 * `OPERATOR_KEY` var opens /operator/* to `Authorization: Bearer <key>`.
 */
import { env as bindings, waitUntil } from 'cloudflare:workers'
import type { ExecutionContext, Hono } from 'hono'
import { analyticsUsage, bearerClient, d1PinStore, d1Usage, kvPinStore, readThrough, type PinStore } from '../src/client-pins/index.ts'
import { createApp, DEMO_PINS, type ReleasesClients, type UsageLog } from './app.ts'
import { withDocs } from './docs.ts'

/** The Worker's bindings that it reads. */
type Env = typeof bindings

const PREFIX = 'pin:'

/** The app, built on the first request (the bindings and vars are the same for every request). */
let built: Built | undefined

interface Built {
  readonly app: Hono
  /** Writes the demo pins (again after a failure). */
  readonly seed: () => Promise<void>
  readonly seeded: Promise<void>
}

function build(env: Env): Built {
  const now = env.NOW
  let ms: number | undefined
  if (now !== undefined && now !== '') {
    ms = Date.parse(now)
    if (Number.isNaN(ms)) throw new Error(`NOW must be an ISO 8601 date such as 2026-09-01T00:00:00Z, got ${JSON.stringify(now)}.`)
  }
  const secret = env.PIN_SECRET ?? ''
  const store = readThrough(d1PinStore(env.USAGE), kvPinStore(env.PINS, { prefix: PREFIX, expirationTtl: 86_400 }))
  const clients: ReleasesClients = { store, usage: usageOf(env), secret, keys: (env.API_KEYS ?? '').split(',').filter((key) => key !== '') }
  const app = withDocs(createApp({ ...(ms === undefined ? {} : { now: () => ms }), clients, operatorKey: env.OPERATOR_KEY }))
  const again = (): Promise<void> => seed(store, secret)
  return { app, seed: again, seeded: again() }
}

/** Calls counted in D1 (what the operator asks) and in Analytics Engine (for production dashboards). */
function usageOf(env: Env): UsageLog {
  const d1 = d1Usage(env.USAGE, { waitUntil })
  const events = analyticsUsage(env.USAGE_EVENTS, { dataset: 'version_usage', waitUntil })
  return {
    record(call) {
      d1.record(call)
      events.record(call)
    },
    callers: d1.callers,
    flush: () => Promise.all([d1.flush(), events.flush()]).then(() => undefined),
  }
}

/** Writes the demo pins that are missing (a claim: never over an upgrade). */
async function seed(store: PinStore, secret: string): Promise<void> {
  const client = bearerClient({ secret })
  for (const [key, version] of Object.entries(DEMO_PINS)) await store.claim(await client.idOf(key), version)
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    built ??= build(env)
    try {
      await built.seeded
    } catch {
      // Tried again at the next request; this one is answered from whatever KV holds.
      built = { ...built, seeded: built.seed() }
    }
    return built.app.fetch(request, env, ctx)
  },
}
