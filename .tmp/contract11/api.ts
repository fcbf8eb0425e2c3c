/**
 * The probe's API, written once for the newest version (3), with a history
 * of every kind of change, a lifecycle (0 past its sunset, 1 deprecated),
 * request validation, and a head OpenAPI document written by hand.
 * `key(method, route, path)` names a route as the style does.
 */
import { change, enumValuesAdded, fieldAdded, fieldRemoved, fieldRenamed, pathChanged, queryParamRenamed, requestHeaderRenamed, routeAdded, routeRemoved, shape, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

export interface Person { id: number; firstName: string; lastName: string; email: string | null; role: 'member' | 'admin' | 'owner' }
export interface NewPerson { firstName: string; lastName: string; email: string | null; role: 'member' | 'admin' | 'owner' }
export const PersonShape = shape<Person>('Person')
export const NewPersonShape = shape<NewPerson>('NewPerson')
export interface Upload { title: string; visibility: string }
export const UploadShape = shape<Upload>('Upload')

export const NOW = Date.parse('2026-09-01T00:00:00Z')
export const policy = () =>
  versionPolicy({
    versions: { '0': { deprecation: '2025-01-01T00:00:00Z', sunset: '2026-01-01T00:00:00Z' }, '1': { deprecation: '2026-06-01T00:00:00Z', sunset: '2027-06-01T00:00:00Z', sunsetLink: 'https://people.test/sunset/1' } },
    refuseAfterSunset: true,
    reportVersions: true,
    now: () => NOW,
  })

const first = (older: Record<string, unknown>) => String(older['fullName']).split(' ')[0] ?? ''
const last = (older: Record<string, unknown>) => String(older['fullName']).split(' ').slice(1).join(' ')

export type Key = (method: string, route: string, path: string) => string

export function historyOf(key: Key) {
  return versionHistory({
    versions: [
      { version: '0' },
      { version: '1' },
      {
        version: '2',
        changes: [
          change('People have a fullName instead of a name.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' }), fieldRenamed(NewPersonShape, { older: 'name', newer: 'fullName' })]),
          change('People have an email.', [fieldAdded(PersonShape, 'email'), fieldAdded(NewPersonShape, 'email', { default: null })]),
          change('Owners.', [enumValuesAdded(PersonShape, 'role', ['owner'], { fallback: 'admin' }), enumValuesAdded(NewPersonShape, 'role', ['owner'], { fallback: 'admin' })]),
          change('Creating answers 201.', [statusChanged(key('post', 'person-list', '/people'), { older: 200, newer: 201 })]),
          change('The search parameter is search.', [queryParamRenamed(key('get', 'person-list', '/people'), { older: 'q', newer: 'search' })]),
          change('The tenant header is X-Org.', [requestHeaderRenamed(key('get', 'person-list', '/people'), { older: 'X-Tenant', newer: 'X-Org' })]),
          change('Groups are teams.', [pathChanged(key('get', 'team-detail', '/teams/:id'), { older: '/groups/:id', newer: '/teams/:id' })]),
        ],
      },
      {
        version: '3',
        changes: [
          change('Names are split.', [
            fieldAdded(PersonShape, 'firstName', { default: first }),
            fieldAdded(PersonShape, 'lastName', { default: last }),
            fieldRemoved(PersonShape, 'fullName', { older: (p) => `${p.firstName} ${p.lastName}`, schema: { type: 'string' } }),
            fieldAdded(NewPersonShape, 'firstName', { default: first }),
            fieldAdded(NewPersonShape, 'lastName', { default: last }),
            fieldRemoved(NewPersonShape, 'fullName', { older: (p) => `${p.firstName} ${p.lastName}`, schema: { type: 'string', minLength: 1 }, required: true }),
          ]),
          change('Avatars.', [routeAdded(key('get', 'person-avatar', '/people/:id/avatar'))]),
          change('No more search route.', [routeRemoved(key('get', 'person-search', '/search'))]),
          change('Uploads are private by default.', [fieldAdded(UploadShape, 'visibility', { default: 'private' })]),
        ],
      },
    ],
    bodies: bodiesOf(key),
    validation: requestValidation({ schemas: { NewPerson: NewPersonSchema } }),
  })
}

