/**
 * Every version a contract, on the engine's side: a change of behaviour or
 * errors alone (no instructions) has its place in the history and the
 * changelog; a field added in a newer version is an unknown field of older
 * versions, dropped from their requests before its default fills it.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { changelogMarkdown } from '../../src/changes/changelog.ts'
import { change, fieldAdded, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'

const scheme = () => new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' })
const send = (app: Hono, method: string, path: string, version: string, body?: unknown) =>
  app.request(`https://api.example${path}`, {
    method,
    headers: { 'Api-Version': version, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

describe('a change of behaviour or errors alone', () => {
  const Product = shape<{ id: number; title: string }>('Product')
  const titles = change('Products have a title instead of a name.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])
  const problems = change('A missing product is answered with problem details.', [], { id: 'missing-product-problem' })
  const history = versionHistory({
    versions: [{ version: 'v1' }, { version: 'v2', changes: [titles] }, { version: 'v3', changes: [problems] }],
    bodies: { 'GET /products/:id': { response: Product } },
  })

  it('is made with an empty list of instructions', () => {
    expect(problems).toEqual({ id: 'missing-product-problem', description: 'A missing product is answered with problem details.', instructions: [] })
    expect(() => change('Nothing.', 'none' as never)).toThrow('change("Nothing."): list what it changes, such as [fieldRenamed(Product, { older: \'name\', newer: \'title\' })], or [] for a change of behaviour alone.')
  })

  it('appears in the changelog with its description, JSON and Markdown', () => {
    expect(history.changelog().versions[0]).toEqual({
      version: 'v3',
      changes: [{ id: 'missing-product-problem', description: 'A missing product is answered with problem details.', instructions: [] }],
    })
    expect(changelogMarkdown(history.changelog())).toContain('## v3 (latest)\n\n- A missing product is answered with problem details.\n\n## v2')
  })

  it('lets a handler answer older versions their own error with predates', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    app.get('/products/:id', (c) => {
      const id = c.req.param('id')
      if (id !== '1') {
        if (history.predates(c.var.version, problems)) return c.json({ detail: `Product ${Number(id)} not found` }, 404)
        return c.json({ type: 'about:blank', title: 'Not Found', status: 404, detail: `Product ${Number(id)} not found` }, 404, { 'content-type': 'application/problem+json' })
      }
      return c.json({ id: 1, title: 'Lamp' })
    })
    for (const [version, body] of [
      ['v1', { detail: 'Product 7 not found' }],
      ['v2', { detail: 'Product 7 not found' }],
      ['v3', { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Product 7 not found' }],
    ] as const) {
      const res = await send(app, 'GET', '/products/7', version)
      expect([version, res.status, await res.json()]).toEqual([version, 404, body])
    }
    expect(await (await send(app, 'GET', '/products/1', 'v1')).json()).toEqual({ id: 1, name: 'Lamp' })
  })
})

describe('a field added in a newer version is an unknown field of older requests', () => {
  const Product = shape<{ id: number; title: string; tags: string[]; currency: string; note: string }>('Product')
  const history = versionHistory({
    versions: [
      { version: 'v1' },
      { version: 'v2', changes: [change('Products have tags and a note.', [fieldAdded(Product, 'tags', { default: [] }), fieldAdded(Product, 'note')])] },
      { version: 'v3', changes: [change('Products have a currency.', [fieldAdded(Product, 'currency', { default: 'EUR', keepOlder: true })])] },
    ],
    bodies: { 'POST /products': { request: Product } },
  })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.post('/products', async (c) => c.json(await c.req.json(), 201))

  it.each([
    ['v1 sends tags its version lacks: dropped, then the default', 'v1', { id: 1, tags: ['x'] }, { id: 1, tags: [], currency: 'EUR' }],
    ['v1 sends a note (no default): dropped', 'v1', { id: 1, note: 'n' }, { id: 1, tags: [], currency: 'EUR' }],
    ['v2 has tags and a note: they pass', 'v2', { id: 1, tags: ['x'], note: 'n' }, { id: 1, tags: ['x'], note: 'n', currency: 'EUR' }],
    ['keepOlder: a v2 client\'s currency passes', 'v2', { id: 1, currency: 'USD' }, { id: 1, currency: 'USD' }],
    ['keepOlder: without one, the default', 'v2', { id: 1 }, { id: 1, currency: 'EUR' }],
    ['the head sends what it sends', 'v3', { id: 1, tags: ['x'] }, { id: 1, tags: ['x'] }],
  ] as const)('%s', async (_name, version, body, seen) => {
    const res = await send(app, 'POST', '/products', version, body)
    expect(res.status).toBe(201)
    // The route declares no response layout: the handler's echo is what it saw.
    expect(await res.json()).toEqual(seen)
    expect(history.migrate(body as never, { as: Product, from: version })).toEqual(seen)
  })

  it('refuses a keepOlder that is not a boolean', () => {
    expect(() => fieldAdded(Product, 'tags', { keepOlder: 'yes' as never })).toThrow('fieldAdded: keepOlder must be true or false.')
  })
})
