/**
 * The contracts lock (src/contracts/): each kind of change made to the head
 * without declaring it reaches the released versions and fails the check
 * with a sentence per difference; the same change declared as a version
 * change of the head passes, while the head itself changes freely.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { fieldRemoved, fieldRenamed, headerChanged, routeRemoved, statusChanged } from '../../src/changes/index.ts'
import { contracts } from '../../src/contracts/index.ts'
import { catalogApi, Product, productSchema, type Variant } from '../support/contracts-fixture.ts'
import type { Shape } from '../../src/changes/shape.ts'
import type { ContractsLock } from '../../src/contracts/lock.ts'

const FIX = 'declare it as a version change of the head version v3 so that older versions keep answering as recorded, or revert it.'
const UPDATE = 'update the lock (an explicit step: record() again) if this is intended.'

const labelled = {
  product: (id: number) => ({ id, label: `Lamp ${id}`, sku: `L-${id}` }),
  schema: { ...productSchema, properties: { id: { type: 'integer' }, label: { type: 'string' }, sku: { type: 'string' } }, required: ['id', 'label'] },
}
const skuless = {
  product: (id: number) => ({ id, title: `Lamp ${id}` }),
  schema: { ...productSchema, properties: { id: { type: 'integer' }, title: { type: 'string' } }, required: ['id', 'title'] },
}

/** The product shape typed as a variant's head type (the fixture's shape is typed as the recorded head's). */
const Labelled = Product as unknown as Shape<{ id: number; label: string; sku: string }>
const Skuless = Product as unknown as Shape<{ id: number; title: string }>

// Through JSON, as a committed lock file is read back.
const lock = JSON.parse(JSON.stringify(await catalogApi().contracts.record())) as ContractsLock

describe('the lock', () => {
  it('records the released versions, not the head', async () => {
    expect(lock.format).toBe('hono-api-versioning/contracts@1')
    expect(lock.head).toBe('v3')
    expect(Object.keys(lock.released)).toEqual(['v1', 'v2'])
    expect(lock.released['v1']?.responses['product 1']).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json', vary: 'Api-Version', 'x-stock': '5' },
      body: { id: 1, sku: 'L-1', name: 'Lamp 1' },
    })
    expect(Object.keys((lock.released['v2']?.document as { paths: object }).paths)).toEqual(['/products', '/products/{id}'])
  })

  it('passes the code it was recorded from', async () => {
    const report = await catalogApi().contracts.check(lock)
    expect(report).toEqual({ ok: true, differences: [], message: 'Contracts: 2 released versions answer as the lock recorded them (head v3, 3 requests each).' })
  })
})

/** One row per kind of change: made undeclared, the sentences that must appear; then declared in v3. */
const kinds: readonly (readonly [string, Variant, readonly string[], Variant])[] = [
  [
    'a field renamed in the head type and view',
    labelled,
    [
      `v1: request "product 1", at body.name: was "Lamp 1", now absent; ${FIX}`,
      `v1: request "product 1", at body.label: was absent, now "Lamp 1"; ${FIX}`,
      `v2: request "list products", at body.items[1].title: was "Lamp 2", now absent; ${FIX}`,
      `v2: schema Product, at $.required[1]: was "title", now "label"; ${FIX}`,
    ],
    { ...labelled, declared: [fieldRenamed(Labelled, { older: 'title', newer: 'label' })] },
  ],
  [
    'a field removed from the head type and view',
    skuless,
    [`v1: request "product 1", at body.sku: was "L-1", now absent; ${FIX}`, `v2: schema Product, at $.properties.sku: was {"type":"string"}, now absent; ${FIX}`],
    { ...skuless, declared: [fieldRemoved(Skuless, 'sku', { older: (product) => `L-${product.id}`, schema: { type: 'string' } })] },
  ],
  [
    'a status changed',
    { created: 201 },
    [`v1: request "create a product", at status: was 200, now 201; ${FIX}`, `v2: operation POST /products, at $.responses["200"]: was {"description":"Products.","content":{"application/json":{"schema":{"type":"obj…, now absent; ${FIX}`],
    { created: 201, declared: [statusChanged('product-list', { older: 200, newer: 201 })] },
  ],
  [
    'a route removed',
    { detail: false },
    [`v1: operation GET /products/{id} was documented, now it is absent; ${FIX}`, `v2: request "product 1", at status: was 200, now 404; ${FIX}`],
    // Declared, the route keeps its handler and its operation for the versions before v3.
    { declared: [routeRemoved('product-detail')] },
  ],
  [
    'a header dropped',
    { stock: false },
    [`v1: request "product 1", at headers["x-stock"]: was "5", now absent; ${FIX}`, `v2: request "product 1", at headers["x-stock"]: was "5", now absent; ${FIX}`],
    { stock: false, declared: [headerChanged('product-detail', { header: 'X-Stock', down: () => '5' })] },
  ],
]

