/**
 * The worker example's version changes (worker-example/changes.ts): one view
 * per route, written for the newest version, serves every section's older
 * versions (test/support/conformance.golden.json holds every shape, recorded from the
 * hand-written views this replaced); the changelog is served as JSON and
 * Markdown; the same changes migrate a value outside a request.
 */
import { describe, expect, it } from 'vitest'
import { changelogWithRoutes } from '../../src/changes/changelog.ts'
import { defineRoutes } from '../../src/index.ts'
import { releasesRoutes } from '../../worker-example/catalog.ts'
import { createApp } from '../../worker-example/app.ts'
import { EXAMPLE_NOW_MS } from '../support/example-clock.ts'
import { catalogHistory, Product, ProductList, releasesHistory, semverHistory, type ProductBody } from '../../worker-example/changes.ts'
import type { VersionHistory } from '../../src/changes/history.ts'

const head: ProductBody = {
  id: 2,
  title: 'Assam',
  price: { amount: 990, currency: 'EUR' },
  category: { name: 'Tea', url: 'https://catalog.test/categories/tea' },
  links: { self: 'https://catalog.test/products/2' },
}
const first = { id: 2, name: 'Assam', price: '9.90', category: 'https://catalog.test/categories/tea', url: 'https://catalog.test/products/2' }

// On the tests' fixed clock: a sunset passing does not change these answers.
const app = createApp({ now: () => EXAMPLE_NOW_MS })

describe('the worker example: one view per route, older versions from declared changes', () => {
  it.each([
    ['v1/v2 sections', catalogHistory, 'v1'],
    ['the dated section', releasesHistory, '2025-01-01'],
    ['the dated section, past its sunset', releasesHistory, '2024-01-01'],
    ['the semantic-version section', semverHistory, '1.1.0'],
  ] as const)('%s: the head shape migrates to the first generation and back', (_section, sectionHistory, version) => {
    const history = sectionHistory as VersionHistory
    expect(history.migrate(head, { as: Product, to: version })).toEqual(first)
    expect(history.migrate(first, { as: Product, from: version })).toEqual(head)
    expect(history.migrate({ version: history.head, count: 1, products: [head] }, { as: ProductList, to: version })).toEqual([first])
  })

  it('serves one handler\'s body to an old and a new client, each in its own shape', async () => {
    const old = await app.request('http://api.test/releases/products/2', { headers: { 'Api-Version': '2025-01-01' } })
    const now = await app.request('http://api.test/releases/products/2', { headers: { 'Api-Version': '2026-06-01' } })
    expect(await old.json()).toEqual({ ...first, category: 'http://api.test/releases/categories/tea', url: 'http://api.test/releases/products/2' })
    expect(await now.json()).toEqual({ ...head, category: { name: 'Tea', url: 'http://api.test/releases/categories/tea' }, links: { self: 'http://api.test/releases/products/2' } })
  })

  it('serves the changelog as JSON and as Markdown, for any version or none', async () => {
    const json = await app.request('http://api.test/releases/changelog', { headers: { 'Api-Version': 'not a version' } })
    expect(json.status).toBe(200)
    // The history's changes, and the route the table serves from 2026-06-01 on: one changelog.
    const served = (await json.json()) as ReturnType<typeof releasesHistory.changelog>
    expect(served).toEqual(changelogWithRoutes(releasesHistory.changelog(), defineRoutes(releasesRoutes)))
    expect(served.versions[0]?.changes.at(-1)).toEqual({ id: 'top-categories-added', description: 'Adds `/releases/top-categories`.', instructions: [{ type: 'route.added', route: 'top-categories' }] })
    const markdown = await app.request('http://api.test/releases/changelog.md')
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=UTF-8')
    const text = await markdown.text()
    expect(text.split('\n').slice(0, 4)).toEqual(['# Catalog API changelog', '', '## 2026-06-01 (latest)', ''])
    expect(text).toContain('- Prices are an amount in cents and a currency instead of a decimal string.\n  - `Product`: field `price` changed type or format.\n')
    expect(text.endsWith('## 2024-01-01\n\nThe first version.\n')).toBe(true)
  })

  it('lists the same changes, by id, in every section', () => {
    const ids = (log: ReturnType<typeof catalogHistory.changelog>) => log.versions.map((v) => [v.version, v.changes.map((c) => c.id)])
    const second = ['links', 'category-objects', 'prices', 'titles', 'list-envelopes']
    expect(ids(catalogHistory.changelog())).toEqual([['v2', second], ['v1', []]])
    expect(ids(releasesHistory.changelog())).toEqual([['2026-06-01', second], ['2025-01-01', []], ['2024-01-01', []]])
    expect(ids(semverHistory.changelog())).toEqual([['2.0.0', second], ['1.1.0', []], ['1.0.0', []]])
  })
})

