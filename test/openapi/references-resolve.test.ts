/**
 * Every `$ref` of every version's document resolves in that document: a
 * walk of each document follows each reference as a JSON pointer (the
 * worker example's documents, the older parameters' fixture, and this
 * file's). The
 * case that broke it: a parameter the server checks against a recursive
 * schema (requestValidation's `parameters`, a component referring to
 * itself) in an older version, whose document writes the schema in and
 * points its self-reference at a component the document may not have.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Validator } from '@cfworker/json-schema'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, queryParamRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'
import { requestValidation } from '../../src/validation/index.ts'
import { docs as olderParameters } from '../support/older-parameters.ts'
import { documented } from '../../worker-example/contracts.ts'

type Json = Record<string, unknown>

/** The value a local `$ref` points at in `document`, or `undefined`. */
function resolve(document: unknown, ref: string): unknown {
  if (ref === '#') return document
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = document
  for (const raw of ref.slice(2).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return undefined
    node = (node as Json)[token]
  }
  return node
}

/** Each `$ref` of `document` that does not resolve in it, with where it is. */
function unresolved(document: unknown): string[] {
  const out: string[] = []
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}/${i}`))
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return
    for (const [key, value] of Object.entries(node)) {
      // Example values are data, not schemas: a field of them may be called "$ref".
      if (key === 'example' || key === 'examples' || key === 'const' || key === 'enum' || key === 'default') continue
      if (key === '$ref' && typeof value === 'string') {
        if (resolve(document, value) === undefined) out.push(`${at}: ${value}`)
      } else walk(value, `${at}/${key}`)
    }
  }
  walk(document, '#')
  return out
}

const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
// A search term: a word, or a group of terms (a tree).
const schemas = {
  Search: { type: 'object', properties: { q: { $ref: '#/components/schemas/Term' }, sort: { type: 'string', enum: ['new', 'old', 'top'] } } },
  Term: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'array', items: { $ref: '#/components/schemas/Term' } }] },
}
const Search = shape<{ q: unknown; sort: string }>('Search')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Top sort; the query renamed.', [enumValuesAdded(Search, 'sort', ['top'], { fallback: 'new' }), queryParamRenamed('GET /search', { older: 'query', newer: 'q' })])] }],
  validation: requestValidation({ schemas, parameters: { 'GET /search': { query: Search } } }),
})
const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: history }))
app.get('/search', (c) => c.json({ q: c.req.query('q') ?? c.req.query('query') ?? null }))

const sort = { name: 'sort', in: 'query', schema: { type: 'string', enum: ['new', 'old', 'top'] } }
const parameters = [{ name: 'q', in: 'query', schema: { $ref: '#/components/schemas/Term' } }, sort]
const documents: [string, OpenAPIDocument][] = [
  // As a generator writes it from the head's schemas, with its components.
  ['with the components', { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/search': { get: { parameters, responses: { '200': { description: 'ok' } } } } }, components: { schemas } }],
  // Its parameters written in (a recursive one cannot be: a generator names it as a component of its own name).
  ['without components', { openapi: '3.1.0', info: { title: 't', version: '2' }, paths: { '/search': { get: { parameters: [sort], responses: { '200': { description: 'ok' } } } } } }],
]

describe.each(documents)('a recursive parameter schema, the head document %s', (_, document) => {
  const docs = versionedOpenAPI({ scheme, app, document, changelog: history })

  it.each(['1', '2'])('every $ref of the %s document resolves in it', (version) => {
    expect(unresolved(JSON.parse(JSON.stringify(docs.document(version))))).toEqual([])
  })

  it('the v1 document gives the older name and the older enum, its term schema recursive as the server checks it', async () => {
    const v1 = JSON.parse(JSON.stringify(docs.document('1'))) as Json
    const params = ((v1['paths'] as Json)['/search'] as { get: { parameters: Json[] } }).get.parameters
    const query = params.find((p) => p['name'] === 'query') as Json
    expect(params.find((p) => p['name'] === 'sort')?.['schema']).toEqual({ type: 'string', enum: ['new', 'old'] })
    // The documented term schema accepts and refuses what the server does.
    const validator = new Validator({ ...(query['schema'] as Json), components: v1['components'] } as never, '2020-12')
    for (const [text, valid] of [['lamp', true], ['l', false]] as const) {
      expect(validator.validate(text).valid).toBe(valid)
      const res = await app.request(`/search?query=${text}`, { headers: { 'Api-Version': '1' } })
      expect([text, res.status]).toEqual([text, valid ? 200 : 422])
    }
  })
})

describe('the documents of the worker example and of the older parameters\' fixture', () => {
  const all = [...documented.sections, olderParameters].flatMap((section) => section.versions.map(({ version }) => ({ section, version })))

  it('every $ref of each version\'s document resolves in it', () => {
    const out = all.flatMap(({ section, version }) => {
      const document = JSON.parse(JSON.stringify(section.document(version))) as Json
      return unresolved(document).map((ref) => `${String((document['info'] as Json)['title'])} ${version}: ${ref}`)
    })
    expect({ documents: all.length > 10, out }).toEqual({ documents: true, out: [] })
  })
})
