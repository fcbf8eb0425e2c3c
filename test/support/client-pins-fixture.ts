/**
 * Shared by the client-pins suites (in process, and on workerd against the
 * real bindings): a store that counts and can fail or lag, the dated scheme
 * and policy of /releases, a secret for client ids, and the things API whose
 * clients' versions are pinned, recording the errors it does not answer.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { dateVersions } from '../../src/formats/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { CombinedVersioning, HeaderVersioning, QueryParameterVersioning, type BaseVersioning } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { bearerClient, clientPins, memoryPinStore, type ClientPinsOptions, type PinStore } from '../../src/client-pins/index.ts'
import type { Pin } from '../../src/client-pins/pin-store.ts'
import { EXAMPLE_NOW_MS } from './example-clock.ts'

export const SECRET = 'a test secret that is long enough for HMAC'
/** The tests' fixed clock (example-clock.ts): the pins' and the policy's now. */
export const NOW = EXAMPLE_NOW_MS
export const DAY = 86_400_000

/** The id `bearerClient({ secret: SECRET })` names `key` by. */
export const idOf = (key: string): Promise<string> => bearerClient({ secret: SECRET }).idOf(key)

export function scheme(defaultVersion = '2026-06-01'): CombinedVersioning {
  return new CombinedVersioning({
    schemes: [new HeaderVersioning({ header: 'Api-Version' }), new QueryParameterVersioning()],
    allowedVersions: ['2024-01-01', '2025-01-01', '2026-06-01'],
    defaultVersion,
    versionFormat: dateVersions(),
  })
}

export function policy(clock: { now: number }): ReturnType<typeof versionPolicy> {
  return versionPolicy({
    versions: {
      '2024-01-01': { deprecation: '2025-01-01T00:00:00Z', sunset: '2026-01-01T00:00:00Z' },
      '2025-01-01': { deprecation: '2026-06-01T00:00:00Z', sunset: '2027-06-01T00:00:00Z' },
    },
    refuseAfterSunset: true,
    now: () => clock.now,
  })
}

/** What a counting store saw: calls per operation, reads per client, and every key and value written. */
export interface StoreCounts {
  gets: number
  claims: number
  puts: number
  readonly readsOf: Map<string, number>
  readonly written: string[]
}

/** `inner` counted; `state.failing` fails reads and writes, `state.failWrites` writes alone, `state.lag` delays every call (ms). */
export function countingStore(inner: PinStore = memoryPinStore()) {
  const counts: StoreCounts = { gets: 0, claims: 0, puts: 0, readsOf: new Map(), written: [] }
  const state = { failing: false, failWrites: false, lag: 0 }
  const later = <T>(run: () => Promise<T>): Promise<T> => (state.lag === 0 ? run() : new Promise((resolve) => setTimeout(resolve, state.lag)).then(run))
  const down = (): Promise<never> => Promise.reject(new Error('the store is down'))
  const store: PinStore = {
    get(client) {
      counts.gets++
      counts.readsOf.set(client, (counts.readsOf.get(client) ?? 0) + 1)
      return later(() => (state.failing ? down() : inner.get(client)))
    },
    claim(client, version) {
      counts.claims++
      counts.written.push(client, version)
      return later(() => (state.failing || state.failWrites ? down() : inner.claim(client, version)))
    },
    put(client, pin: Pin) {
      counts.puts++
      counts.written.push(client, JSON.stringify(pin))
      return later(() => (state.failing || state.failWrites ? down() : inner.put(client, pin)))
    },
  }
  return { store, counts, state }
}

/**
 * The things API (GET /api/things/:id answers the version it served) with
 * `scheme`, whose clients' versions are `clientPins` over `store` (a client
 * named by its bearer key, with SECRET), with `options`. An error the app
 * does not answer itself (not an HTTPException) is answered 500 and recorded
 * in `errors`, so that a test can say none was thrown. `get(key, headers)`
 * sends `key` as the bearer, and gives the status and the JSON body.
 */
export function pinnedThings(store: PinStore, scheme: BaseVersioning, options: Partial<ClientPinsOptions> = {}) {
  const errors: string[] = []
  const app = new Hono()
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse()
    errors.push((error as Error).message)
    return c.json({ detail: 'error' }, 500)
  })
  const pins = clientPins({ store, client: bearerClient({ secret: SECRET }), ...options })
  app.use('/api/*', versionMiddleware({ scheme, clientVersion: pins }))
  app.get('/api/things/:id', (c) => c.json({ version: c.var.version }))
  const get = async (key: string, headers: Record<string, string> = {}) => {
    const res = await app.request('/api/things/1', { headers: { ...headers, Authorization: `Bearer ${key}` } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  return { get, pins, errors }
}
