/**
 * Integers beyond 2^53 (64-bit ids such as 1234567890123456789012) that a
 * handler writes as text reach an older client with their digits: buffered
 * bodies, JSON Lines, JSON text sequences and server-sent events items split across chunks, in
 * lists, envelopes and nested shapes, renamed, moved and kept; a converter
 * reads one as a `BigInt`, and one that mixes it with numbers fails loudly
 * naming the field. An older client's request body reaches a handler's
 * `c.req.text()` with its digits, and its `c.req.json()` as the head's would
 * parse them. Portable: every runtime the project runs on (Node 22, Bun,
 * Deno, workerd) gives `JSON.parse` revivers the source text.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { streamSSE } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { INEXACT, MAX_EXACT_DIGITS, parseExact, SOURCE_ACCESS, stringifyExact } from '../../src/changes/exact-numbers.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { readAll } from '../support/stream-people.ts'

const ID = '1234567890123456789012'
const NEGATIVE = '-98765432109876543211'

interface Tag {
  code: number
  label: string
}
const Tag = shape<Tag>('Tag')
interface Account {
  id: number | bigint
  owner: string
  balance: number | bigint
  tags: Tag[]
  parent: number | bigint | null
}
const Account = shape<Account>('Account', { nested: { tags: [Tag] } })

/** Version 1 names `owner` `holder`, gives `balance` as text, has no `parent` (its `ref` is made from the id), and names a tag's `label` `name`. */
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Accounts have an owner.', [fieldRenamed(Account, { older: 'holder', newer: 'owner' })]),
        change('Balances are numbers.', [fieldChanged(Account, 'balance', { down: (balance) => String(balance), up: (balance) => BigInt(balance as string) })]),
        change('Accounts name their parent.', [fieldAdded(Account, 'parent', { default: (older) => (typeof older['ref'] === 'string' ? BigInt(older['ref'].slice(4)) : null) })]),
        change('Refs are gone.', [fieldRemoved(Account, 'ref', { older: (account) => `ref-${account.id}` })]),
        change('Tags have labels.', [fieldRenamed(Tag, { older: 'name', newer: 'label' })]),
      ],
    },
  ],
  bodies: {
    'GET /account': { response: Account },
    'GET /accounts': { response: { data: { items: [Account] } } },
    'GET /export': { items: Account },
    'GET /events': { items: Account },
    'GET /missing': { response: Account, error: Account },
    'POST /account': { request: Account },
    'GET /scaled': { response: Account },
    'GET /huge': { response: Account },
    'GET /short': { response: Account },
    'GET /deep': { response: Account },
  },
})

/** The head's text of an account, its ids written by hand (`JSON.stringify` cannot hold them). */
const account = (id: string, balance: string, parent = 'null') => `{"id":${id},"owner":"Ada","balance":${balance},"tags":[{"code":${id},"label":"gold"}],"parent":${parent}}`
/** The same account as version 1 reads it. */
const olderAccount = (id: string, balance: string) => `{"id":${id},"balance":"${balance}","tags":[{"code":${id},"name":"gold"}],"ref":"ref-${id}","holder":"Ada"}`

/** An integer beyond 2^53 nested deeper than a reviver's walk goes on any runtime. */
const DEEP = `${'['.repeat(100_000)}${ID}${']'.repeat(100_000)}`
const V1 = { 'Api-Version': '1' }
const V2 = { 'Api-Version': '2' }
const JSON_TYPE = { 'Content-Type': 'application/json' }
const encoder = new TextEncoder()

/** A stream of `text` a few bytes at a time, so items and numbers are split across chunks. */
function split(text: string, size = 7): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text)
  let at = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + size))
      at += size
    },
  })
}

function app(register: (app: Hono) => void): Hono {
  const app = new Hono()
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text(`onError: ${error.message}`, 500)))
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  register(app)
  return app
}

