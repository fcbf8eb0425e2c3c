/**
 * validateResponses: each JSON response checked against its version's
 * schema, in development and tests; a handler that drifts from its
 * documented head shape answers 500 with a ResponseContractError.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ResponseContractError, validateResponses } from '../../src/contracts/index.ts'
import { catalogApi } from '../support/contracts-fixture.ts'
import type { ResponseContractProblem } from '../../src/contracts/validate-responses.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

/** The head view forgot `title`, which the head document requires. */
const drifted = { product: (id: number) => ({ id, sku: `L-${id}` }) }

async function answer(app: Hono, path: string, version: string): Promise<{ status: number; body: unknown }> {
  const response = await app.request(`https://lamps.test${path}`, { headers: { 'Api-Version': version } })
  return { status: response.status, body: await response.json().catch(() => null) }
}

describe('validateResponses', () => {
  it('passes responses that match their version\'s schema, in every version', async () => {
    const { app } = catalogApi({ validate: { enabled: true } })
    expect(await answer(app, '/products/1', 'v3')).toEqual({ status: 200, body: { id: 1, title: 'Lamp 1', sku: 'L-1' } })
    expect(await answer(app, '/products/1', 'v1')).toEqual({ status: 200, body: { id: 1, name: 'Lamp 1', sku: 'L-1' } })
    expect(await answer(app, '/products', 'v2')).toEqual({ status: 200, body: { items: [{ id: 1, title: 'Lamp 1', sku: 'L-1' }, { id: 2, title: 'Lamp 2', sku: 'L-2' }] } })
  })

  it('throws a ResponseContractError for a handler that drifts from its documented shape (500 through onError)', async () => {
    const { app } = catalogApi({ ...drifted, validate: { enabled: true } })
    const caught: unknown[] = []
    app.onError((error, c) => {
      caught.push(error)
      return c.text('Internal Server Error', 500)
    })
    expect((await answer(app, '/products/1', 'v3')).status).toBe(500)
    expect(caught).toHaveLength(1)
    const error = caught[0] as ResponseContractError
    expect(error).toBeInstanceOf(ResponseContractError)
    expect(error.name).toBe('ResponseContractError')
    expect(error.message).toBe('GET /products/{id} answered 200 in version v3 with a body its document does not allow: at #: Instance does not have required property "title".')
    expect(error.problem).toEqual({ version: 'v3', method: 'GET', path: '/products/{id}', status: 200, mediaType: 'application/json', errors: [{ at: '#', message: 'Instance does not have required property "title".' }] })
    // An older version checks the older shape: v2 requires `title` too; a list names the item.
    expect((await answer(app, '/products', 'v2')).status).toBe(500)
    expect((caught[1] as Error).message).toBe('GET /products answered 200 in version v2 with a body its document does not allow: at #/items/0: Instance does not have required property "title"; at #/items/1: Instance does not have required property "title".')
  })

  it('bounds its work and its report by the body: a large body names its first problem, a small one at most 100, a deep one never a RangeError', async () => {
    const items = (count: number, id: (i: number) => unknown) => ({ items: Array.from({ length: count }, (_, i) => ({ id: id(i), title: `Lamp ${i}` })) })
    const problems = async (body: unknown, text?: string): Promise<ResponseContractProblem['errors']> => {
      const seen: ResponseContractProblem[] = []
      const app = new Hono()
      app.use('*', validateResponses(catalogApi().documents, { enabled: true, onInvalid: (problem) => void seen.push(problem) }))
      app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ header: 'Api-Version', allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' }) }))
      app.get('/products', (c) => c.body(text ?? JSON.stringify(body), 200, { 'content-type': 'application/json' }))
      expect((await app.request('https://lamps.test/products', { headers: { 'Api-Version': 'v3' } })).status).toBe(200)
      return seen[0]?.errors ?? []
    }
    // 50,000 wrong ids (about 1.5 MB): the first problem; a collecting validator threw a RangeError at this size.
    expect(await problems(items(50_000, (i) => `x${i}`))).toEqual([{ at: '#/items/0/id', message: 'Instance type "string" is invalid. Expected "integer".' }])
    // 1,000 wrong ids in a body under 32 KiB: every problem, at most 100.
    const listed = await problems(items(1_000, (i) => `${i}`))
    expect(listed).toHaveLength(100)
    expect(listed[99]).toEqual({ at: '#/items/99/id', message: 'Instance type "string" is invalid. Expected "integer".' })
    // Nested deeper than a walk can go, inside a field the schema checks.
    const deep = '['.repeat(20_000) + ']'.repeat(20_000)
    expect(await problems(undefined, `{"items":[{"id":1,"title":${deep}}]}`)).toEqual([{ at: expect.any(String), message: expect.any(String) }])
  })

  it('hands the problem to onInvalid, which may answer instead or let the response through', async () => {
    const seen: ResponseContractProblem[] = []
    const replacing = catalogApi({ ...drifted, validate: { enabled: true, onInvalid: (problem, c) => c.json({ drift: problem.errors }, 500) } }).app
    expect(await answer(replacing, '/products/1', 'v3')).toEqual({ status: 500, body: { drift: [{ at: '#', message: 'Instance does not have required property "title".' }] } })
    const logging = catalogApi({ ...drifted, validate: { enabled: true, onInvalid: (problem) => void seen.push(problem) } }).app
    expect(await answer(logging, '/products/1', 'v3')).toEqual({ status: 200, body: { id: 1, sku: 'L-1' } })
    expect(seen.map((p) => p.path)).toEqual(['/products/{id}'])
  })

  it('is off when disabled', async () => {
    expect((await answer(catalogApi({ ...drifted, validate: { enabled: false } }).app, '/products/1', 'v3')).status).toBe(200)
  })

  it('leaves alone what its document gives no schema: other statuses, other media types, unknown routes and versions', async () => {
    const { app, documents } = catalogApi({ validate: { enabled: true } })
    expect((await answer(app, '/products/12345', 'v3')).status).toBe(200)
    expect((await app.request('https://lamps.test/nowhere', { headers: { 'Api-Version': 'v3' } })).status).toBe(404)
    expect((await app.request('https://lamps.test/products/1', { headers: { 'Api-Version': 'v9' } })).status).toBe(404)
    const plain = new Hono()
    plain.use('*', validateResponses(documents, { enabled: true }))
    plain.use('*', async (c, next) => {
      c.set('version' as never, 'v3' as never)
      await next()
    })
    plain.get('/products/:id', (c) => c.text('not JSON'))
    plain.get('/products', (c) => c.json({ items: 'wrong' }, 418))
    expect((await plain.request('https://lamps.test/products/1')).status).toBe(200)
    expect((await plain.request('https://lamps.test/products')).status).toBe(418)
  })

  it.each([
    [null, {}, 'validateResponses: pass the documents of every version, made with versionedOpenAPI({...}).'],
    [undefined, { on: true }, 'validateResponses: unknown option "on"; the options are enabled, onInvalid.'],
    [undefined, { enabled: 'yes' }, 'validateResponses: enabled must be true or false.'],
    [undefined, { onInvalid: 'log' }, 'validateResponses: onInvalid must be a function (problem, c) => Response | void.'],
  ])('refuses a mistake at construction (%#)', (documents, options, message) => {
    const real = catalogApi().documents
    expect(() => validateResponses((documents === undefined ? real : documents) as never, options as never)).toThrow(message)
  })
})

