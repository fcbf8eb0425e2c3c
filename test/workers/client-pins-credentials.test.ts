/**
 * No credential in any store, on the real bindings (Miniflare inside
 * workerd): for bearerClient, jwtSubject and a client function of one's own
 * that hashes a header, every key KV holds, every row of D1 (pins and
 * usage), every pin of the Durable Objects, every Analytics Engine data
 * point, every answer and every console line is searched for the
 * credentials sent; hostile credentials (huge, non-ASCII, odd whitespace)
 * are answered in the default version and write nothing.
 */
import { env } from 'cloudflare:workers'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { analyticsUsage, bearerClient, clientPins, d1PinStore, d1Usage, durableObjectPinStore, jwtSubject, kvPinStore, readThrough } from '../../src/client-pins/index.ts'
import type { ClientOf } from '../../src/client-pins/identity.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { SECRET } from '../support/client-pins-fixture.ts'

const unique = (): string => crypto.randomUUID().replaceAll('-', '')
const hasher = bearerClient({ secret: SECRET })

/** Every console line written while a test runs. */
const logged: string[] = []
const originals: Partial<Record<'log' | 'error' | 'warn' | 'info', (...args: unknown[]) => void>> = {}
beforeEach(() => {
  logged.length = 0
  for (const level of ['log', 'error', 'warn', 'info'] as const) {
    originals[level] = console[level]
    console[level] = (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '))
  }
})
afterEach(() => {
  for (const level of ['log', 'error', 'warn', 'info'] as const) console[level] = originals[level] as (...args: unknown[]) => void
})

/** A stand-in for an authentication middleware that verified a token: the subject is the `X-Subject` header. */
const verified: MiddlewareHandler = async (c, next) => {
  const sub = c.req.header('X-Subject')
  if (sub !== undefined) c.set('jwtPayload' as never, { sub } as never)
  await next()
}

/** A client of one's own: the keyed hash of an `X-Api-Key` header, as the docs advise. */
const apiKeyClient: ClientOf = (c: Context) => {
  const key = c.req.header('X-Api-Key')
  return key === undefined || key.length > 1024 ? null : hasher.idOf(key)
}

/** Credentials no client may be named by: huge, non-ASCII, odd whitespace, over the lengths an id or a key may have. */
const HOSTILE = ['k'.repeat(65_536), 'caf\u00e9-key', 'key\u00a0', ' ', 'a'.repeat(1025), 'key\tx']

// A client function of one's own decides what names a client: this one hashes any key of at most 1,024 characters.
const clients = [
  ['bearerClient', hasher, (credential: string) => ({ Authorization: `Bearer ${credential}` }), false, HOSTILE],
  ['jwtSubject', jwtSubject(), (credential: string) => ({ 'X-Subject': credential }), true, HOSTILE],
  ['a client function hashing X-Api-Key', apiKeyClient, (credential: string) => ({ 'X-Api-Key': credential }), false, ['k'.repeat(65_536), 'a'.repeat(1025)]],
] as const

describe.each(clients)('%s on D1 read through KV, Durable Objects, D1 usage and Analytics Engine', (_name, client, headersOf, subjectIsId, hostile) => {
  function setup() {
    const tag = unique()
    const waits: Promise<unknown>[] = []
    const points: unknown[] = []
    const kvKeys: string[] = []
    const kvValues: string[] = []
    const prefix = `cred-${tag}:`
    const pinsTable = `pins_${tag}`
    const usageTable = `usage_${tag}`
    const objects = `cred-${tag}`
    const usage = d1Usage(env.USAGE, { waitUntil: (p) => void waits.push(p), table: usageTable, flushMs: 30_000 })
    const events = analyticsUsage({ writeDataPoint: (point) => (points.push(point), env.USAGE_EVENTS.writeDataPoint(point)) }, { dataset: 'version_usage', waitUntil: (p) => void waits.push(p), flushMs: 30_000 })
    const kv = { get: (key: string) => env.PINS.get(key), put: (key: string, value: string, options?: { expirationTtl?: number }) => (kvKeys.push(key), kvValues.push(value), env.PINS.put(key, value, options)) }
    const app = new Hono()
    app.use('*', verified)
    const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
    const record = { record: (call: Parameters<typeof usage.record>[0]) => (usage.record(call), events.record(call)) }
    app.use('/kv/*', versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: readThrough(d1PinStore(env.USAGE, { table: pinsTable }), kvPinStore(kv, { prefix })), client, usage: record }) }))
    app.use('/objects/*', versionMiddleware({ scheme: scheme(), clientVersion: clientPins({ store: durableObjectPinStore(env.PIN_OBJECTS, { name: objects, shards: 2 }), client, usage: record }) }))
    app.get('/kv/*', (c) => c.json({ version: c.var.version }))
    app.get('/objects/*', (c) => c.json({ version: c.var.version }))
    const send = async (path: string, headers: Record<string, string>) => {
      const res = await app.request(path, { headers })
      return { status: res.status, body: await res.text(), headers: JSON.stringify([...res.headers]) }
    }
    /** Everything the stores hold, as text. */
    const held = async (): Promise<string> => {
      await Promise.all([usage.flush(), events.flush()])
      await Promise.all(waits)
      const rows = async (name: string) => (await env.USAGE.prepare(`SELECT * FROM ${name}`).all().catch(() => ({ results: [] }))).results
      const listed = (await env.PINS.list({ prefix })).keys.map((key) => key.name)
      const values = await Promise.all(listed.map((key) => env.PINS.get(key)))
      const store = durableObjectPinStore(env.PIN_OBJECTS, { name: objects, shards: 2 })
      const pinned = await Promise.all(['1', '2', '3'].map((version) => store.pinnedTo(version, { limit: 1000 })))
      return JSON.stringify({ listed, values, kvKeys, kvValues, pins: await rows(pinsTable), usage: await rows(usageTable), pinned, points })
    }
    return { send, held, kvKeys, points, pinsTable, usageTable }
  }

  it('hostile credentials are answered in the default version and write nothing anywhere', async () => {
    const { send, held } = setup()
    for (const credential of hostile) {
      for (const path of ['/kv/me', '/objects/me']) {
        const answer = await send(path, headersOf(credential))
        expect(answer.status, JSON.stringify(credential.slice(0, 20))).toBe(200)
        expect(JSON.parse(answer.body)).toEqual({ version: '3' })
      }
    }
    const stored = JSON.parse(await held()) as Record<string, unknown[]>
    for (const [where, value] of Object.entries(stored)) {
      if (where === 'pinned') expect((value as { clients: unknown[] }[]).flatMap((page) => page.clients), where).toEqual([])
      else expect(value, where).toEqual([])
    }
  })

  it('real credentials: the stores, the answers and the console hold ids, never a credential', async () => {
    const { send, held } = setup()
    const credentials = ['sk_live_secret_0001', 'sk_live_secret_0002', 'sk_live_secret_0003']
    const answers: string[] = []
    for (const credential of credentials) {
      for (const path of ['/kv/me', '/objects/me']) for (let i = 0; i < 3; i++) answers.push(JSON.stringify(await send(path, headersOf(credential))))
      answers.push(JSON.stringify(await send('/kv/me', { ...headersOf(credential), 'Api-Version': '1' })))
    }
    const text = await held()
    const stored = JSON.parse(text) as { pins: unknown[]; usage: unknown[]; points: unknown[]; kvKeys: unknown[] }
    expect(stored.pins).toHaveLength(3)
    expect(stored.kvKeys).toHaveLength(3)
    expect(stored.usage).toHaveLength(3 * 2 + 3)
    expect(stored.points).toHaveLength(3 * 2 + 3)
    const everything = [text, ...answers, ...logged].join('\n')
    for (const credential of credentials) {
      // jwtSubject's id is the subject itself, which is no credential: the token it came in is.
      if (subjectIsId) expect(everything).toContain(credential)
      else expect(everything).not.toContain(credential)
    }
  })
})
