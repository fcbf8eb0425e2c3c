/**
 * A differential between the features that read the one model of each
 * version, in the three app styles (test/support/differential-api.ts: three
 * versions with a renamed field, a converted price, an enum value added, a
 * field split in two, a route added and one removed, a renamed query
 * parameter and header, a status changed and a moved path; the plain and
 * @hono/zod-openapi apps also as sub-apps of a root app, mounted with
 * `app.route('/api', sub)`: test/support/differential-composed.ts):
 * - types: openapi-typescript types each version's OpenAPI document, and a
 *   generated check file compares, route × version × part, what the typed
 *   client of that version types (`versionedClient`): which paths and
 *   methods it has, path params, query params, header names, the JSON
 *   request body, the success statuses and their bodies; `hc` beside it,
 *   against the head version's document;
 * - the server: each version's typed-client calls (and `hc`'s, in the head
 *   version) are answered with a status and a body its version's document
 *   gives (Ajv, JSON Schema 2020-12), behind `validateResponses` (the
 *   contracts' check of the same documents);
 * - requests built from each document by openapi-fetch are accepted by the
 *   server in that version, and a body the document refuses is refused.
 * Node only: tsc runs in a child process, Ajv compiles with `new Function`.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import Ajv2020 from 'ajv/dist/2020.js'
import { Hono } from 'hono'
import { hc } from 'hono/client'
import createClient from 'openapi-fetch'
import openapiTS, { astToString } from 'openapi-typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { validateResponses } from '../../../src/contracts/index.ts'
import { versionedClient } from '../../../src/typed-client/index.ts'
import { ORIGIN, plainApp, type plainHistory, tableApp, VERSIONS, zodOpenAPIApp } from '../../support/differential-api.ts'
import { composedPlain, composedZod } from '../../support/differential-composed.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = `${root}.tmp/typed-client-differential/`
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

type Json = Record<string, unknown>
interface Operation {
  readonly parameters?: readonly { name: string; in: string; schema?: { enum?: unknown[] } }[]
  readonly requestBody?: { content: Record<string, { schema: object }> }
  readonly responses: Record<string, { content?: Record<string, { schema: object }> }>
}
type Document = { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>; components?: Json }

const styles = {
  table: { make: tableApp, app: 'TableApp', history: 'tableHistory', prefix: '' },
  plain: { make: plainApp, app: 'PlainApp', history: 'plainHistory', prefix: '' },
  zod: { make: zodOpenAPIApp, app: 'ZodOpenAPIApp', history: 'plainHistory', prefix: '' },
  // The plain and @hono/zod-openapi apps as sub-apps of a root app (`app.route('/api', sub)`): the root's type and documents.
  composedPlain: { make: composedPlain, app: 'ComposedPlain', history: 'plainHistory', prefix: '/api' },
  composedZod: { make: composedZod, app: 'ComposedZod', history: 'plainHistory', prefix: '/api' },
} as const
type Style = keyof typeof styles
const STYLE_NAMES = Object.keys(styles) as Style[]
/** The styles whose apps answer at their own paths (the typed-client calls below are written for them). */
const UNPREFIXED = STYLE_NAMES.filter((style) => styles[style].prefix === '')

/** Each style's app, behind `validateResponses` of its own documents. */
function served(style: Style) {
  const { app, documents } = styles[style].make()
  const front = new Hono()
  // A response its document does not allow answers 500 with the problem, which no document gives: the checks below name it.
  front.use('*', validateResponses(documents, { enabled: true, onInvalid: (problem, c) => c.json({ contract: problem }, 500) }))
  // An @hono/zod-openapi app's Env type is its own: mounted as Hono mounts any app.
  front.route('/', app as unknown as Hono)
  return { app: front, documents }
}

/** The segments of the client's path for an OpenAPI path (`/products/{id}` → `['products', ':id']`). */
const segmentsOf = (path: string) => path.split('/').filter(Boolean).map((s) => s.replace(/^\{(.*)\}$/, ':$1'))