describe('a ResponseContractError quotes a body\'s keys escaped and cut', () => {
  it('a 4 KiB key with CR LF, which the schema refuses, is escaped and cut in the message and whole in the problem', async () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' })
    const schema = { type: 'object', additionalProperties: false }
    const document = { openapi: '3.1.0', info: { title: 'Items', version: '1' }, paths: { '/items': { get: { responses: { '200': { description: 'Items.', content: { 'application/json': { schema } } } } } } } }
    const served = new Hono().get('/items', (c) => c.json({}))
    const key = `\r\n${'k'.repeat(4 * 1024)}`
    const app = new Hono()
    app.use('*', validateResponses(versionedOpenAPI({ scheme, app: served, document }), { enabled: true }))
    app.use('*', versionMiddleware({ scheme }))
    app.get('/items', (c) => c.json({ [key]: 'x' }))
    const caught: ResponseContractError[] = []
    app.onError((error, c) => {
      caught.push(error as ResponseContractError)
      return c.text('Internal Server Error', 500)
    })
    expect((await app.request('https://api.test/items')).status).toBe(500)
    const [error] = caught
    const long = 'k'.repeat(4 * 1024)
    expect(error?.problem.errors).toEqual([
      { at: '#', message: `Property "\r\n${long}" does not match additional properties schema.` },
      { at: `#/%0D%0A${long}`, message: 'False boolean schema.' },
    ])
    // Each location cut to 80 characters, each of the validator's sentences to 200.
    expect(error?.message).toBe(`GET /items answered 200 in version 1 with a body its document does not allow: at #: Property "\\r\\n${'k'.repeat(185)}…; at #/%0D%0A${'k'.repeat(71)}…: False boolean schema.`)
  })
})