describe.each(kinds)('%s', (_kind, undeclared, sentences, declared) => {
  it('fails the check undeclared, with a sentence per difference', async () => {
    const report = await catalogApi(undeclared).contracts.check(lock)
    expect(report.ok).toBe(false)
    const all = report.differences.map((d) => d.sentence)
    for (const sentence of sentences) expect(all).toContain(sentence)
    expect(new Set(report.differences.map((d) => d.version))).toEqual(new Set(['v1', 'v2']))
    expect(report.message.split('\n')).toEqual([
      `Contracts: ${report.differences.length} differences from the lock in 2 released versions (head v3, free to change):`,
      ...all.map((s) => `- ${s}`),
    ])
  })

  it('passes declared as a version change of the head, which changes freely', async () => {
    const api = catalogApi(declared)
    const report = await api.contracts.check(lock)
    expect(report.message).toBe('Contracts: 2 released versions answer as the lock recorded them (head v3, 3 requests each).')
    // The head answers differently from v2 all the same.
    const answers = async (version: string) => {
      const requests = [['GET', '/products'], ['GET', '/products/1'], ['POST', '/products']] as const
      return Promise.all(requests.map(async ([method, path]) => {
        const r = await api.app.request(`https://lamps.test${path}`, { method, headers: { 'Api-Version': version } })
        return { status: r.status, stock: r.headers.get('x-stock'), body: await r.text() }
      }))
    }
    expect(await answers('v3')).not.toEqual(await answers('v2'))
  })
})

describe('the versions the lock covers', () => {
  it('releasing the head (adding a newer version) asks for the lock to be updated, which freezes it', async () => {
    const released = catalogApi({ newer: 'v4' }).contracts
    expect(released.released).toEqual(['v1', 'v2', 'v3'])
    const report = await released.check(lock)
    expect(report.differences.map((d) => d.sentence)).toEqual([`v3: version v3 is released (a newer version exists) but the lock has no record of it, so it is not frozen yet; ${UPDATE}`])
    const updated = await released.record()
    expect((await released.check(updated)).ok).toBe(true)
    // Now frozen: an undeclared change to v4 reaches v3 and fails.
    const later = await catalogApi({ newer: 'v4', ...labelled }).contracts.check(updated)
    expect(later.differences.some((d) => d.sentence.startsWith('v3: request "product 1", at body.label: was absent, now "Lamp 1"'))).toBe(true)
  })

  // Before, the header's new version was met with "declare it as a version change ... or revert it": a release
  // cannot be declared nor reverted so.
  it("a policy's header listing the versions served, changed by a release, asks for the lock to be recorded again", async () => {
    const app = (versions: readonly string[]) => {
      const scheme = new HeaderVersioning({ allowedVersions: [...versions], defaultVersion: versions.at(-1) as string })
      const versioning = versionMiddleware({ scheme, policy: versionPolicy({ reportVersions: true }) })
      const served = new Hono().use('*', versioning).get('/items', (c) => c.json({ version: c.var.version }))
      return contracts({ app: served, versions, requests: { items: (v) => new Request('http://t/items', { headers: { 'Api-Version': v } }) } })
    }
    const recorded = await app(['1', '2', '3']).record()
    const report = await app(['1', '2', '3', '4']).check(JSON.parse(JSON.stringify(recorded)))
    expect(report.differences.map((d) => d.sentence)).toEqual([
      '1: request "items", at headers["api-supported-versions"], lists the versions the API serves: was "1, 2, 3", now "1, 2, 3, 4"; the versions it lists changed (a version released, deprecated or retired), so record the lock again (record()) once that is intended.',
      '2: request "items", at headers["api-supported-versions"], lists the versions the API serves: was "1, 2, 3", now "1, 2, 3, 4"; the versions it lists changed (a version released, deprecated or retired), so record the lock again (record()) once that is intended.',
      `3: version 3 is released (a newer version exists) but the lock has no record of it, so it is not frozen yet; ${UPDATE}`,
    ])
  })

  it("says when the lock was recorded with another head than the app's, naming both", async () => {
    const api = catalogApi().contracts
    const report = await api.check({ ...lock, head: 'v9' })
    expect(report.ok).toBe(false)
    expect(report.differences).toEqual([
      {
        version: 'v9',
        kind: 'lock',
        subject: 'head',
        path: 'head',
        before: 'v9',
        after: 'v3',
        sentence: `v9: the lock was recorded with the head version v9, but the head is v3 now and v9 is not one of the app's versions, so the lock was not recorded from these versions; ${UPDATE}`,
      },
    ])
    expect(report.message.split('\n')).toEqual(['Contracts: 1 difference from the lock in 2 released versions (head v3, free to change):', `- ${report.differences[0]?.sentence}`])
    // A head the app has released, whose record the lock holds: no record() makes such a lock.
    expect((await api.check({ ...lock, head: 'v2' })).differences.map((d) => d.sentence)).toEqual([
      `v2: the lock was recorded with the head version v2, but the head is v3 now and v2 is released, so the lock was not recorded from these versions; ${UPDATE}`,
    ])
    // A hostile head is shown as the lock's other names are: controls escaped, cut to 80 characters; kept whole in the fields.
    const hostile = `\r\nv${'9'.repeat(1_000)}`
    const [difference] = (await api.check({ ...lock, head: hostile })).differences
    expect(difference?.before).toBe(hostile)
    expect(difference?.sentence).not.toMatch(/[\r\n]/)
    expect(difference?.sentence.length).toBeLessThan(500)
  })

  it('says which version or request the lock has that the code no longer has, and the reverse', async () => {
    const api = catalogApi()
    const { v1, ...rest } = lock.released
    const extra = { ...lock, released: { v0: v1, ...rest, v1: { ...v1, responses: { ...v1?.responses, 'old request': v1?.responses['product 1'] } } } }
    const report = await api.contracts.check(extra)
    expect(report.differences.map((d) => d.sentence)).toEqual([
      `v0: version v0 is in the lock but is no longer a released version; ${UPDATE}`,
      `v1: request "old request" is in the lock but no longer among the requests; ${UPDATE}`,
    ])
    const fewer = { ...lock, released: { v2: lock.released['v2'] } }
    expect((await api.contracts.check(fewer)).differences.map((d) => d.sentence)).toEqual([`v1: version v1 is released (a newer version exists) but the lock has no record of it, so it is not frozen yet; ${UPDATE}`])
  })

  it('cuts a long report at 50 sentences; the differences list them all', async () => {
    const many = { product: (id: number) => ({ id, ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, i])) }) }
    const report = await catalogApi(many).contracts.check(lock)
    expect(report.differences.length).toBeGreaterThan(50)
    const lines = report.message.split('\n')
    expect(lines).toHaveLength(52)
    expect(lines[51]).toBe(`- and ${report.differences.length - 50} more (the report's differences list them all).`)
  })
})

