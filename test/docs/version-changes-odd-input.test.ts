/**
 * The table of docs/version-changes.md that says what each odd input gets on
 * an older version, beside the head version's answer: made here from real
 * requests, and the page must hold exactly this table.
 */
import { readFileSync } from 'node:fs'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRenamed, shape } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, route } from '../../src/index.ts'
import { markedSection, versionsTable } from '../support/docs-tables.ts'
import { twoVersionHistory, twoVersions } from '../support/two-versions.ts'

interface Product {
  id: number
  title: string
  price: number
}
const Product = shape<Product>('Product')
const history = twoVersionHistory(
  [
    change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })]),
    change('Products have a stock.', [fieldAdded(Product, 'stock' as never, { default: 0 as never })]),
    change('Prices are numbers.', [
      fieldChanged(Product, 'price', {
        down: (price) => price.toFixed(2),
        up: (price) => {
          if (typeof price !== 'string') throw new TypeError('a price is a string')
          return Number(price)
        },
      }),
    ]),
  ],
  {
    bodies: {
      'GET products': { response: { items: [Product] } },
      'POST products': { request: Product, response: Product },
      // What the PATCH handler received is its answer, as it is: no response layout.
      'PATCH products': { request: Product, forms: true },
    },
  },
)

function app(): Hono {
  const routes = defineRoutes([route('products', '/products')])
  const versioning = apiVersioning({ scheme: twoVersions(), routes, changes: history, origin: 'https://api.example.com' })
  const app = new Hono()
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text('Internal Server Error', 500)))
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    products: {
      // A handler that answers a body outside its layout when asked (?broken), to show what older clients get then.
      get: (c) => (c.req.query('broken') === undefined ? c.json({ items: [{ id: 1, title: 'Lamp', price: 12.5 }] }) : c.json({ error: 'oops' } as never)),
      post: async (c) => {
        let body: Omit<Product, 'id'>
        try {
          body = await c.req.json()
        } catch {
          return c.json({ detail: 'The handler could not parse the body.' }, 400)
        }
        return c.json({ id: 7, title: body.title, price: body.price }, 201)
      },
      patch: async (c) => {
        let received: unknown
        try {
          received = /^(multipart|application\/x-www)/.test(c.req.header('content-type') ?? '') ? await c.req.parseBody() : await c.req.json()
        } catch {
          return c.json({ detail: 'The handler could not parse the body.' }, 400)
        }
        const files = Object.entries(received as object).map(([k, v]) => [k, v instanceof File ? `${v.name} (${v.size} bytes)` : v])
        return c.json({ received: Object.fromEntries(files) })
      },
    },
  })
  return app
}

/** One odd input: what it is, and the request for each version (the head's body in the head's terms). */
interface Row {
  readonly input: string
  readonly path?: string
  readonly method?: string
  readonly type?: string | null
  readonly head?: string
  readonly old?: string
  /** Sent as a stream, without Content-Length. */
  readonly chunked?: boolean
  /** Sent with its Content-Length. */
  readonly length?: boolean
}

const multipart = (field: string): string =>
  `--XyZ-boundary\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nDesk\r\n--XyZ-boundary\r\nContent-Disposition: form-data; name="photo"; filename="desk.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8 bytes\r\n--XyZ-boundary--\r\n`
const MiB = 1024 * 1024
const padded = (head: string) => `{${head},"notes":"${'x'.repeat(2 * MiB)}"}`