describe('the worker example: the dated section creates and replaces products, older clients in their own shapes', () => {
  const write = (method: string, path: string, version: string, body: unknown) =>
    app.request(`http://api.test/releases${path}`, { method, headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  const tea = 'http://api.test/releases/categories/tea'
  const newer = { title: 'Darjeeling', price: { amount: 1400, currency: 'EUR' }, category: { url: tea } }

  it('a first-generation client creates a product in its own shape and gets it back in that shape', async () => {
    const res = await write('POST', '/products', '2025-01-01', { name: 'Darjeeling', price: '14.00', category: tea })
    expect(res.status).toBe(201)
    expect(res.headers.get('location')).toBe('http://api.test/releases/products/4')
    expect(await res.json()).toEqual({ id: 4, name: 'Darjeeling', price: '14.00', category: tea, url: 'http://api.test/releases/products/4' })
  })

  it('the same client sending the newer shape is told what is wrong in its own terms (problem details, 422)', async () => {
    const res = await write('POST', '/products', '2025-01-01', newer)
    expect(res.status).toBe(422)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(await res.json()).toMatchObject({
      type: 'https://catalog.test/problems/invalid-request-body',
      code: 'InvalidRequestBody',
      errors: [
        { loc: ['body', 'name'], msg: 'Field required.', type: 'missing' },
        { loc: ['body', 'price'], msg: 'Expected "string".', type: 'type' },
        { loc: ['body', 'category'], msg: 'Expected "string".', type: 'type' },
      ],
    })
  })

  it('the newest client sends the newest shape, checked by the handler', async () => {
    const res = await write('POST', '/products', '2026-06-01', newer)
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 4, ...newer, category: { name: 'Tea', url: tea }, links: { self: 'http://api.test/releases/products/4' } })
    expect((await write('POST', '/products', '2026-06-01', { ...newer, price: { amount: 1.5, currency: 'EUR' } })).status).toBe(422)
  })

  it('an older client\'s body over 1 MiB (maxBodySize) is refused with 413 problem details titled with the status phrase', async () => {
    const res = await app.request('http://api.test/releases/products', { method: 'POST', headers: { 'Api-Version': '2025-01-01', 'Content-Type': 'application/json' }, body: `"${'a'.repeat(2 * 1024 * 1024)}"` })
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(await res.json()).toEqual({ type: 'https://catalog.test/problems/body-too-large', title: 'Content Too Large', status: 413, detail: 'The request body is too large.', code: 'BodyTooLarge' })
  })

  it('replaces a product (PUT): an older price that is not one is refused, a good one answered in the older shape', async () => {
    const bad = await write('PUT', '/products/2', '2025-01-01', { name: 'Assam', price: '9.5', category: tea })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { errors: unknown }).errors).toEqual([{ loc: ['body', 'price'], msg: 'String does not match pattern.', type: 'pattern' }])
    const good = await write('PUT', '/products/2', '2025-01-01', { name: 'Assam', price: '9.50', category: tea })
    expect(good.status).toBe(200)
    expect(await good.json()).toEqual({ id: 2, name: 'Assam', price: '9.50', category: tea, url: 'http://api.test/releases/products/2' })
    expect((await write('PUT', '/products/9', '2026-06-01', newer)).status).toBe(404)
  })
})

describe('the worker example: a path no route of a section serves is answered in that section\'s error format', () => {
  it('/releases: 404 problem details, titled with the status phrase, whatever the version asked', async () => {
    const problem = { type: 'https://catalog.test/problems/not-found', title: 'Not Found', status: 404, detail: 'Not found.', code: 'NotFound' }
    for (const [path, headers] of [
      ['/releases/nope', {}],
      ['/releases/products/abc', {}],
      ['/releases', {}],
      ['/releases/nope', { 'Api-Version': '2025-01-01' }],
      ['/releases/nope/deeper', { 'Api-Version': 'not a version' }],
      ['/releases/nope', { 'Api-Version': '2024-06-01' }],
    ] as const) {
      const res = await app.request(`http://api.test${path}`, { headers })
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 404, 'application/problem+json'])
      expect(await res.json()).toEqual(problem)
    }
  })

  it('/releases: an unknown bearer key is still refused first (401), a method a route does not serve still 405 with Allow', async () => {
    expect((await app.request('http://api.test/releases/nope', { headers: { Authorization: 'Bearer not-a-key' } })).status).toBe(401)
    const res = await app.request('http://api.test/releases/products', { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST')
    expect(res.headers.get('content-type')).toBe('application/problem+json')
  })

  it.each([
    ['/accept/nope', {}],
    ['/path/v1/nope', {}],
    ['/path/v3/nope', {}],
    ['/ns/v2/nope', {}],
    ['http://v2.catalog.test/host/nope', {}],
    ['/query/nope?version=v2', {}],
    ['/semver/nope', { 'Accept-Version': '1.x' }],
    ['/semver/products/abc', {}],
    // docs/worker-example.md: a path outside a catalogue section's table gets the 404 whatever version it asks.
    ['/accept/nope', { Accept: 'application/json; version=v3' }],
    ['/query/nope?version=v3', {}],
  ] as const)('%s: 404 {"detail": "Not found."}, as the section\'s views answer a missing product', async (path, headers) => {
    const res = await app.request(path.startsWith('/') ? `http://api.test${path}` : path, { headers })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({ detail: 'Not found.' })
  })
})
