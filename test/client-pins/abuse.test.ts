/**
 * Client pins attacked: no raw credential in the store, the usage rows,
 * the answers or the logs; requests that authentication refuses pin and
 * count nothing, whatever the middleware order; a flood of one-time clients
 * leaves regular clients cached; concurrent first requests share one read
 * and one write; hostile identities are answered without a 5xx.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { bearerClient, clientPins, d1Usage, jwtSubject, memoryPinStore, memoryUsage, type ClientPinsOptions } from '../../src/client-pins/index.ts'
import type { D1Database } from '../../src/client-pins/d1.ts'
import type { ClientOf } from '../../src/client-pins/identity.ts'
import { SieveCache } from '../../src/client-pins/sieve.ts'
import { countingStore, NOW, scheme, SECRET } from '../support/client-pins-fixture.ts'

function app(options: Partial<ClientPinsOptions> & { before?: MiddlewareHandler; after?: MiddlewareHandler } = {}) {
  const { before, after, ...rest } = options
  const counting = countingStore(memoryPinStore())
  const usage = memoryUsage()
  const errors: string[] = []
  const pins = clientPins({ store: counting.store, client: bearerClient({ secret: SECRET }), usage, now: () => NOW, ...rest })
  const hono = new Hono()
  hono.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse()
    errors.push(error.message)
    return c.json({ detail: 'error' }, 500)
  })
  if (before !== undefined) hono.use('/api/*', before)
  hono.use('/api/*', versionMiddleware({ scheme: scheme(), clientVersion: pins }))
  if (after !== undefined) hono.use('/api/*', after)
  hono.get('/api/things/:id', (c) => (c.req.param('id') === 'secret' ? c.json({ detail: 'Forbidden.' }, 403) : c.json({ version: c.var.version })))
  const rows = async (): Promise<number> => {
    let n = 0
    for (const version of ['2024-01-01', '2025-01-01', '2026-06-01']) n += (await usage.callers(version, { until: NOW + 1 })).callers.length
    return n
  }
  return { hono, pins, usage, errors, rows, ...counting }
}

/** A stand-in for hono/jwt: a bearer token `jwt-<subject>` is "verified" into c.var.jwtPayload; anything else is a 401. */
const fakeJwt: MiddlewareHandler = async (c, next) => {
  const token = /^Bearer jwt-([a-z0-9-]+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
  if (token === undefined) return c.json({ detail: 'Unauthorized.' }, 401)
  c.set('jwtPayload' as never, { sub: token } as never)
  return next()
}

const logged: string[] = []
const originals = { error: console.error, warn: console.warn, log: console.log, info: console.info }
/** Runs `test` with the console's lines going to `logged` (messages and stacks alike). */
async function capturingConsole(test: () => Promise<void>): Promise<void> {
  for (const name of ['error', 'warn', 'log', 'info'] as const) console[name] = (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack ?? ''}` : String(a))).join(' '))
  try {
    await test()
  } finally {
    Object.assign(console, originals)
    logged.length = 0
  }
}

describe('no raw credential is stored or shown', () => {
  it('keeps keys out of the store, the usage rows, callers, answers and logs, even when the stores fail', () =>
    capturingConsole(async () => {
      const keys = ['sk_live_ALPHA_0001', 'sk_live_BRAVO_0002', 'sk_live_CHARLIE_03']
      const failingDb: D1Database = {
        prepare: () => ({ bind: () => failingDb.prepare(''), run: () => Promise.reject(new Error('D1 is down')), all: () => Promise.reject(new Error('D1 is down')) }),
        batch: () => Promise.reject(new Error('D1 is down')),
      }
      const d1 = d1Usage(failingDb, { waitUntil: () => undefined, flushMs: 1_000 })
      const { hono, pins, usage, counts, state } = app({ usage: { record: (call) => (usage.record(call), d1.record(call)) } })
      const seen: string[] = []
      for (const key of keys) {
        for (const headers of [{}, { 'Api-Version': '2025-01-01' }]) {
          const res = await hono.request('/api/things/1', { headers: { ...headers, Authorization: `Bearer ${key}` } })
          seen.push(await res.text(), JSON.stringify([...res.headers]))
        }
      }
      state.failing = true
      const failed = await hono.request('/api/things/1', { headers: { Authorization: 'Bearer sk_live_DELTA_0004' } })
      seen.push(await failed.text(), JSON.stringify([...failed.headers]))
      await d1.flush()
      const ids = await Promise.all(keys.map((key) => bearerClient({ secret: SECRET }).idOf(key)))
      state.failing = false
      await pins.upgrade(ids[0] as string, '2025-01-01')
      seen.push(JSON.stringify(await pins.pinOf(ids[0] as string)))
      for (const version of ['2025-01-01', '2026-06-01']) seen.push(JSON.stringify(await usage.callers(version, { until: NOW + 1 })))
      const everything = [...counts.written, ...seen, ...logged].join('\n')
      expect(logged.join('\n')).toContain('d1Usage: a batch of usage was not written: D1 is down')
      expect(everything).toContain(ids[1])
      for (const key of [...keys, 'sk_live_DELTA_0004']) {
        expect(everything).not.toContain(key)
        expect(everything).not.toContain(key.slice(8))
      }
  }))
})

describe('a request authentication refuses pins and counts nothing', () => {
  const refused = async (setup: ReturnType<typeof app>, headersOf: (i: number) => Record<string, string>, path = '/api/things/1'): Promise<void> => {
    for (let i = 0; i < 1000; i++) {
      const res = await setup.hono.request(path, { headers: headersOf(i) })
      expect([401, 403]).toContain(res.status)
    }
    expect([setup.counts.claims, setup.counts.puts, await setup.rows()]).toEqual([0, 0, 0])
    expect(setup.errors).toEqual([])
  }
  const random = (i: number) => ({ Authorization: `Bearer guess-${i}-${crypto.randomUUID()}` })

  it('with bearerAuth before the versioning middleware: 1,000 random keys', async () => {
    await refused(app({ before: bearerAuth({ token: 'the-only-key' }) }), random)
  })

  it('with bearerAuth after it: 1,000 random keys answered 401, then the real key pinned', async () => {
    const setup = app({ after: bearerAuth({ token: 'the-only-key' }) })
    await refused(setup, random)
    expect((await setup.hono.request('/api/things/1', { headers: { Authorization: 'Bearer the-only-key' } })).status).toBe(200)
    expect([setup.counts.claims, await setup.rows()]).toEqual([1, 1])
  })

  it('with bearerAuth after it: 200 random keys ending in whitespace that is no blank (bearerAuth answers 400), none pinned nor counted', async () => {
    const setup = app({ after: bearerAuth({ token: 'the-only-key' }) })
    for (const [i, tail] of [...Array(200).keys()].map((i) => [i, ['\u00a0', '\u000b', '\u000c', '\u00a0\u00a0'][i % 4]] as const)) {
      const res = await setup.hono.request('/api/things/1', { headers: { Authorization: `Bearer guess-${i}-${crypto.randomUUID()}${tail}` } })
      expect(res.status).toBe(400)
    }
    expect([setup.counts.claims, setup.counts.puts, await setup.rows()]).toEqual([0, 0, 0])
    expect(setup.errors).toEqual([])
  })

  it('with a later middleware refusing random keys as 429 or a 500 (a verifier that throws): none pinned nor counted; as 400: counted, not pinned', async () => {
    const answers = [429, 500, 400] as const
    const refusing: MiddlewareHandler = async (c) => {
      const status = answers[Number(c.req.header('X-Case'))] ?? 400
      if (status === 500) throw new Error('the token verifier failed')
      return c.json({ detail: 'Refused.' }, status)
    }
    const setup = app({ after: refusing })
    for (let i = 0; i < 300; i++) {
      const res = await setup.hono.request('/api/things/1', { headers: { ...random(i), 'X-Case': String(i % 3) } })
      expect(res.status).toBe(answers[i % 3])
    }
    // A 400 may be a real client's request the app refused (its body, its query): its call is counted, no pin written.
    expect([setup.counts.claims, setup.counts.puts, await setup.rows()]).toEqual([0, 0, 100])
    expect(setup.errors).toEqual(Array(100).fill('the token verifier failed'))
  })

  it('a client answered 404 is counted, not pinned, until the app accepts one of its requests: then one write', async () => {
    const setup = app()
    const headers = { Authorization: 'Bearer a-real-key' }
    for (let i = 0; i < 20; i++) expect((await setup.hono.request('/api/nowhere', { headers })).status).toBe(404)
    expect([setup.counts.claims, await setup.rows()]).toEqual([0, 1])
    for (let i = 0; i < 20; i++) expect((await setup.hono.request('/api/things/1', { headers })).status).toBe(200)
    expect(setup.counts.claims).toBe(1)
  })

  it('with a handler answering 403: 1,000 requests of one key', async () => {
    await refused(app(), () => ({ Authorization: 'Bearer forbidden-key' }), '/api/things/secret')
  })

  it('with hono/jwt before the versioning middleware and jwtSubject: 1,000 bad tokens, then a verified subject pinned by its name', async () => {
    const setup = app({ before: fakeJwt, client: jwtSubject() })
    await refused(setup, (i) => ({ Authorization: `Bearer not-a-jwt-${i}` }))
    expect((await setup.hono.request('/api/things/1', { headers: { Authorization: 'Bearer jwt-account-42' } })).status).toBe(200)
    expect(setup.counts.written).toEqual(['account-42', '2026-06-01'])
  })

  it('refuses the other order with an error that says what to fix, and pins nothing', async () => {
    const setup = app({ after: fakeJwt, client: jwtSubject() })
    await refused(setup, (i) => ({ Authorization: `Bearer not-a-jwt-${i}` }))
    expect((await setup.hono.request('/api/things/1', { headers: { Authorization: 'Bearer jwt-account-42' } })).status).toBe(500)
    expect(setup.errors).toEqual([
      'versionMiddleware: clientVersion read no client before the handlers ran, but one after: an authentication middleware registered after the versioning middleware names the client, too late for its pinned version. Register the authentication middleware (hono/jwt, bearerAuth ...) before the versioning middleware, or read the client from the request itself (bearerClient).',
    ])
    expect([setup.counts.claims, await setup.rows()]).toEqual([0, 0])
  })
})

describe('a cache that survives a flood', () => {
  it('reads the store for at most 10% of 2,000 regular clients\' calls beside 20,000 one-time clients', async () => {
    const account: ClientOf = (c) => c.req.header('X-Account') ?? null
    const { hono, counts } = app({ client: account, cacheSize: 10_000 })
    const regular = Array.from({ length: 2000 }, (_, i) => `regular-${i}`)
    let oneTime = 0
    let calls = 0
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < regular.length; i++) {
        await hono.request('/api/things/1', { headers: { 'X-Account': regular[i] as string } })
        calls++
        if (i % 2 === 1) await hono.request('/api/things/1', { headers: { 'X-Account': `once-${oneTime++}` } })
      }
    }
    expect(oneTime).toBe(20_000)
    let reads = 0
    for (const id of regular) reads += counts.readsOf.get(id) ?? 0
    expect(reads / calls).toBeLessThanOrEqual(0.1)
  }, 120_000)

  it('keeps regular clients cached when one-time clients, each pinned at its first request, fill the rest of a small cache', async () => {
    // A new client's request reads the cache once: its first pin being written there is no second visit, so the flood
    // is evicted first and the regulars, called again between its bursts, are never read from the store again.
    const account: ClientOf = (c) => c.req.header('X-Account') ?? null
    const { hono, counts } = app({ client: account, cacheSize: 100 })
    const regular = Array.from({ length: 50 }, (_, i) => `regular-${i}`)
    const call = (id: string) => hono.request('/api/things/1', { headers: { 'X-Account': id } })
    for (const id of regular) await call(id)
    for (let burst = 0; burst < 50; burst++) {
      for (let i = 0; i < 20; i++) await call(`once-${burst}-${i}`)
      for (const id of regular) await call(id)
    }
    let reads = 0
    for (const id of regular) reads += counts.readsOf.get(id) ?? 0
    expect([reads, counts.claims]).toEqual([50, 50 + 1000])
  })

  it('evicts the oldest entry not read since the hand last passed it (SIEVE), never more than its size', () => {
    const cache = new SieveCache<number>(3)
    for (const key of ['a', 'b', 'c']) cache.set(key, 1)
    cache.get('a')
    cache.set('d', 1)
    expect(['a', 'b', 'c', 'd'].map((key) => cache.has(key))).toEqual([true, false, true, true])
    cache.get('c')
    cache.set('e', 1)
    // The hand had passed a (clearing its bit) and stopped at c, read since: d, never read, goes.
    expect(['a', 'c', 'd', 'e'].map((key) => cache.has(key))).toEqual([true, true, false, true])
    for (let i = 0; i < 10_000; i++) cache.set(`flood-${i}`, i)
    expect(cache.size).toBe(3)
  })

  it('gives ten concurrent first requests of one client one store read and one write', async () => {
    const { hono, counts, state } = app()
    state.lag = 20
    const answers = await Promise.all(Array.from({ length: 10 }, () => hono.request('/api/things/1', { headers: { Authorization: 'Bearer burst-key' } })))
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200))
    expect([counts.gets, counts.claims]).toEqual([1, 1])
  })

  it('remembers a store that cannot be read for failureTtl instead of asking it per request', async () => {
    const { hono, counts, state } = app({ failureTtl: 60_000, onStoreError: () => {} })
    state.failing = true
    for (let i = 0; i < 50; i++) expect((await hono.request('/api/things/1', { headers: { Authorization: 'Bearer unlucky' } })).status).toBe(503)
    expect([counts.gets, counts.claims]).toEqual([1, 0])
  })
})

describe('hostile identities and credentials', () => {
  // A verified payload's subject RFC 7519 would not give (a string of odd text), or of another type than its string: a
  // whole number is its decimal text (below), anything else names no client.
  it.each<[string, unknown]>([
    ['a 600-character subject', 'x'.repeat(600)],
    ['a subject with a newline', 'a\nb'],
    ['a subject with spaces', 'a b'],
    ['a non-ASCII subject', 'Zoë'],
    ['an empty subject', ''],
    ['an object subject', { id: 'account-42' }],
    ['a list subject', ['account-42']],
    ['a boolean subject', true],
    ['a fractional number subject', 4.2],
    ['a number past 2^53', 1e21],
    ['a 10 KiB subject', 'x'.repeat(10 * 1024)],
  ])('does not pin or count %s, and answers 200 in the default', async (_name, subject) => {
    const identify: MiddlewareHandler = async (c, next) => {
      c.set('jwtPayload' as never, { sub: subject } as never)
      return next()
    }
    const setup = app({ before: identify, client: jwtSubject() })
    const res = await setup.hono.request('/api/things/1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ version: '2026-06-01' })
    expect([setup.counts.gets, setup.counts.claims, await setup.rows()]).toEqual([0, 0, 0])
  })

  it('names a whole-number subject by its decimal text: 42 and "42" are one client', async () => {
    let subject: unknown = 42
    const identify: MiddlewareHandler = async (c, next) => {
      c.set('jwtPayload' as never, { sub: subject } as never)
      return next()
    }
    const setup = app({ before: identify, client: jwtSubject() })
    expect((await setup.hono.request('/api/things/1')).status).toBe(200)
    subject = '42'
    expect((await setup.hono.request('/api/things/1')).status).toBe(200)
    expect([setup.counts.written, setup.counts.claims]).toEqual([['42', '2026-06-01'], 1])
  })

  it('answers a 64 KiB bearer header in the default version, reading and writing nothing', async () => {
    const setup = app()
    const res = await setup.hono.request('/api/things/1', { headers: { Authorization: `Bearer ${'a'.repeat(65_536)}` } })
    expect(res.status).toBe(200)
    expect([setup.counts.gets, setup.counts.claims, await setup.rows()]).toEqual([0, 0, 0])
  })

  it('takes a client function that fails before the handlers and answers after for no client, not for a misplaced middleware', async () => {
    let calls = 0
    const setup = app({ client: () => (calls++ % 2 === 0 ? Promise.reject(new Error('identity service down')) : 'account-7') })
    expect((await setup.hono.request('/api/things/1')).status).toBe(200)
    expect(setup.errors).toEqual([])
    expect([setup.counts.gets, setup.counts.claims, await setup.rows()]).toEqual([0, 0, 0])
  })

  it('answers a client function that never resolves as no client once storeTimeout has passed: the default, nothing read or written', async () => {
    const setup = app({ client: () => new Promise<string>(() => undefined), storeTimeout: 30 })
    const started = Date.now()
    const res = await setup.hono.request('/api/things/1', { headers: { Authorization: 'Bearer k' } })
    expect([res.status, await res.json()]).toEqual([200, { version: '2026-06-01' }])
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(setup.errors).toEqual([])
    expect([setup.counts.gets, setup.counts.claims, setup.counts.puts, await setup.rows()]).toEqual([0, 0, 0, 0])
  })

  it('answers a client function that rejects as no client', async () => {
    const setup = app({ client: () => Promise.reject(new Error('identity service down')) })
    expect((await setup.hono.request('/api/things/1', { headers: { Authorization: 'Bearer k' } })).status).toBe(200)
    expect(setup.errors).toEqual([])
  })
})
