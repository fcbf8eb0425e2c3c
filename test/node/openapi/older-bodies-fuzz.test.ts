/**
 * An older client that follows its version's document to the letter: bodies
 * generated from version 1's request schemas (test/support/schema-arbitraries.ts,
 * whose objects carry extra fields where the schema allows them, the head's
 * field names among them), full (POST) and partial (PATCH), sent to an
 * @hono/zod-openapi app whose routes validate the migrated body with the
 * head's zod schemas. Each must be answered 2xx, in version 1's shape: the
 * body the toolkit hands the handler is one the head's validator takes, and
 * the head's 400 (its own field names) never reaches a version-1 client
 * whose body its document allows. This is how a version-1 PATCH
 * `{"fullName": 42}` was found to reach the handler as the head's
 * `fullName` (test/changes/request-names.test.ts). Fixed seed, bounded runs.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import Ajv2020 from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answerChecker } from '../../../scripts/lib/document-calls.ts'
import { change, enumValuesAdded, fieldAdded, fieldRenamed, shape, versionHistory } from '../../../src/changes/index.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { HeaderVersioning } from '../../../src/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { requestValidation } from '../../../src/validation/index.ts'
import { FIXED_SEED } from '../../support/property-runs.ts'
import { arbitraryOf, resolve, type Json } from '../../support/schema-arbitraries.ts'

const RUNS = 300
type O = Record<string, unknown>

const User = shape<O>('User')
const NewUser = shape<O>('NewUser')
const NewUserSchema = {
  type: 'object',
  properties: { fullName: { type: 'string', minLength: 1 }, email: { type: ['string', 'null'] }, role: { type: 'string', enum: ['member', 'admin', 'owner'] } },
  required: ['fullName', 'email', 'role'],
}
const bodies = { 'POST /users': { request: NewUser, response: User }, 'PATCH /users/:id': { request: NewUser, response: User } }
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Users have a full name.', [fieldRenamed(User, { older: 'name', newer: 'fullName' }), fieldRenamed(NewUser, { older: 'name', newer: 'fullName' })]),
        change('Users have an email.', [fieldAdded(User, 'email'), fieldAdded(NewUser, 'email', { default: null })]),
        change('Users can be owners.', [enumValuesAdded(User, 'role', ['owner'], { fallback: 'admin' }), enumValuesAdded(NewUser, 'role', ['owner'], { fallback: 'admin' })]),
      ],
    },
  ],
  bodies,
  validation: requestValidation({ schemas: { NewUser: NewUserSchema } }),
})

const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const Role = z.enum(['member', 'admin', 'owner'])
const UserSchema = z.object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable(), role: Role }).openapi('User')
const NewUserBody = z.object({ fullName: z.string().min(1), email: z.string().nullable(), role: Role }).openapi('NewUser')
const Refused = z.object({ detail: z.literal('refused by the head') }).openapi('Refused')
const json = <S extends z.ZodType>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } })
const id = z.object({ id: z.string().regex(/^[0-9]+$/) })
// The head's validator answers 400 with its own body: documented, so that its answer to an older client is one a check can see.
const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : c.json({ detail: 'refused by the head' as const }, 400)) })
app.use('*', versionMiddleware({ scheme, changes: history }))
const ada: { id: number; fullName: string; email: string | null; role: 'member' | 'admin' | 'owner' } = { id: 1, fullName: 'Ada', email: null, role: 'owner' }
app.openapi(createRoute({ method: 'post', path: '/users', request: { body: { content: { 'application/json': { schema: NewUserBody } }, required: true } }, responses: { 201: json('Created.', UserSchema), 400: json('Refused.', Refused) } }), (c) =>
  c.json({ id: 7, ...c.req.valid('json') }, 201),
)
app.openapi(
  createRoute({ method: 'patch', path: '/users/{id}', request: { params: id, body: { content: { 'application/json': { schema: NewUserBody.partial().openapi('UserPatch') } }, required: true } }, responses: { 200: json('Updated.', UserSchema), 400: json('Refused.', Refused) } }),
  (c) => {
    const patch = c.req.valid('json')
    return c.json({ id: ada.id, fullName: patch.fullName ?? ada.fullName, email: patch.email === undefined ? ada.email : patch.email, role: patch.role ?? ada.role }, 200)
  },
)
const head = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Users', version: '2' } })
const documents = versionedOpenAPI({ scheme, app, document: head, changelog: history, requests: { schemas: { NewUser: NewUserSchema }, bodies } })

describe("version 1's request bodies, generated from its document", () => {
  const document = JSON.parse(JSON.stringify(documents.document('1'))) as Json
  const check = answerChecker(document)
  const ajv = new Ajv2020({ strict: false, validateFormats: false })
  ajv.addSchema({ $id: 'doc', components: document['components'] ?? {} })
  const operations = [
    { method: 'POST', template: '/users', path: '/users', success: 201 },
    { method: 'PATCH', template: '/users/{id}', path: '/users/1', success: 200 },
  ] as const

  it.each(operations.map((o) => [o.method, o.template, o] as const))('%s %s: answered 2xx in version 1, never refused by the head', async (method, template, { path, success }) => {
    const operation = (document['paths'] as Record<string, Json>)[template]?.[method.toLowerCase()] as Json
    const schema = (((operation['requestBody'] as Json)['content'] as Json)['application/json'] as Json)['schema']
    // The schema is version 1's: no `fullName`, no `email`, no `owner` (so that a head-named field is an extra one).
    expect(Object.keys(resolve(document, schema)['properties'] as Json).sort()).toEqual(['name', 'role'])
    const valid = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')) as object)
    let headNamed = 0
    await fc.assert(
      fc.asyncProperty(
        arbitraryOf(document, schema).filter((body) => valid(body)),
        async (body) => {
          if ('fullName' in (body as O) || 'email' in (body as O)) headNamed++
          const res = await app.request(path, { method, headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
          const text = await res.text()
          expect([res.status, check(`${method} ${template}`, res.status, res.headers.get('content-type'), text)], `${JSON.stringify(body)} → ${text}`).toEqual([success, []])
        },
      ),
      { seed: FIXED_SEED, numRuns: RUNS },
    )
    // The head's names were among the extra fields sent.
    expect(headNamed).toBeGreaterThan(RUNS / 20)
  }, 30_000)
})
