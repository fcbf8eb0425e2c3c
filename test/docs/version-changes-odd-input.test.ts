/**
 * The table of docs/version-changes.md that says what each odd input gets on
 * an older version, beside the head version's answer: made here from real
 * requests, and the page must hold exactly this table.
 */
import { readFileSync } from 'node:fs'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { change, fieldChanged, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'

interface Product {
  id: number
  title: string
  price: number
}
const Product = shape<Product>('Product')
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })]),
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
    },
  ],
  bodies: { 'GET products': { response: { items: [Product] } }, 'POST products': { request: Product, response: Product } },
})

function app(): Hono {
  const routes = defineRoutes([route('products', '/products')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, changes: history, origin: 'https://api.example.com' })
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
}

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
  { input: 'a response outside its layout (the handler\'s bug)', method: 'GET', path: '/products?broken' },
]

async function answer(row: Row, version: '1' | '2'): Promise<string> {
  const headers: Record<string, string> = { 'Api-Version': version }
  if (row.type != null) headers['Content-Type'] = row.type
  const body = version === '2' ? row.head : row.old
  const method = row.method ?? 'POST'
  const request = new Request(`https://api.example.com${row.path ?? '/products'}`, { method, headers, ...(method === 'GET' ? {} : { body: new TextEncoder().encode(body ?? '') }) })
  const res = await app().request(request)
  const text = await res.text()
  return `${res.status} \`${text}\``
}

async function table(): Promise<string> {
  const lines = ['| input | head version (2) | older version (1) |', '|---|---|---|']
  for (const row of ROWS) lines.push(`| ${row.input} | ${await answer(row, '2')} | ${await answer(row, '1')} |`)
  return lines.join('\n')
}

describe('docs/version-changes.md: what odd input gets on an older version', () => {
  it('holds the table these requests answer', async () => {
    const rendered = await table()
    const page = readFileSync(new URL('../../docs/version-changes.md', import.meta.url), 'utf8')
    const found = /<!-- odd-input:start -->\n([\s\S]*?)\n<!-- odd-input:end -->/.exec(page)?.[1]
    expect(found, `the page's table between <!-- odd-input:start --> and <!-- odd-input:end --> should be:\n${rendered}`).toBe(rendered)
  })
})
