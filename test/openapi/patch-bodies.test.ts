/**
 * A PATCH body the head document gives a component of its own (what
 * @hono/zod-openapi makes of `NewPerson.partial().openapi('PatchPerson')`),
 * on a route whose request body the history migrates: the head version's
 * document keeps the app's own partial body (the toolkit does not read a
 * head body), an older one shows its own partial body when `requests` derives
 * it, and without `requests` the documents refuse to show an older client the
 * head's body. A portable suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

interface NewPerson {
  email: string
  age: number
}
const NewPerson = shape<NewPerson>('NewPerson')
const NewPersonSchema = { type: 'object', properties: { email: { type: 'string' }, age: { type: 'integer' } }, required: ['email', 'age'], additionalProperties: false }
const PatchPersonSchema = { type: 'object', properties: { email: { type: 'string' }, age: { type: 'integer' } }, additionalProperties: false }

const bodies = { 'POST /people': { request: NewPerson }, 'PATCH /people/:id': { request: NewPerson } }
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('mail is email.', [fieldRenamed(NewPerson, { older: 'mail', newer: 'email' })])] }],
  bodies,
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const json = (ref: string) => ({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } })
const head: OpenAPIDocument = {
  openapi: '3.1.0',
  info: { title: 'People', version: '2' },
  paths: {
    '/people': { post: { requestBody: json('NewPerson'), responses: { '201': { description: 'created' } } } },
    '/people/{id}': { patch: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], requestBody: json('PatchPerson'), responses: { '200': { description: 'updated' } } } },
  },
  components: { schemas: { NewPerson: NewPersonSchema, PatchPerson: PatchPersonSchema } },
}

function peopleApp(): Hono {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, changes: history }))
  app.post('/people', async (c) => c.json(await c.req.json(), 201))
  app.patch('/people/:id', async (c) => c.json(await c.req.json()))
  return app
}

/** The schema a document's PATCH body refers to, resolved once. */
function patchSchema(document: OpenAPIDocument): unknown {
  const body = document.paths?.['/people/{id}']?.patch?.['requestBody'] as { content: Record<string, { schema: { $ref?: string } }> }
  const schema = body.content['application/json']?.schema
  const ref = schema?.$ref
  return ref === undefined ? schema : (document.components?.schemas as Record<string, unknown>)[ref.slice('#/components/schemas/'.length)]
}

describe('a PATCH body given its own component', () => {
  it("with requests: the head keeps the app's own partial body, the older version gets its partial body in its own names", () => {
    const docs = versionedOpenAPI({ scheme, document: head, changelog: history, app: peopleApp(), requests: { schemas: { NewPerson: NewPersonSchema }, bodies } })
    expect(patchSchema(docs.document('2'))).toEqual(PatchPersonSchema)
    const older = patchSchema(docs.document('1')) as { properties: Record<string, unknown>; required?: unknown }
    expect(Object.keys(older.properties).sort()).toEqual(['age', 'mail'])
    expect(older.required).toBeUndefined()
  })

  it("without requests: the documents refuse to show version 1 the head's PATCH body, naming the route and the fix", () => {
    expect(() => versionedOpenAPI({ scheme, document: head, changelog: history, app: peopleApp() })).toThrow(
      "versionedOpenAPI: PATCH /people/{id}'s request body refers to no shape version 1 changes (PatchPerson), but the history migrates that body there: its document would show the head's body to version 1. Give versionedOpenAPI requests ({ schemas, bodies }, as requestValidation and versionHistory take them), which derive each version's body, or refer to the component schema of the shape the route's request layout names.",
    )
  })

  it('without requests, a body that refers to the shape the history changes is rewritten as before', () => {
    const { ['/people/{id}']: _patch, ...paths } = head.paths ?? {}
    const document: OpenAPIDocument = { ...head, paths }
    const docs = versionedOpenAPI({ scheme, document, changelog: history, app: peopleApp() })
    expect(Object.keys((docs.document('1').components?.schemas as Record<string, { properties: object }>)['NewPerson']?.properties ?? {}).sort()).toEqual(['age', 'mail'])
  })
})