describe('mistakes', () => {
  it('a lock that is not one is refused with a sentence', async () => {
    const { contracts: frozen } = catalogApi()
    await expect(frozen.check({})).rejects.toThrow(
      'contracts: check: the lock is not a contracts lock (its "format" is not "hono-api-versioning/contracts@1"); record it again with record() (npm run contracts -- --update in this repository).',
    )
    await expect(frozen.check({ ...lock, released: { v1: { document: null, responses: { x: { status: 200 } } } } })).rejects.toThrow('the lock\'s response to "x" in version "v1" lacks its status, headers or body')
  })

  const app = { fetch: () => new Response('') }
  const requests = { one: (v: string) => new Request(`https://api.test/${v}`) }
  it.each([
    [{ app, versions: ['v1'], requests, extra: 1 }, 'contracts: unknown option "extra"; the options are app, versions, requests, documents, ignoreHeaders.'],
    [{ app: {}, versions: ['v1'], requests }, 'contracts: app must be a Hono app or an object with a fetch(request) method.'],
    [{ app, versions: [], requests }, "contracts: versions must be the versions, oldest first, such as history.versions or ['v1', 'v2']."],
    [{ app, versions: ['v1', 'v1'], requests }, 'contracts: version "v1" is listed twice in versions.'],
    [{ app, versions: ['v1'], requests: {} }, 'contracts: requests must name at least one request'],
    [{ app, versions: ['v1'], requests, documents: {} }, 'contracts: documents must be the documents of every version, made with versionedOpenAPI({...}).'],
    [{ app, versions: ['v1'], requests, ignoreHeaders: 'date' }, "contracts: ignoreHeaders must be a list of header names, such as ['date', 'content-length', 'x-request-id']."],
  ])('options %# are refused at construction', (options, message) => {
    expect(() => contracts(options as never)).toThrow(message)
  })

  it("takes its versions from the documents' model when none are given", async () => {
    const api = catalogApi()
    const frozen = contracts({ app: api.app, documents: api.documents, requests: { 'product 1': (v: string) => new Request('https://lamps.test/products/1', { headers: { 'Api-Version': v } }) } })
    expect([frozen.released, frozen.head]).toEqual([['v1', 'v2'], 'v3'])
    expect((await frozen.record()).released['v1']?.responses['product 1']?.body).toEqual({ id: 1, sku: 'L-1', name: 'Lamp 1' })
    expect(() => contracts({ app, requests })).toThrow('contracts: give versions, oldest first (such as history.versions), or documents made with versionedOpenAPI({...}), whose versions are the default.')
  })

  it('a request function that does not make a Request is named', async () => {
    const frozen = contracts({ app, versions: ['v1', 'v2'], requests: { broken: () => 'https://api.test/' as never } })
    await expect(frozen.record()).rejects.toThrow('contracts: the request "broken" must make a Request for version "v1".')
  })

  it('ignores the headers it is told to, and records a body that is not JSON as text', async () => {
    const texts = { fetch: (r: Request) => new Response(`hello ${new URL(r.url).pathname}`, { headers: { 'x-request-id': String(Math.random()), 'content-type': 'text/plain' } }) }
    const frozen = contracts({ app: texts, versions: ['v1', 'v2'], requests, ignoreHeaders: ['X-Request-Id'] })
    const recorded = await frozen.record()
    expect(recorded.released['v1']?.responses['one']).toEqual({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'hello /v1' })
    expect((await frozen.check(recorded)).ok).toBe(true)
  })
})