const ROWS: readonly Row[] = [
  { input: 'a JSON body in the version\'s own shape', type: 'application/json', head: '{"title":"Desk","price":30}', old: '{"name":"Desk","price":"30.00"}' },
  { input: 'the same JSON sent as `text/plain`', type: 'text/plain', head: '{"title":"Desk","price":30}', old: '{"name":"Desk","price":"30.00"}' },
  { input: 'JSON with no `Content-Type`', type: null, head: '{"title":"Desk","price":30}', old: '{"name":"Desk","price":"30.00"}' },
  { input: 'a form (`curl -d`)', type: 'application/x-www-form-urlencoded', head: 'title=Desk', old: 'name=Desk' },
  { input: 'malformed JSON', type: 'application/json', head: '{"title":', old: '{"name":' },
  { input: 'an empty body', type: 'application/json', head: '', old: '' },
  { input: 'a value a converter refuses (`"price": {"toString": 1}`)', type: 'application/json', head: '{"title":"Desk","price":{"toString":1}}', old: '{"name":"Desk","price":{"toString":1}}' },
  { input: 'a list where the layout says an object', type: 'application/json', head: '[1]', old: '[1]' },
  {
    input: 'a field nested 6,000 levels deep outside every shape',
    type: 'application/json',
    head: `{"title":"Desk","price":30,"meta":${'['.repeat(6000)}${']'.repeat(6000)}}`,
    old: `{"name":"Desk","price":"30.00","meta":${'['.repeat(6000)}${']'.repeat(6000)}}`,
  },
  { input: "a number beyond a double's range written short (`\"stock\": 1e400`)", type: 'application/json', head: '{"title":"Desk","price":30,"stock":1e400}', old: '{"name":"Desk","price":"30.00","stock":1e400}' },
  { input: 'a response outside its layout (the handler\'s bug)', method: 'GET', path: '/products?broken' },
  { input: 'a chunked body (no `Content-Length`)', type: 'application/json', head: '{"title":"Desk","price":30}', old: '{"name":"Desk","price":"30.00"}', chunked: true },
  {
    input: 'a body of 2 MiB (over `maxBodySize`), with its `Content-Length`',
    type: 'application/json',
    head: padded('"title":"Desk","price":30'),
    old: padded('"name":"Desk","price":"30.00"'),
    length: true,
  },
  { input: 'a chunked body of 2 MiB (over `maxBodySize`)', type: 'application/json', head: padded('"title":"Desk","price":30'), old: padded('"name":"Desk","price":"30.00"'), chunked: true },
  { input: 'PATCH: one field (a `default` is not invented)', method: 'PATCH', type: 'application/json', head: '{"price":30}', old: '{"price":"30.00"}' },
  { input: 'PATCH: a merge patch deleting a field (`null`)', method: 'PATCH', type: 'application/merge-patch+json', head: '{"title":null}', old: '{"name":null}' },
  { input: 'PATCH: an empty body', method: 'PATCH', type: 'application/json', head: '', old: '' },
  { input: 'PATCH: a form, on a route with `forms: true`', method: 'PATCH', type: 'application/x-www-form-urlencoded', head: 'title=Desk', old: 'name=Desk' },
  { input: 'PATCH: a multipart form with a file', method: 'PATCH', type: 'multipart/form-data; boundary=XyZ-boundary', head: multipart('title'), old: multipart('name') },
  { input: 'PATCH: a JSON Patch (`application/json-patch+json`)', method: 'PATCH', type: 'application/json-patch+json', head: '[{"op":"replace","path":"/title","value":"Desk"}]', old: '[{"op":"replace","path":"/name","value":"Desk"}]' },
  { input: 'PATCH: a multipart body without its boundary', method: 'PATCH', type: 'multipart/form-data', head: 'title=Desk', old: 'name=Desk' },
]

async function answer(row: Row, version: '1' | '2'): Promise<string> {
  const headers: Record<string, string> = { 'Api-Version': version }
  if (row.type != null) headers['Content-Type'] = row.type
  const body = version === '2' ? row.head : row.old
  const method = row.method ?? 'POST'
  const bytes = new TextEncoder().encode(body ?? '')
  if (row.length === true) headers['Content-Length'] = String(bytes.byteLength)
  const init: RequestInit & { duplex?: 'half' } = { method, headers }
  if (method !== 'GET') init.body = row.chunked === true ? new Blob([bytes]).stream() : bytes
  if (row.chunked === true) init.duplex = 'half'
  const request = new Request(`https://api.example.com${row.path ?? '/products'}`, init)
  const res = await app().request(request)
  const text = await res.text()
  return `${res.status} \`${text}\``
}

describe('docs/version-changes.md: what odd input gets on an older version', () => {
  it('holds the table these requests answer', async () => {
    const rendered = await versionsTable('input', ROWS, answer)
    const page = readFileSync(new URL('../../docs/version-changes.md', import.meta.url), 'utf8')
    const found = markedSection(page, 'odd-input')
    expect(found, `the page's table between <!-- odd-input:start --> and <!-- odd-input:end --> should be:\n${rendered}`).toBe(rendered)
  })
})
