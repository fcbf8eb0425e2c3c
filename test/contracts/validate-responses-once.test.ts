/**
 * validateResponses does per request only what depends on the request: a
 * matched route's operation is looked up in the model once (its path turned
 * into OpenAPI's syntax once), a version the model does not list builds
 * nothing in the model (its document's paths find the operation), and a
 * document's paths are compiled once, by method, so that a made-up method
 * never reaches a path item's other fields. A portable suite: Node,
 * workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { validateResponses } from '../../src/contracts/index.ts'
import { findOperation } from '../../src/contracts/operations.ts'
import type { ResponseContractProblem, ValidatedDocuments } from '../../src/contracts/validate-responses.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import type { ApiModel } from '../../src/model/api-model.ts'
import { catalogApi } from '../support/contracts-fixture.ts'
import { PATH_ITEM_DOCUMENT } from '../support/path-item-document.ts'

/** The catalogue's documents, with extra versions (documented as `as`) and the model's `find` counted. */
function counted(extra: readonly { readonly version: string; readonly as: string }[] = []) {
  const { documents } = catalogApi()
  const model = documents.model as ApiModel
  const finds: string[] = []
  const wrapped: ValidatedDocuments = {
    versions: [...documents.versions, ...extra.map(({ version }) => ({ version }))],
    document: (version) => documents.document(extra.find((e) => e.version === version)?.as ?? version),
    model: { ...model, find: (method, path) => (finds.push(`${method} ${path}`), model.find(method, path)) },
  }
  return { documents: wrapped, finds }
}

/** An app that validates against `documents`, in the version the client's Api-Version names (any text), its lamp list wrong in every version. */
function lamps(documents: ValidatedDocuments) {
  const problems: ResponseContractProblem[] = []
  const app = new Hono()
  app.use('*', validateResponses(documents, { enabled: true, onInvalid: (problem, c) => (problems.push(problem), c.json({ problem: problem.path }, 500)) }))
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ header: 'Api-Version', defaultVersion: 'v3' }) }))
  app.get('/products', (c) => c.json({ items: 'wrong' }))
  app.get('/products/:id{[0-9]+}', (c) => c.json({ id: Number(c.req.param('id')), title: 'Lamp', sku: 'L' }))
  const send = async (path: string, version: string) => (await app.request(`https://lamps.test${path}`, { headers: { 'Api-Version': version } })).status
  return { send, problems }
}

describe('validateResponses works out what depends on declarations once', () => {
  it("looks a matched route's operation up in the model once, not per request", async () => {
    const { documents, finds } = counted()
    const { send, problems } = lamps(documents)
    expect([await send('/products/1', 'v3'), await send('/products', 'v3')]).toEqual([200, 500])
    const once = [...finds]
    expect(once).toContain('GET /products/{id}')
    expect(once).toContain('GET /products')
    for (let i = 0; i < 50; i++) {
      expect(await send(`/products/${i}`, i % 2 === 0 ? 'v3' : 'v2')).toBe(200)
      expect(await send('/products', i % 2 === 0 ? 'v2' : 'v3')).toBe(500)
    }
    expect(finds).toEqual(once)
    // Still checked every time: the wrong list in each request.
    expect(problems).toHaveLength(51)
    expect(new Set(problems.map((p) => `${p.version} ${p.path}`))).toEqual(new Set(['v3 /products', 'v2 /products']))
  })

  it('checks a documented version the model does not list by its document, without looking it up in the model', async () => {
    const { documents, finds } = counted([{ version: 'v9', as: 'v3' }])
    const { send, problems } = lamps(documents)
    for (let i = 0; i < 20; i++) expect([await send('/products/1', 'v9'), await send('/products', 'v9')]).toEqual([200, 500])
    expect(finds).toEqual([])
    expect(problems.map((p) => `${p.version} ${p.path}`)).toEqual(Array.from({ length: 20 }, () => 'v9 /products'))
  })

  it('leaves unchecked, and looks nothing up for, a stream of made-up versions no document lists', async () => {
    const { documents, finds } = counted()
    const { send, problems } = lamps(documents)
    for (let i = 0; i < 200; i++) expect(await send('/products', `made-up-${i}`)).toBe(200)
    expect([finds, problems]).toEqual([[], []])
  })

  it("finds a made-up method's operation among a document's operations only, never a path item's other fields", () => {
    const document = PATH_ITEM_DOCUMENT
    expect(['SUMMARY', 'PARAMETERS', 'SERVERS', 'POST'].map((method) => findOperation(document, method, '/products'))).toEqual([null, null, null, null])
    expect(findOperation(document, 'GET', '/products')).toEqual({ path: '/products', responses: PATH_ITEM_DOCUMENT.paths['/products']?.get?.responses })
    // A literal path before a template; a method only the template has.
    expect([findOperation(document, 'GET', '/products/me')?.path, findOperation(document, 'DELETE', '/products/me')?.path, findOperation(document, 'get', '/products/7')?.path]).toEqual(['/products/me', '/products/{id}', '/products/{id}'])
  })
})