describe('the runtime reads JSON numbers as their source text', () => {
  it('gives revivers the source text and writes raw JSON (Node 22, Bun, Deno, workerd)', () => {
    expect(SOURCE_ACCESS).toBe(true)
  })

  it('reads only the integers JSON.parse rounds as BigInts, and writes them back as their digits', () => {
    const text = `{"a":[1,${ID},{"b":${NEGATIVE}}],"c":1.5,"d":9007199254740992,"s":"${ID}"}`
    const value = parseExact(text) as { a: [number, bigint, { b: bigint }]; c: number; d: number; s: string }
    expect(value.a[0]).toBe(1)
    expect(value.a[1]).toBe(BigInt(ID))
    expect(value.a[2].b).toBe(BigInt(NEGATIVE))
    expect([value.c, value.d, value.s]).toEqual([1.5, 9007199254740992, ID])
    expect(stringifyExact(value)).toBe(text)
  })

  it('cannot keep a number beyond a double that is no integer, nor anything where the runtime gives no source text', () => {
    expect(parseExact('[1e400]')).toBeUndefined()
    expect(parseExact('[12345678901234567e400]')).toBeUndefined()
    // Up to 4,300 digits (a sign aside): what reading and writing a BigInt costs stays near the length's share.
    const longest = `-9${'1'.repeat(MAX_EXACT_DIGITS - 1)}`
    expect(stringifyExact(parseExact(`[${longest}]`))).toBe(`[${longest}]`)
    expect(parseExact(`[9${'1'.repeat(MAX_EXACT_DIGITS)}]`)).toBeUndefined()
    expect(parseExact(`[${ID}]`, false)).toBeUndefined()
    expect(() => parseExact(`[${ID}`)).toThrow(SyntaxError)
    expect(() => parseExact(`[${ID}`, false)).toThrow(SyntaxError)
  })

  it("writes a BigInt as its digits even where code gave BigInt a toJSON", () => {
    const proto = BigInt.prototype as unknown as { toJSON?: () => string }
    proto.toJSON = function (this: bigint) {
      return this.toString()
    }
    try {
      expect(stringifyExact({ id: BigInt(ID) })).toBe(`{"id":${ID}}`)
    } finally {
      delete proto.toJSON
    }
  })
})

describe('an older client gets integers beyond 2^53 of a body written as text exactly', () => {
  const served = app((a) => {
    a.get('/account', (c) => c.body(account(ID, NEGATIVE), 200, JSON_TYPE))
    a.get('/accounts', (c) => c.body(`{"data":{"items":[${account(ID, '1')},${account('2', ID)}]},"total":${ID}}`, 200, JSON_TYPE))
    a.get('/missing', (c) => c.body(account(ID, '0'), 404, JSON_TYPE))
    a.get('/scaled', (c) => c.body(account('1', ID), 200, JSON_TYPE))
    a.get('/huge', (c) => c.body(account(`9${'1'.repeat(4300)}`, '1'), 200, JSON_TYPE))
    a.get('/short', (c) => c.body(account('1', '1e400'), 200, JSON_TYPE))
    a.get('/deep', (c) => c.body(`{"id":1,"owner":"Ada","deep":${DEEP}}`, 200, JSON_TYPE))
  })

  it('a buffered body: renamed, converted, derived and kept fields, a nested list of shapes', async () => {
    const older = await served.request('/account', { headers: V1 })
    expect(older.status).toBe(200)
    expect(await older.text()).toBe(olderAccount(ID, NEGATIVE))
    expect(await (await served.request('/account', { headers: V2 })).text()).toBe(account(ID, NEGATIVE))
  })

  it('in an envelope and a list, beside a field no layout names', async () => {
    const older = await served.request('/accounts', { headers: V1 })
    expect(await older.text()).toBe(`{"data":{"items":[${olderAccount(ID, '1')},${olderAccount('2', ID)}]},"total":${ID}}`)
  })

  it('an integer of more than 4,300 digits is not kept: the loud 500 naming the route, the version and the media type', async () => {
    const older = await served.request('/huge', { headers: V1 })
    expect(older.status).toBe(500)
    expect(await older.text()).toBe(`onError: versionHistory: the 200 response of "GET /huge" (application/json) cannot be migrated to version "1": ${INEXACT}.`)
  })

  it("a number beyond a double's range written short (1e400) is not sent as null either: the same loud 500", async () => {
    const older = await served.request('/short', { headers: V1 })
    expect(older.status).toBe(500)
    expect(await older.text()).toBe(`onError: versionHistory: the 200 response of "GET /short" (application/json) cannot be migrated to version "1": ${INEXACT}.`)
  })

  it('one nested deeper than the exact reading goes is the loud 500 saying so', async () => {
    const older = await served.request('/deep', { headers: V1 })
    expect(older.status).toBe(500)
    expect(await older.text()).toBe('onError: versionHistory: the 200 response of "GET /deep" (application/json) cannot be migrated to version "1": it is nested too deeply to read its integers beyond 2^53 exactly.')
  })

  it('an error body that fits the error layout, as a success body', async () => {
    const older = await served.request('/missing', { headers: V1 })
    expect(older.status).toBe(404)
    expect(await older.text()).toBe(olderAccount(ID, '0'))
  })
})