/** The check file: one `expectTypeOf` per route × version × part. `count`: how many. */
function checkSource(documents: Record<Style, Record<string, Document>>): { source: string; count: number } {
  const lines = [
    `import { hc } from 'hono/client'`,
    `import { expectTypeOf } from 'vitest'`,
    `import { versionedClient } from '../../src/typed-client/index.ts'`,
    `import type { PlainApp, plainHistory, TableApp, tableHistory, ZodOpenAPIApp } from '../../test/support/differential-api.ts'`,
    `import type { ComposedPlain, ComposedZod } from '../../test/support/differential-composed.ts'`,
    `import type { ClientOk, ClientPart, DocBody, DocHeaders, DocOk, DocPart, FitsError, Has, HasDoc } from '../../test/support/client-and-document-types.ts'`,
  ]
  let count = 0
  const check = (actual: string, expected: string) => {
    lines.push(`expectTypeOf<${actual}>().toEqualTypeOf<${expected}>()`)
    count++
  }
  /** The parts of one operation: client call `F` against document operation `D`. */
  const parts = (F: string, D: string, operation: Operation) => {
    check(`ClientPart<${F}, 'param'>`, `DocPart<${D}, 'path'>`)
    check(`ClientPart<${F}, 'query'>`, `DocPart<${D}, 'query'>`)
    check(`ClientPart<${F}, 'header'>`, `DocHeaders<${D}>`)
    check(`ClientPart<${F}, 'json'>`, `DocBody<${D}>`)
    check(`keyof ClientOk<${F}, ${D}>`, `keyof DocOk<${D}>`)
    for (const status of Object.keys(operation.responses).filter((s) => s.startsWith('2'))) check(`ClientOk<${F}, ${D}>[${status}]`, `DocOk<${D}>[${status}]`)
    // An error body the client types (the handler's 404) is one the document gives for that status (beside the toolkit's).
    // Not a validator's 400: zValidator's body (a serialised ZodError) is the app's to describe; the head documents here
    // give it loosely (`{ success: false, error: object }`).
    for (const status of Object.keys(operation.responses).filter((s) => /^[45]\d\d$/.test(s) && s !== '400')) {
      lines.push(`expectTypeOf<FitsError<${F}, ${D}, ${status}>>().toEqualTypeOf<true>()`)
      count++
    }
  }
  for (const style of STYLE_NAMES) {
    // Every path and method any version's document of the style has (each is present or absent in each version).
    const all = new Map<string, Set<string>>()
    for (const version of VERSIONS) {
      for (const [path, item] of Object.entries(documents[style][version]!.paths)) for (const method of METHODS) if (item[method] !== undefined) all.set(path, (all.get(path) ?? new Set()).add(method))
    }
    const { app, history } = styles[style]
    lines.push(`const ${style} = versionedClient<${app}, typeof ${history}>('${ORIGIN}', { scheme: { in: 'header', name: 'Api-Version' } })`)
    lines.push(`type Hc_${style} = ReturnType<typeof hc<${app}>>`)
    for (const version of VERSIONS) {
      const P = `Paths_${style}_${version}`
      const C = `Client_${style}_${version}`
      lines.push(`import type { paths as ${P} } from './${style}-${version}.ts'`, `type ${C} = ReturnType<typeof ${style}<'${version}'>>`)
      for (const [path, methods] of all) {
        const segments = JSON.stringify(segmentsOf(path))
        for (const method of methods) {
          lines.push(`// ${style}, version ${version}: ${method.toUpperCase()} ${path}`)
          check(`Has<${C}, ${segments}, '$${method}'>`, `HasDoc<${P}, '${path}', '${method}'>`)
          const operation = documents[style][version]!.paths[path]?.[method as (typeof METHODS)[number]]
          if (operation === undefined) continue
          const D = `${P}['${path}']['${method}']`
          parts(`Has<${C}, ${segments}, '$${method}', true>`, D, operation)
          // hc, which knows no versions: the head version's.
          if (version === VERSIONS[VERSIONS.length - 1]) parts(`Has<Hc_${style}, ${segments}, '$${method}', true>`, D, operation)
        }
      }
    }
  }
  return { source: `${lines.join('\n')}\n`, count }
}

