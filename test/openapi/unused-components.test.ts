/**
 * With `requests` (each version's request body derived as its validation
 * derives it), every component of every version's document is one its paths
 * refer to, as Spectral's `oas3-unused-component` and Redocly's
 * `no-unused-components` require: the head's request component the toolkit
 * derives (`NewPersonRequest`) is not added where the head document keeps
 * its own schema, and the head's component an older version's derived body
 * replaced (`NewPerson`, which no path of that version refers to any more)
 * is gone from that version, as a component only removed routes used is.
 */
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument, OpenAPIInput } from '../../src/openapi/types.ts'
import { reachableComponents, refsIn } from '../../src/json/refs.ts'

interface NewPerson {
  fullName: string
  email: string | null
}
const NewPersonShape = shape<NewPerson>('NewPerson')
const PersonShape = shape<NewPerson & { id: number }>('Person')
const NewPersonSchema = { type: 'object', properties: { fullName: { type: 'string', minLength: 1 }, email: { type: ['string', 'null'] } }, required: ['fullName', 'email'] }
const bodies = { 'POST /people': { request: NewPersonShape, response: PersonShape }, 'PATCH /people/:id': { request: NewPersonShape, response: PersonShape } }
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('People have a fullName.', [fieldRenamed(NewPersonShape, { older: 'name', newer: 'fullName' }), fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' })]),
        change('People have an email.', [fieldAdded(NewPersonShape, 'email', { default: null }), fieldAdded(PersonShape, 'email')]),
      ],
    },
  ],
  bodies,
})

const person = { $ref: '#/components/schemas/Person' }
const newPerson = { $ref: '#/components/schemas/NewPerson' }
const head = {
  openapi: '3.1.0',
  info: { title: 'People', version: '2' },
  paths: {
    '/people': { post: { requestBody: { content: { 'application/json': { schema: newPerson } } }, responses: { '201': { description: 'Created.', content: { 'application/json': { schema: person } } } } } },
    '/people/{id}': {
      patch: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/merge-patch+json': { schema: newPerson } } },
        responses: { '200': { description: 'Updated.', content: { 'application/json': { schema: person } } } },
      },
    },
  },
  components: {
    schemas: {
      Person: { type: 'object', properties: { id: { type: 'integer' }, fullName: { type: 'string' }, email: { type: ['string', 'null'] } }, required: ['id', 'fullName', 'email'] },
      NewPerson: NewPersonSchema,
    },
  },
} as unknown as OpenAPIInput

interface Body {
  readonly required?: boolean
  readonly content: Record<string, { readonly schema?: unknown }>
}
/** The request body of the operation at `path` and `method` of `document`. */
const requestBody = (document: OpenAPIDocument, path: string, method: string): Body | undefined => (document.paths[path]?.[method] as { requestBody?: Body } | undefined)?.requestBody

/** The components of `document` no path refers to, directly or through another component. */
function unused(document: OpenAPIDocument): string[] {
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>
  const reached = reachableComponents(refsIn(document.paths), components)
  return Object.entries(components).flatMap(([kind, group]) => Object.keys(group).map((name) => `#/components/${kind}/${name}`)).filter((ref) => !reached.has(ref))
}

describe('documents with requests: no component that nothing refers to', () => {
  const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), document: head, changelog: history, requests: { schemas: { NewPerson: NewPersonSchema }, bodies } })

  it.each(['2', '1'])('version %s: every component is referred to', (version) => {
    expect(unused(docs.document(version))).toEqual([])
  })

  it("the head keeps its own request schema, and no derived copy of it", () => {
    const document = docs.document('2')
    expect(requestBody(document, '/people', 'post')).toEqual({ content: { 'application/json': { schema: newPerson } }, required: true })
    expect(Object.keys(document.components?.schemas ?? {})).not.toContain('NewPersonRequest')
  })

  it("an older version's bodies refer to its derived schemas, and the head's request component it replaced is gone", () => {
    const document = docs.document('1')
    expect(requestBody(document, '/people', 'post')?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/NewPersonRequest' })
    expect(requestBody(document, '/people/{id}', 'patch')?.content['application/merge-patch+json']?.schema).toEqual({ $ref: '#/components/schemas/NewPersonPatchRequest' })
    expect(document.components?.schemas?.['NewPersonRequest']).toEqual({ type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] })
    expect(Object.keys(document.components?.schemas ?? {}).sort()).toEqual(['NewPersonPatchRequest', 'NewPersonRequest', 'Person', 'VersioningError'])
  })
})