describe('a converter reads such an integer as a BigInt', () => {
  const scaled = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Balances are in cents.', [fieldChanged(Account, 'balance', { down: (cents) => (cents as number) / 100, up: (euros) => (euros as number) * 100 })])] }],
    bodies: { 'GET /scaled': { response: Account }, 'POST /scaled': { request: Account } },
  })
  const served = new Hono()
  served.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text(`onError: ${error.message}`, 500)))
  served.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: scaled }))
  served.get('/scaled', (c) => c.body(account('1', c.req.query('balance') ?? ID), 200, JSON_TYPE))
  served.post('/scaled', async (c) => c.text(await c.req.text()))

  it('String(value) and BigInt arithmetic keep it exact (the history above); one that mixes it with numbers fails loudly, naming the field', async () => {
    const older = await served.request('/scaled', { headers: V1 })
    expect(older.status).toBe(500)
    const sentence = await older.text()
    expect(sentence).toContain('onError: versionHistory: the 200 response of "GET /scaled" cannot be migrated to version "1": at $.balance, the field.changed converter of shape Account threw: ')
    expect(sentence).toMatch(/BigInt/)
    // A balance a double holds is a number, as before.
    expect(await (await served.request('/scaled?balance=250', { headers: V1 })).json()).toMatchObject({ balance: 2.5 })
  })

  it("in an older request body, such a converter's throw is the client's 400 naming the place, as any converter's", async () => {
    const res = await served.request('/scaled', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body: `{"id":1,"balance":${ID},"tags":[]}` })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Invalid value at $.balance.')
  })
})

describe('stream items written as text keep their digits', () => {
  const served = app((a) => {
    a.get('/export', (c) => c.body(split(`${account(ID, '7')}\n${account('3', NEGATIVE)}\n`), 200, { 'Content-Type': 'application/x-ndjson' }))
    a.get('/events', (c) => {
      if (c.req.query('split') !== undefined) return c.body(split(`event: account\ndata: ${account(ID, '7')}\n\ndata: ${account('3', NEGATIVE)}\n\n`, 5), 200, { 'Content-Type': 'text/event-stream' })
      return streamSSE(c, async (s) => {
        await s.writeSSE({ event: 'account', data: account(ID, '7') })
        await s.writeSSE({ data: account('3', NEGATIVE) })
      })
    })
  })

  it('JSON Lines split across chunks', async () => {
    const { text, error } = await readAll(await served.request('/export', { headers: V1 }))
    expect(error).toBeUndefined()
    expect(text).toBe(`${olderAccount(ID, '7')}\n${olderAccount('3', NEGATIVE)}\n`)
  })

  it('JSON text sequences split across chunks', async () => {
    const seq = app((a) => a.get('/export', (c) => c.body(split(`\x1e${account(ID, '7')}\n\x1e${account('3', NEGATIVE)}\n`, 3), 200, { 'Content-Type': 'application/json-seq' })))
    const { text, error } = await readAll(await seq.request('/export', { headers: V1 }))
    expect(error).toBeUndefined()
    expect(text).toBe(`\x1e${olderAccount(ID, '7')}\n\x1e${olderAccount('3', NEGATIVE)}\n`)
  })

  it('an item nested deeper than the exact reading goes errors the stream before it', async () => {
    const deep = app((a) => a.get('/export', (c) => c.body(split(`${account('1', '7')}\n{"id":2,"deep":${DEEP}}\n`, 65536), 200, { 'Content-Type': 'application/x-ndjson' })))
    const { text, error } = await readAll(await deep.request('/export', { headers: V1 }))
    expect(text).toBe(`${olderAccount('1', '7')}\n`)
    expect(String(error)).toContain('item 2 of the application/x-ndjson stream of "GET /export" cannot be migrated to version "1": it is nested too deeply; the stream stopped before it.')
  })

  it('server-sent events, from streamSSE and split across chunks', async () => {
    for (const path of ['/events', '/events?split']) {
      const { text, error } = await readAll(await served.request(path, { headers: V1 }))
      expect(error, path).toBeUndefined()
      expect(text, path).toBe(`event: account\ndata: ${olderAccount(ID, '7')}\n\ndata: ${olderAccount('3', NEGATIVE)}\n\n`)
    }
  })
})