const tsc = promisify(execFile)
let checks = 0

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const documents = {} as Record<Style, Record<string, Document>>
  for (const style of STYLE_NAMES) {
    const docs = styles[style].make().documents
    documents[style] = {}
    for (const version of VERSIONS) {
      const document = JSON.parse(JSON.stringify(docs.document(version))) as Document
      documents[style][version] = document
      writeFileSync(`${dir}${style}-${version}.ts`, astToString(await openapiTS(document as never)))
    }
  }
  const { source, count } = checkSource(documents)
  checks = count
  writeFileSync(`${dir}check.ts`, source)
  writeFileSync(`${dir}tsconfig.json`, JSON.stringify({ extends: '../../test/tsconfig.json', include: ['check.ts'] }))
}, 60_000)

describe('the typed client of each version types what that version\'s OpenAPI document says, in each app style', () => {
  it('route × version × part: paths and methods, path params, query params, headers, request bodies, success statuses and bodies; hc against the head document', async () => {
    expect(checks).toBe(1148)
    const run = await tsc(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${dir}tsconfig.json`], { cwd: root }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(run).toBe('')
  }, 180_000)
})

/** A validator of responses against `document`: whether it gives `status` for the operation, and the body validates. */
function responsesOf(document: Document) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false })
  ajv.addSchema({ $id: 'doc', components: document.components ?? {} })
  const compile = (schema: object) => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components')) as object)
  return {
    compile,
    check(method: string, path: string, status: number, body: unknown): string {
      const response = document.paths[path]?.[method as (typeof METHODS)[number]]?.responses[String(status)]
      if (response === undefined) return `${method.toUpperCase()} ${path}: ${status} is not documented`
      const schema = response.content?.['application/json']?.schema
      if (schema === undefined) return 'ok'
      const validate = compile(schema)
      return validate(body) ? 'ok' : `${method.toUpperCase()} ${path} ${status}: ${JSON.stringify(validate.errors)} ${JSON.stringify(body)}`
    },
  }
}

async function answer(res: Response | Promise<Response>): Promise<{ status: number; body: unknown }> {
  const r = await res
  return { status: r.status, body: r.headers.get('content-type')?.includes('json') === true ? await r.json() : await r.text() }
}

describe('each version\'s typed-client calls are answered as its document says, behind validateResponses', () => {
  for (const style of UNPREFIXED) {
    it(style, async () => {
      const { app, documents } = served(style)
      const fetch = (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init)
      const options = { scheme: { in: 'header', name: 'Api-Version' }, fetch } as const
      // The calls are written once, typed by the plain app's clients: the app and history are types only (a client
      // sends the same requests whatever they are), and each style's client types are the same (the check above).
      const clients = versionedClient<ReturnType<typeof plainApp>['app'], typeof plainHistory>(ORIGIN, options)
      const seen: string[] = []
      const expectDocumented = async (version: string, method: string, path: string, res: Promise<Response>, status: number) => {
        const got = await answer(res)
        expect(responsesOf(documents.document(version) as unknown as Document).check(method, path, got.status, got.body), `${style} ${version}`).toBe('ok')
        expect(got.status, `${style} ${version} ${method} ${path}`).toBe(status)
        seen.push(`${version} ${method} ${path}`)
        return got.body
      }
      const v1 = clients('1')
      expect(await expectDocumented('1', 'get', '/products', v1.products.$get({ query: { q: 'La' }, header: { 'x-shop': 'north' } }), 200)).toMatchObject({ items: [{ name: 'Lamp', price: '12.50', size: '10x20' }], store: 'north' })
      expect(await expectDocumented('1', 'post', '/products', v1.products.$post({ json: { name: 'Kettle', price: '30.00', status: 'draft', size: '15x25' } }), 200)).toMatchObject({ name: 'Kettle', price: '30.00', size: '15x25' })
      await expectDocumented('1', 'get', '/products/{id}', v1.products[':id'].$get({ param: { id: '1' } }), 200)
      expect(await expectDocumented('1', 'get', '/products/{id}', v1.products[':id'].$get({ param: { id: '9' } }), 404)).toEqual({ message: 'no such product' })
      expect(await expectDocumented('1', 'patch', '/products/{id}', v1.products[':id'].$patch({ param: { id: '1' }, json: { price: '31.00' } }), 200)).toMatchObject({ name: 'Lamp', price: '31.00' })
      await expectDocumented('1', 'get', '/export', v1.export.$get(), 200)
      await expectDocumented('1', 'get', '/items/{id}', v1.items[':id'].$get({ param: { id: '1' } }), 200)
      const v2 = clients('2')
      expect(await expectDocumented('2', 'get', '/products', v2.products.$get({ query: { search: 'La' }, header: { 'x-store': 'north' } }), 200)).toMatchObject({ items: [{ title: 'Lamp', size: '10x20' }], store: 'north' })
      await expectDocumented('2', 'post', '/products', v2.products.$post({ json: { title: 'Kettle', price: { amount: 3000, currency: 'EUR' }, status: 'archived', size: '15x25' } }), 201)
      await expectDocumented('2', 'get', '/products/{id}', v2.products[':id'].$get({ param: { id: '1' } }), 200)
      expect(await expectDocumented('2', 'get', '/products/{id}', v2.products[':id'].$get({ param: { id: '9' } }), 404)).toEqual({ detail: 'no such product' })
      await expectDocumented('2', 'patch', '/products/{id}', v2.products[':id'].$patch({ param: { id: '1' }, json: { status: 'archived' } }), 200)
      await expectDocumented('2', 'delete', '/products/{id}', v2.products[':id'].$delete({ param: { id: '1' } }), 204)
      await expectDocumented('2', 'get', '/products/{id}/reviews', v2.products[':id'].reviews.$get({ param: { id: '1' } }), 200)
      await expectDocumented('2', 'get', '/items/{id}', v2.items[':id'].$get({ param: { id: '1' } }), 200)
      const v3 = clients('3')
      await expectDocumented('3', 'get', '/products', v3.products.$get({ query: { search: 'La' }, header: { 'x-store': 'north' } }), 200)
      expect(await expectDocumented('3', 'post', '/products', v3.products.$post({ json: { title: 'Kettle', price: { amount: 3000, currency: 'EUR' }, status: 'archived', width: 15, height: 25 } }), 201)).toMatchObject({ width: 15, height: 25 })
      await expectDocumented('3', 'get', '/products/{id}', v3.products[':id'].$get({ param: { id: '1' } }), 200)
      expect(await expectDocumented('3', 'patch', '/products/{id}', v3.products[':id'].$patch({ param: { id: '1' }, json: { price: { amount: 3100, currency: 'EUR' } } }), 200)).toMatchObject({ price: { amount: 3100 } })
      await expectDocumented('3', 'delete', '/products/{id}', v3.products[':id'].$delete({ param: { id: '1' } }), 204)
      await expectDocumented('3', 'get', '/products/{id}/reviews', v3.products[':id'].reviews.$get({ param: { id: '1' } }), 200)
      await expectDocumented('3', 'get', '/catalogue/{id}', v3.catalogue[':id'].$get({ param: { id: '1' } }), 200)
      // hc, Hono's own client, beside it: without a version it gets the default, the head, whose document it matches.
      const plainHc = hc<ReturnType<typeof plainApp>['app']>(ORIGIN, { fetch })
      await expectDocumented('3', 'get', '/products', plainHc.products.$get({ query: { search: 'La' }, header: { 'x-store': 'north' } }), 200)
      await expectDocumented('3', 'post', '/products', plainHc.products.$post({ json: { title: 'Kettle', price: { amount: 3000, currency: 'EUR' }, status: 'archived', width: 15, height: 25 } }), 201)
      await expectDocumented('3', 'get', '/catalogue/{id}', plainHc.catalogue[':id'].$get({ param: { id: '1' } }), 200)
      // Every operation of every version's document was called.
      const documented = VERSIONS.flatMap((version) => Object.entries((documents.document(version) as unknown as Document).paths).flatMap(([path, item]) => METHODS.filter((m) => item[m] !== undefined).map((m) => `${version} ${m} ${path}`)))
      expect(new Set(seen)).toEqual(new Set(documented))
    })
  }
})

/** A body of each version that its document's schema accepts. */
const BODIES: Record<string, unknown> = {
  '1': { name: 'Kettle', price: '30.00', status: 'draft', size: '15x25' },
  '2': { title: 'Kettle', price: { amount: 3000, currency: 'EUR' }, status: 'archived', size: '15x25' },
  '3': { title: 'Kettle', price: { amount: 3000, currency: 'EUR' }, status: 'archived', width: 15, height: 25 },
}

describe('requests openapi-fetch builds from each version\'s document are accepted in that version', () => {
  for (const style of STYLE_NAMES) {
    it(style, async () => {
      const { app, documents } = served(style)
      const { prefix } = styles[style]
      let operations = 0
      for (const version of VERSIONS) {
        const document = documents.document(version) as unknown as Document
        const responses = responsesOf(document)
        const client = createClient<Record<string, Record<string, unknown>>>({ baseUrl: ORIGIN, fetch: (request: Request) => Promise.resolve(app.fetch(request)) })
        for (const [path, item] of Object.entries(document.paths)) {
          for (const method of METHODS) {
            const operation = item[method]
            if (operation === undefined) continue
            // Each parameter the document lists: its enum's value (the version's own), else a value of its type.
            const params: Record<string, Record<string, string>> = { path: {}, query: {}, header: {} }
            for (const p of operation.parameters ?? []) (params[p.in] ??= {})[p.name] = String(p.schema?.enum?.[0] ?? (p.in === 'path' ? '1' : 'north'))
            const schema = operation.requestBody?.content['application/json']?.schema
            const body = schema === undefined ? undefined : BODIES[version]
            if (schema !== undefined) expect(responses.compile(schema)(body), `${style} ${version}: the document accepts the body`).toBe(true)
            const call = (client as unknown as Record<string, (path: string, init: object) => Promise<{ response: Response; data?: unknown; error?: unknown }>>)[method.toUpperCase()]!
            const { response, data, error } = await call(path, { params, ...(body === undefined ? {} : { body }) })
            expect(response.status, `${style} ${version} ${method} ${path}`).toBeLessThan(300)
            expect(responses.check(method, path, response.status, data ?? error)).toBe('ok')
            if (path === `${prefix}/products` && method === 'get') expect(data).toMatchObject({ store: 'north' })
            operations++
          }
        }
        // A body the document refuses (without the size or the width version 1 and 3 require) is refused, with a status it documents.
        const refused = version === '3' ? { ...(BODIES['3'] as Json), width: undefined } : { ...(BODIES[version] as Json), size: undefined }
        const schema = document.paths[`${prefix}/products`]?.post?.requestBody?.content['application/json']?.schema as object
        expect(responses.compile(schema)(JSON.parse(JSON.stringify(refused)))).toBe(false)
        const header = { 'Api-Version': version }
        const { response, error } = await (client as unknown as { POST: (path: string, init: object) => Promise<{ response: Response; error?: unknown }> }).POST(`${prefix}/products`, { params: { header }, body: refused })
        expect([400, 422], `${style} ${version}`).toContain(response.status)
        expect(responses.check('post', `${prefix}/products`, response.status, error)).toBe('ok')
      }
      expect(operations).toBe(20)
    })
  }
})