export function bodiesOf(key: Key) {
  return {
      [key('get', 'person-list', '/people')]: { response: { items: [PersonShape] } },
      [key('post', 'person-list', '/people')]: { request: NewPersonShape, response: PersonShape },
      [key('get', 'person-detail', '/people/:id')]: { response: PersonShape },
      [key('patch', 'person-detail', '/people/:id')]: { request: NewPersonShape, response: PersonShape },
      [key('get', 'person-export', '/people.ndjson')]: { items: PersonShape },
      [key('get', 'person-feed', '/feed')]: { items: PersonShape },
      [key('get', 'person-search', '/search')]: { response: [PersonShape] },
      [key('post', 'upload-list', '/uploads')]: { request: UploadShape, response: UploadShape, forms: true },
  }
}

export const NewPersonSchema = {
  type: 'object',
  properties: { firstName: { type: 'string', minLength: 1 }, lastName: { type: 'string' }, email: { type: ['string', 'null'] }, role: { type: 'string', enum: ['member', 'admin', 'owner'] } },
  required: ['firstName', 'lastName', 'email', 'role'],
  additionalProperties: false,
}
const PersonSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, firstName: { type: 'string' }, lastName: { type: 'string' }, email: { type: ['string', 'null'] }, role: { type: 'string', enum: ['member', 'admin', 'owner'] } },
  required: ['id', 'firstName', 'lastName', 'email', 'role'],
}
const json = (schema: unknown) => ({ 'application/json': { schema } })
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }

/** The head document; `prefix` before every path (a table's include). */
export function headDocument(prefix = '') {
  return {
    openapi: '3.1.0',
    info: { title: 'People', version: '3' },
    paths: {
      [`${prefix}/people`]: {
        get: {
          operationId: 'listPeople',
          parameters: [{ name: 'search', in: 'query', required: false, schema: { type: 'string' } }, { name: 'X-Org', in: 'header', required: false, schema: { type: 'string' } }],
          responses: { '200': { description: 'People.', content: json({ type: 'object', properties: { items: { type: 'array', items: ref('Person') } }, required: ['items'] }) } },
        },
        post: { operationId: 'createPerson', requestBody: { required: true, content: json(ref('NewPerson')) }, responses: { '201': { description: 'Created.', content: json(ref('Person')) } } },
      },
      [`${prefix}/people/{id}`]: {
        get: { operationId: 'getPerson', parameters: [idParam], responses: { '200': { description: 'A person.', content: json(ref('Person')) }, '404': { description: 'No such person.', content: json({ type: 'object', properties: { detail: { type: 'string' } } }) } } },
        patch: { operationId: 'updatePerson', parameters: [idParam], requestBody: { required: true, content: { 'application/merge-patch+json': { schema: ref('NewPerson') }, 'application/json': { schema: ref('NewPerson') } } }, responses: { '200': { description: 'Updated.', content: json(ref('Person')) } } },
      },
      [`${prefix}/people/{id}/avatar`]: { get: { operationId: 'getAvatar', parameters: [idParam], responses: { '200': { description: 'Avatar.', content: json({ type: 'object', properties: { url: { type: 'string' } }, required: ['url'] }) } } } },
      [`${prefix}/people.ndjson`]: { get: { operationId: 'exportPeople', responses: { '200': { description: 'One person per line.', content: { 'application/x-ndjson': {} } } } } },
      [`${prefix}/feed`]: { get: { operationId: 'feed', responses: { '200': { description: 'Events.', content: { 'text/event-stream': {} } } } } },
      [`${prefix}/uploads`]: {
        post: {
          operationId: 'upload',
          requestBody: { required: true, content: { 'multipart/form-data': { schema: ref('Upload') }, 'application/x-www-form-urlencoded': { schema: ref('Upload') } } },
          responses: { '201': { description: 'Uploaded.', content: json(ref('Upload')) } },
        },
      },
      [`${prefix}/search`]: { get: { operationId: 'search', responses: { '200': { description: 'Found.', content: json({ type: 'array', items: ref('Person') }) } } } },
      [`${prefix}/teams/{id}`]: { get: { operationId: 'getTeam', parameters: [idParam], responses: { '200': { description: 'A team.', content: json({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }) } } } },
    },
    components: { schemas: { Person: PersonSchema, NewPerson: NewPersonSchema, Upload: { type: 'object', properties: { title: { type: 'string' }, visibility: { type: 'string' } }, required: ['title', 'visibility'] } } },
  }
}

export const ada = (id: number): Person => ({ id, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'owner' })