describe("an older client's request body", () => {
  const served = app((a) => {
    a.post('/account', async (c) => (c.req.query('json') === undefined ? c.text(await c.req.text()) : c.json(await c.req.json())))
  })
  const body = `{"id":${ID},"holder":"Ada","balance":"${NEGATIVE}","tags":[{"code":${ID},"name":"gold"}],"ref":"ref-${ID}"}`
  const headBody = account(ID, NEGATIVE, ID)

  it("reaches c.req.text() with its digits: renamed, converted up, and a field derived from one", async () => {
    const res = await served.request('/account', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body })
    expect(res.status).toBe(200)
    expect(JSON.parse(await res.text())).toEqual(JSON.parse(headBody))
    // Compared as text: the digits themselves.
    const text = await (await served.request('/account', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body })).text()
    for (const digits of [`"id":${ID}`, `"balance":${NEGATIVE}`, `"code":${ID}`, `"parent":${ID}`, '"owner":"Ada"', '"label":"gold"']) expect(text).toContain(digits)
    expect(text).not.toContain('ref')
  })

  it("a number that cannot be kept exact (beyond a double's range, an integer of more than 4,300 digits) is the client's 400, never sent on as null", async () => {
    for (const n of ['12345678901234567e400', `9${'1'.repeat(4300)}`]) {
      const res = await served.request('/account', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body: `{"id":1,"holder":"Ada","balance":"1","n":${n}}` })
      expect(res.status).toBe(400)
      expect(await res.text()).toContain("cannot be migrated exactly (beyond a double's range, or an integer of more than 4,300 digits)")
    }
  })

  it("a number beyond a double's range written short (1e400: no run of 16 digits) is the client's 400 too, never sent on as null", async () => {
    // Before, the quick look found no run of 16 digits: JSON.parse read Infinity, which passed a `type: number`
    // validation and reached the handler as null.
    for (const n of ['1e400', '-1E+400', '1e0400', '2.5e309']) {
      const res = await served.request('/account', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body: `{"id":1,"holder":"Ada","balance":"1","n":${n}}` })
      expect(res.status).toBe(400)
      expect(await res.text()).toContain("cannot be migrated exactly (beyond a double's range, or an integer of more than 4,300 digits)")
    }
    // An exponent of three digits within range, and text that looks like one, are sent on as the head's parse reads them.
    const res = await served.request('/account?json', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body: '{"id":1,"holder":"file100","balance":"1","n":1e300,"m":1e-400}' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: 1, owner: 'file100', balance: 1, parent: null, n: 1e300, m: 0 })
  })

  it("one nested deeper than the exact reading goes is the client's 400, as a body too deep to migrate", async () => {
    const res = await served.request('/account', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body: `{"id":1,"holder":"Ada","deep":${DEEP}}` })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('The request body is nested too deeply to migrate.')
  })

  it('reaches c.req.json() as the head\'s does: each number as JSON.parse reads it', async () => {
    const older = await (await served.request('/account?json', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body })).json()
    const head = await (await served.request('/account?json', { method: 'POST', headers: { ...V2, ...JSON_TYPE }, body: headBody })).json()
    expect(older).toEqual(head)
  })
})

describe('a BigInt a converter gives is written as its digits, in a body that held none', () => {
  const PICO = 10n ** 12n
  const picos = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [change('Balances are in units, no longer 10^-12 units as text.', [fieldChanged(Account, 'balance', { down: (units) => BigInt(units) * PICO, up: (text) => BigInt(text as string) / PICO })])],
      },
    ],
    bodies: { 'GET /account': { response: Account }, 'POST /account': { request: Account }, 'GET /export': { items: Account } },
  })
  const served = new Hono()
  served.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: picos }))
  served.get('/account', (c) => c.body(account('1', '250'), 200, JSON_TYPE))
  served.get('/export', (c) => c.body(split(`${account('1', '250')}\n`), 200, { 'Content-Type': 'application/x-ndjson' }))
  served.post('/account', async (c) => c.text(await c.req.text()))

  it('in a response body and a stream item', async () => {
    expect(await (await served.request('/account', { headers: V1 })).text()).toContain('"balance":250000000000000,')
    expect(await (await served.request('/export', { headers: V1 })).text()).toContain('"balance":250000000000000,')
  })

  it('in an older request body', async () => {
    const res = await served.request('/account', { method: 'POST', headers: { ...V1, ...JSON_TYPE }, body: '{"id":1,"balance":"250000000000000000000","tags":[]}' })
    expect(await res.text()).toBe('{"id":1,"balance":250000000,"tags":[]}')
  })
})
