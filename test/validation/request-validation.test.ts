/**
 * Older requests validated in their own version (src/validation): each
 * older version's request schema derived from the head's by the declared
 * changes, checked before the body migrates up, errors in the client's own
 * field names and in the app's error format; head requests and unchanged
 * schemas pay nothing.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { change, enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'
import { InvalidRequestBody, requestValidation, type RequestValidationOptions } from '../../src/validation/index.ts'
import type { Layout } from '../../src/changes/shape.ts'
import * as componentSchemas from '../support/product-schemas.ts'

interface Category {
  slug: string
  title: string
}
interface Product {
  id?: number
  title: string
  price: { amount: number; currency: string }
  status?: 'active' | 'archived' | 'draft'
  category?: Category | null
  tags?: string[]
}
const Category = shape<Category>('Category')
const Product = shape<Product>('Product', { nested: { category: Category } })
const Tag = shape<{ label: string }>('Tag')

/** The head schemas as an OpenAPI 3.1 document's components have them (a module of their own, as an app keeps them). */
const components = { ...componentSchemas }

const changes = [
  change('Products and categories have a title instead of a name.', [fieldRenamed(Product, { older: 'name', newer: 'title' }), fieldRenamed(Category, { older: 'name', newer: 'title' })]),
  change('Prices are an amount in cents and a currency; the SKU is gone.', [
    fieldChanged(Product, 'price', {
      down: (price) => (price.amount / 100).toFixed(2),
      up: (price) => ({ amount: Math.round(Number(price) * 100), currency: 'EUR' }),
      olderSchema: { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' },
    }),
    fieldRemoved(Product, 'sku', { schema: { type: 'string' } }),
  ]),
  change('Products can be drafts, and have tags.', [enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' }), fieldAdded(Product, 'tags', { default: [] })]),
]

function catalogue(options: RequestValidationOptions = { schemas: components }, errorResponse?: ReturnType<typeof problemDetails>) {
  const history = versionHistory({
    versions: [{ version: 'v1' }, { version: 'v2', changes: [changes[0]!] }, { version: 'v3', changes: [changes[1]!] }, { version: 'v4', changes: [changes[2]!] }],
    bodies: {
      'POST /products': { request: Product },
      'PUT /lists/:id': { request: { items: [Product] } },
      'POST /tags': { request: Tag },
    },
    validation: requestValidation(options),
  })
  const seen: unknown[] = []
  const app = new Hono()
  const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4'], defaultVersion: 'v4' })
  app.use('*', versionMiddleware({ scheme, changes: history, ...(errorResponse === undefined ? {} : { errorResponse }) }))
  const echo = async (c: { req: { json(): Promise<unknown> }; json(value: unknown, status: 201): Response }) => {
    const body = await c.req.json()
    seen.push(body)
    return c.json({ ok: true }, 201)
  }
  app.post('/products', echo)
  app.put('/lists/:id', echo)
  app.post('/tags', echo)
  return { app, seen, history }
}

const send = (app: Hono, path: string, version: string, body: unknown, method = 'POST') =>
  app.request(`https://api.example${path}`, { method, headers: { 'Api-Version': version, 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('an older request is validated against its own version, then migrated', () => {
  it('accepts each version its own shape, and the handler sees the head shape', async () => {
    const { app, seen } = catalogue()
    const v1 = { name: 'Lamp', price: '12.50', status: 'active', category: { slug: 'l', name: 'Lights' }, sku: 'SKU-1' }
    const v3 = { title: 'Lamp', price: { amount: 1250, currency: 'EUR' }, status: 'archived', category: null }
    expect((await send(app, '/products', 'v1', v1)).status).toBe(201)
    expect((await send(app, '/products', 'v3', v3)).status).toBe(201)
    expect(seen).toEqual([
      { title: 'Lamp', price: { amount: 1250, currency: 'EUR' }, status: 'active', category: { slug: 'l', title: 'Lights' }, tags: [] },
      { ...v3, tags: [] },
    ])
  })

  it.each([
    [
      'a v1 client sending the head shape: its own fields named',
      'v1',
      { title: 'Lamp', price: { amount: 1250, currency: 'EUR' } },
      [
        { loc: ['body', 'name'], msg: 'Field required.', type: 'missing' },
        { loc: ['body', 'price'], msg: 'Expected "string".', type: 'type' },
      ],
    ],
    ['a v2 client with a price that is not one', 'v2', { title: 'Lamp', price: '12.5' }, [{ loc: ['body', 'price'], msg: 'String does not match pattern.', type: 'pattern' }]],
    ['a nested category in v1 names its older field', 'v1', { name: 'Lamp', price: '1.00', category: { slug: 'l', title: 'Lights' } }, [{ loc: ['body', 'category'], msg: 'Does not match any of the allowed schemas.', type: 'anyOf' }]],
    ['an enum value added in v4 is refused in v3', 'v3', { title: 'Lamp', price: { amount: 1, currency: 'EUR' }, status: 'draft' }, [{ loc: ['body', 'status'], msg: 'Expected any of ["active","archived"].', type: 'enum' }]],
    ['a removed field keeps its older schema', 'v2', { title: 'Lamp', price: '1.00', sku: 7 }, [{ loc: ['body', 'sku'], msg: 'Expected "string".', type: 'type' }]],
    ['constraints of the head that older versions share', 'v2', { title: '', price: '1.00' }, [{ loc: ['body', 'title'], msg: 'String is too short (0 < 1).', type: 'minLength' }]],
  ] as const)('%s: 422 with the issues', async (_name, version, body, issues) => {
    const { app, seen } = catalogue()
    const res = await send(app, '/products', version, body)
    expect(res.status).toBe(422)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({ detail: issues })
    expect(seen).toEqual([])
  })

  it("dependentRequired and dependentSchemas name an older version's fields: a renamed field by its older name, an added one not at all", async () => {
    interface Payment {
      card?: string
      cvc?: string
      note?: string
    }
    const Payment = shape<Payment>('Payment')
    const history = versionHistory({
      versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Codes are CVCs; payments have notes.', [fieldRenamed(Payment, { older: 'code', newer: 'cvc' }), fieldAdded(Payment, 'note')])] }],
      bodies: { 'POST /payments': { request: Payment } },
      validation: requestValidation({
        schemas: {
          Payment: {
            type: 'object',
            properties: { card: { type: 'string' }, cvc: { type: 'string' }, note: { type: 'string' } },
            dependentRequired: { card: ['cvc'], note: ['card'] },
            dependentSchemas: { note: { required: ['card'] } },
          },
        },
      }),
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), changes: history }))
    app.post('/payments', async (c) => c.json(await c.req.json(), 201))
    expect((await send(app, '/payments', 'v1', { card: '4242', code: '123' })).status).toBe(201)
    const missing = await send(app, '/payments', 'v1', { card: '4242' })
    expect(missing.status).toBe(422)
    expect(JSON.stringify(await missing.json())).toContain('code')
  })

  it('names list positions inside a layout', async () => {
    const { app } = catalogue()
    const res = await send(app, '/lists/1', 'v1', { items: [{ name: 'a', price: '1.00' }, { name: 'b' }] }, 'PUT')
    expect(await res.json()).toEqual({ detail: [{ loc: ['body', 'items', 1, 'price'], msg: 'Field required.', type: 'missing' }] })
  })

  it('leaves the head to the app own validator, and versions whose schema is the head one', async () => {
    const { app, seen } = catalogue()
    expect((await send(app, '/products', 'v4', { anything: true })).status).toBe(201)
    // Tag never changed: no version validates it (no body is read for it beyond the handler's).
    expect((await send(app, '/tags', 'v1', { label: 3 })).status).toBe(201)
    expect(seen).toEqual([{ anything: true }, { label: 3 }])
  })

  it('a field a later version added, sent by an older client: dropped where the schema leaves the object open, refused where it closes it (as that version did)', async () => {
    const Note = shape<{ text: string; tags?: string[] }>('Note')
    const app = (additionalProperties: boolean) => {
      const history = versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Notes have tags.', [fieldAdded(Note, 'tags', { default: [] })])] }],
        bodies: { 'POST /notes': { request: Note } },
        validation: requestValidation({ schemas: { Note: { type: 'object', properties: { text: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, additionalProperties } } }),
      })
      const hono = new Hono()
      hono.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
      hono.post('/notes', async (c) => c.json(await c.req.json(), 201))
      return hono
    }
    const open = await send(app(true), '/notes', '1', { text: 'x', tags: ['sent'] })
    expect([open.status, await open.json()]).toEqual([201, { text: 'x', tags: [] }])
    const closed = await send(app(false), '/notes', '1', { text: 'x', tags: ['sent'] })
    expect([closed.status, await closed.json()]).toEqual([422, { detail: [{ loc: ['body'], msg: 'Unknown field in this version.', type: 'extra_forbidden' }] }])
  })

  it('answers in the app error format: problem details with errors, and a configured status', async () => {
    const { app } = catalogue({ schemas: components }, problemDetails())
    const res = await send(app, '/products', 'v1', { name: 'Lamp' })
    expect(res.status).toBe(422)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(await res.json()).toEqual({
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'The request body does not match the schema of its API version.',
      code: 'InvalidRequestBody',
      errors: [{ loc: ['body', 'price'], msg: 'Field required.', type: 'missing' }],
    })
    const four = catalogue({ schemas: components, status: 400 })
    expect((await send(four.app, '/products', 'v1', { name: 'Lamp' })).status).toBe(400)
  })

  it('takes a Standard JSON Schema (zod) as the head schema', async () => {
    const ProductSchema = z.object({ title: z.string(), price: z.object({ amount: z.number().int(), currency: z.string() }), status: z.enum(['active', 'archived', 'draft']).optional() })
    const { app } = catalogue({ schemas: { Product: ProductSchema } })
    expect((await send(app, '/products', 'v1', { name: 'Lamp', price: '1.00' })).status).toBe(201)
    const res = await send(app, '/products', 'v3', { title: 'Lamp', price: { amount: 1, currency: 'EUR' }, status: 'draft' })
    expect(await res.json()).toEqual({ detail: [{ loc: ['body', 'status'], msg: 'Expected any of ["active","archived"].', type: 'enum' }] })
  })

  it('refuses malformed and non-JSON bodies as before, before validating', async () => {
    const { app } = catalogue()
    const bad = await app.request('https://api.example/products', { method: 'POST', headers: { 'Api-Version': 'v1', 'content-type': 'application/json' }, body: '{' })
    expect(bad.status).toBe(400)
    const text = await app.request('https://api.example/products', { method: 'POST', headers: { 'Api-Version': 'v1', 'content-type': 'text/plain' }, body: 'x' })
    expect(text.status).toBe(415)
  })

  it('is an InvalidRequestBody with the issues', () => {
    const error = new InvalidRequestBody([{ loc: ['body'], msg: 'x', type: 'type' }])
    expect([error.name, error.status, error.code, error.issues.length]).toEqual(['InvalidRequestBody', 422, 'InvalidRequestBody', 1])
  })
})

describe('configuration mistakes fail at construction', () => {
  it.each([
    ['no options', () => requestValidation(undefined as never), 'requestValidation: pass options such as { schemas: { Product: ProductSchema } }.'],
    ['an unknown option', () => requestValidation({ schemas: {}, strict: true } as never), 'requestValidation: unknown option "strict"; the options are schemas, status, maxIssues, maxDepth, issueTypes, parameters.'],
    ['schemas not an object', () => requestValidation({ schemas: [] as never }), 'requestValidation: schemas must map shape names to JSON Schemas'],
    // Plain JavaScript: a Map's entries are no keys, so nothing was validated, silently.
    ['schemas as a Map', () => requestValidation({ schemas: new Map([['Product', { type: 'object' }]]) as never }), 'requestValidation: schemas must map shape names to JSON Schemas, such as { Product: ProductSchema } (an object, not a Map).'],
    ['parameters as a Map', () => requestValidation({ schemas: {}, parameters: new Map([['GET /products', {}]]) as never }), 'requestValidation: parameters must map route names to { query?, headers?, cookies? } shapes'],
    // A Date, a RegExp, a Promise: the language's objects, whose entries Object.keys does not see either.
    ['schemas as a Date', () => requestValidation({ schemas: new Date() as never }), 'requestValidation: schemas must map shape names to JSON Schemas'],
    ['options as a Promise', () => requestValidation(Promise.resolve({ schemas: {} }) as never), 'requestValidation: pass options such as { schemas: { Product: ProductSchema } }.'],
    ['a schema that is not one', () => requestValidation({ schemas: { Product: 'x' as never } }), 'requestValidation: schemas.Product must be a JSON Schema object or a Standard JSON Schema'],
    ['a Standard Schema without JSON Schema', () => requestValidation({ schemas: { Product: { '~standard': { version: 1 } } as never } }), 'is a Standard Schema without a JSON Schema'],
    ['a bad status', () => requestValidation({ schemas: {}, status: 418 as never }), 'requestValidation: status must be 400 or 422.'],
    ['validation not from requestValidation', () => versionHistory({ versions: [{ version: 'v1' }], validation: {} as never }), 'versionHistory: validation must come from requestValidation({...})'],
  ] as const)('%s', (_name, make, message) => {
    expect(make).toThrow(message)
  })

  it('takes schemas from a module namespace (import * as schemas), its exports its keys', async () => {
    const { app } = catalogue({ schemas: componentSchemas })
    expect((await send(app, '/products', 'v1', { name: 'Lamp', price: '12.50' })).status).toBe(201)
    expect((await send(app, '/products', 'v1', { name: 'Lamp', price: 12.5 })).status).toBe(422)
  })

  it.each([
    ['a type no JSON type is (an Object.prototype name)', { type: 'constructor' }, 'requestValidation: a schema\'s type "constructor" is no JSON type; the types are string, number, integer, boolean, null, array, object. Fix the schema.'],
    ['a misspelt type', { type: 'strng' }, 'a schema\'s type "strng" is no JSON type'],
    ['a list of types with one that is not', { type: ['string', 'date'] }, 'a schema\'s type ["string","date"] has "date", which is no JSON type'],
    ['a list of types with one of a C1 control, 1 MiB long (escaped and cut)', { type: [`x\r\n\u0085${'9'.repeat(2 ** 20)}`] }, `a schema's type ["x\\r\\n\\u0085${'9'.repeat(186)}… has "x\\r\\n\\u0085${'9'.repeat(67)}…, which is no JSON type;`],
    ['required of a C1 control, 1 MiB long (escaped and cut)', { type: 'object', required: `x\u0085${'9'.repeat(2 ** 20)}` }, `a schema's required is "x\\u0085${'9'.repeat(191)}…, not a list of field names.`],
    ['a pattern that is no expression with the u flag', { type: 'string', pattern: '\\-(' }, 'a schema\'s pattern "\\\\-(" is not a regular expression with the u flag, as JSON Schema reads it'],
    ['a patternProperties name that is no expression', { type: 'object', patternProperties: { '[': {} } }, 'a schema\'s patternProperties "[" is not a regular expression'],
    ['required not a list of names', { type: 'object', required: 'title' }, 'a schema\'s required is "title", not a list of field names.'],
    ['a length that is no count', { type: 'string', minLength: '1' }, 'a schema\'s minLength is "1", not a whole number of at least 0.'],
    ['a count of items that is negative', { type: 'array', maxItems: -1 }, 'a schema\'s maxItems is -1, not a whole number of at least 0.'],
    ['multipleOf 0', { type: 'number', multipleOf: 0 }, 'a schema\'s multipleOf is 0, not a number greater than 0.'],
    // Before, each went to the fallback, which ignores a keyword it does not know: nothing checked, and no word of it.
    ['a misspelt keyword', { type: 'object', addtionalProperties: false }, 'requestValidation: a schema\'s keyword "addtionalProperties" is no JSON Schema keyword; write "additionalProperties" if that is what it means, else take it out (or name an extension x-...). Fix the schema.'],
    ['a keyword with two letters swapped', { type: 'object', requried: ['x'] }, 'a schema\'s keyword "requried" is no JSON Schema keyword; write "required"'],
    ['a keyword in the wrong case', { type: 'string', maxlength: 3 }, 'a schema\'s keyword "maxlength" is no JSON Schema keyword; write "maxLength"'],
    ['a keyword with a letter left out', { type: 'integer', minimun: 3 }, 'a schema\'s keyword "minimun" is no JSON Schema keyword; write "minimum"'],
    ['a misspelt keyword after one the closures do not compile (the fallback would ignore it)', { type: 'object', unevaluatedProperties: false, properties: { n: { type: 'integer', maximun: 3 } } }, 'a schema\'s keyword "maximun" is no JSON Schema keyword; write "maximum"'],
  ] as const)('a schema no validator could read fails at construction, not on every request: %s', (_name, field, message) => {
    const Item = shape('Item')
    const make = () =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' })])] }],
        bodies: { 'POST /items': { request: Item } },
        validation: requestValidation({ schemas: { Item: { type: 'object', properties: { title: { type: 'string' }, field } } } }),
      })
    expect(make).toThrow(message)
  })

  it('a changed nested shape written out inside its parent\'s schema (no schema of its own) is refused, naming both; a $ref to its own, or a parent that does not write it out, is not', () => {
    const Line = shape<{ sku: string; qty: number }>('Line')
    const Order = shape<{ lines: { sku: string; qty: number }[] }>('Order', { nested: { lines: [Line] } })
    const line = { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } }, required: ['sku', 'qty'] }
    const historyWith = (schemas: RequestValidationOptions['schemas']) =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Lines have a sku.', [fieldRenamed(Line, { older: 'code', newer: 'sku' })])] }],
        bodies: { 'POST /orders': { request: Order } },
        validation: requestValidation({ schemas }),
      })
    expect(() => historyWith({ Order: { type: 'object', properties: { lines: { type: 'array', items: line } } } })).toThrow(
      'requestValidation: shape "Line" is written out inside the schema of "Order", and version 2 changes it; give "Line" its own schema in schemas and point at it from "Order"\'s ($ref: \'#/components/schemas/Line\')',
    )
    expect(() => historyWith({ Order: z.object({ lines: z.array(z.object({ sku: z.string(), qty: z.number() })) }) })).toThrow('shape "Line" is written out inside the schema of "Order"')
    expect(() => historyWith({ Order: { type: 'object', properties: { lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } } } }, Line: line })).not.toThrow()
    expect(() => historyWith({ Order: { type: 'object', properties: { lines: { type: 'array' } } } })).not.toThrow()
  })

  it('an OpenAPI extension (x-...) is an annotation, and a keyword of another draft is no misspelling: both construct', () => {
    const Item = shape('Item')
    const make = (field: object) => () =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' })])] }],
        bodies: { 'POST /items': { request: Item } },
        validation: requestValidation({ schemas: { Item: { type: 'object', properties: { title: { type: 'string' }, field } } } }),
      })
    // Compiled: an unbounded uniqueItems list of objects, which the fallback would refuse, is taken.
    expect(make({ type: 'array', uniqueItems: true, items: { type: 'object' }, 'x-order': 1 })).not.toThrow()
    for (const other of [{ $id: 'x' }, { dependencies: { items2: ['a'] } }, { unevaluatedProperties: false }, { id: 'x' }, { properties: { minimun: {}, Required: {} }, required: ['maxlength'], enum: [{ minimun: 1 }] }]) expect(make(other)).not.toThrow()
  })

  it('components referring to each other in unions are read once each: a wide, deep union constructs at once, and a cycle that never goes into the value is refused', () => {
    // Before, the head-field check read each component once per way down: 4 members a level, 17 levels, never ended.
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
    const Item = shape('Item')
    const make = (schemas: Record<string, Readonly<Record<string, unknown>>>) => () =>
      versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' })])] }],
        bodies: { 'POST /items': { request: Item } },
        validation: requestValidation({ schemas: { ...schemas, Item: { type: 'object', properties: { title: { type: 'string' } }, anyOf: [0, 1, 2, 3].map((i) => ref(`L0_${i}`)) } } }),
      })
    const layers: Record<string, Readonly<Record<string, unknown>>> = {}
    for (let level = 0; level < 17; level++) {
      for (let i = 0; i < 4; i++) layers[`L${level}_${i}`] = level === 16 ? { properties: { n: { type: 'integer' } } } : { anyOf: [0, 1, 2, 3].map((j) => ref(`L${level + 1}_${j}`)) }
    }
    const started = Date.now()
    expect(make(layers)).not.toThrow()
    expect(Date.now() - started).toBeLessThan(5_000)
    const cycle = { C0: { anyOf: [ref('C1')] }, C1: { allOf: [ref('C0')], properties: { n: {} } } }
    expect(make({ ...cycle, L0_0: ref('C0'), L0_1: {}, L0_2: {}, L0_3: {} })).toThrow(
      'requestValidation: a schema refers back to itself without going into the value ("C0" → "C1" → "C0", through allOf, anyOf, oneOf, not, if/then/else or dependentSchemas): checking any value would never end; let each way round go through properties or items. Fix the schema.',
    )
  }, 60_000)

  it('a layout type is what bodies take', () => {
    const layout: Layout = { items: [Product] }
    expect(layout).toBeDefined()
  })
})
