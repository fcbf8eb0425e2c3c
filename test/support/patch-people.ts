/**
 * An @hono/zod-openapi app whose PATCH body is a zod schema of optional
 * fields (`PersonPatch`, as `.partial()` / `.optional()` write one: no field
 * takes `null` but `nickname`, which is `.nullable()`), for the rule that an
 * older partial body takes `null` only where the head's schema does
 * (test/openapi/patch-null.test.ts, test/node/openapi/patch-null-ajv.test.ts,
 * test/typed-client/patch-null.test-d.ts). Version 2, the head, against
 * version 1:
 * - `mail` is `email`, `nick` is `nickname`;
 * - a status can be `archived`;
 * - `name` is split into `first_name` and `last_name`;
 * - `fax` is gone (its older schema takes `null`).
 * Version 1's full body would require `fax` (which types it in the typed
 * client); its PATCH requires no field.
 * The handler answers `{ received }`: the body its validator passed (an
 * object of no shape: the answer is the same in every version).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { change, enumValuesAdded, fieldAdded, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

const fields = {
  email: z.string().optional(),
  status: z.enum(['active', 'inactive', 'archived']).optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  nickname: z.string().nullable().optional(),
}
export const PersonPatch = z.object(fields).openapi('PersonPatch')
type PersonPatch = z.infer<typeof PersonPatch>
const PersonPatchShape = shape<PersonPatch>('PersonPatch')

const first = (older: Record<string, unknown>): string => String(older['name']).split(' ')[0] ?? ''
const last = (older: Record<string, unknown>): string => String(older['name']).split(' ').slice(1).join(' ')
export const bodies = { 'PATCH /people/:id': { request: PersonPatchShape } }
const schemas = { PersonPatch }

export const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('mail is email, nick is nickname.', [fieldRenamed(PersonPatchShape, { older: 'mail', newer: 'email' }), fieldRenamed(PersonPatchShape, { older: 'nick', newer: 'nickname' })]),
        change('People can be archived.', [enumValuesAdded(PersonPatchShape, 'status', ['archived'], { fallback: 'inactive' })]),
        change('Names are split in two.', [
          fieldAdded(PersonPatchShape, 'first_name', { default: first }),
          fieldAdded(PersonPatchShape, 'last_name', { default: last }),
          fieldRemoved(PersonPatchShape, 'name', { schema: { type: 'string' } }),
        ]),
        change('No more faxes.', [fieldRemoved(PersonPatchShape, 'fax', { schema: { type: ['string', 'null'] }, required: true })]),
      ],
    },
  ],
  bodies,
  validation: requestValidation({ schemas }),
})
export const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

const patchPerson = createRoute({
  method: 'patch',
  path: '/people/{id}',
  request: { params: z.object({ id: z.string() }), body: { content: { 'application/json': { schema: PersonPatch } }, required: true } },
  responses: { 200: { description: 'Patched.', content: { 'application/json': { schema: z.object({ received: z.object(fields) }) } } } },
})

export function patchPeopleApp() {
  const base = new OpenAPIHono()
  base.use('*', versionMiddleware({ scheme, changes: history }))
  return base.openapi(patchPerson, (c) => c.json({ received: c.req.valid('json') }, 200))
}
export type PatchPeopleApp = ReturnType<typeof patchPeopleApp>

/** The app, one version's PATCH of person 7, and each version's document. */
export function patchPeople() {
  const app = patchPeopleApp()
  const document = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'People', version: '2' } })
  const docs = versionedOpenAPI({ scheme, document, changelog: history, app, requests: { schemas, bodies } })
  const send = (version: string, body: unknown) =>
    app.request('/people/7', { method: 'PATCH', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return { app, docs, send }
}

/** The PATCH body schema of `document`, and its components: a schema to check a body against. */
export function patchBodySchema(document: unknown): { readonly ref: string; readonly schema: object } {
  const doc = document as { paths: Record<string, { patch: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>; components: object }
  const content = doc.paths['/people/{id}']?.patch.requestBody.content
  const ref = (content?.['application/merge-patch+json'] ?? content?.['application/json'])?.schema.$ref ?? ''
  return { ref, schema: structuredClone({ $ref: ref, components: doc.components }) }
}
