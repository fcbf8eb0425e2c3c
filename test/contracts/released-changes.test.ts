/**
 * A version change added to (or taken from) a version that is already
 * released: the lock catches it in the older versions' answers and
 * documents, and says it in a sentence that names the change, the released
 * version it was put in, and what to do (declare it in the head instead);
 * and a long text that changed (the document's Markdown changelog) is shown
 * from where it changed, not from its unchanged start.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { contracts } from '../../src/contracts/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

interface User {
  readonly id: number
  readonly fullName: string
  readonly email: string
}
const User = shape<User>('User')

/** Versions 1 and 2 released, 3 the head; `email`: where the change that adds `email` is declared. */
function usersApi(email: '2' | '3' | 'nowhere', v2Changes = true) {
  const emails = change('Users have an email.', [fieldAdded(User, 'email')], { id: 'emails' })
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [...(v2Changes ? [change('Users have a full name.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })], { id: 'full-names' })] : []), ...(email === '2' ? [emails] : [])] },
      { version: '3', changes: email === '3' ? [emails] : [] },
    ],
    bodies: { 'user-detail': { response: User } },
  })
  const scheme = new HeaderVersioning({ allowedVersions: [...history.versions], defaultVersion: history.head })
  const routes = defineRoutes([route('user-detail', '/users/:id{[0-9]+}')])
  const properties = { id: { type: 'integer' }, fullName: { type: 'string' }, email: { type: 'string' } }
  const document = {
    openapi: '3.1.0',
    info: { title: 'Users', version: '3' },
    paths: { '/users/{id}': { get: { responses: { '200': { description: 'A user.', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } } },
    components: { schemas: { User: { type: 'object', properties, required: ['id', 'fullName', 'email'] } } },
  }
  const documents = versionedOpenAPI({ scheme, routes, document, changelog: history })
  const versioning = apiVersioning({ scheme, routes, changes: history })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-detail': (c) => c.json({ id: 1, fullName: 'Ada', email: 'ada@example.com' }) })
  return contracts({ app, documents, requests: { 'user 1': (version) => new Request('https://api.test/users/1', { headers: { 'Api-Version': version } }) } })
}

// Recorded while email was declared in the head (3): what versions 1 and 2 answered then.
const lock = JSON.parse(JSON.stringify(await usersApi('3').record())) as unknown

describe('a change put into a released version', () => {
  it('is one sentence in the released version whose changelog gained it, naming it and the fix', async () => {
    const report = await usersApi('2').check(lock)
    expect(report.ok).toBe(false)
    const changelog = report.differences.filter((d) => d.subject === 'its changelog')
    expect(changelog.map((d) => d.sentence)).toEqual([
      '2: its changelog has a change new to version 2, which is released: "Users have an email."; the changes of a released version are frozen: declare it in the head version 3 instead, or revert it.',
    ])
    // Version 2 now answers with the email it lacked; version 1 is as recorded.
    expect(report.differences.filter((d) => d.kind === 'response').map((d) => [d.version, d.path, d.before, d.after])).toEqual([['2', 'body.email', undefined, 'ada@example.com']])
  })

  it('a long text that changed is shown from where it changed', async () => {
    const report = await usersApi('2').check(lock)
    const description = report.differences.find((d) => d.version === '2' && d.path === '$.info.description')
    expect(description?.sentence).toContain('now …')
    expect(description?.sentence).toContain('- Users have an email.')
  })

  it("a change taken from a released version's changelog is a sentence too", async () => {
    const report = await usersApi('3', false).check(lock)
    expect(report.differences.filter((d) => d.subject === 'its changelog').map((d) => d.sentence)).toEqual([
      '2: its changelog no longer has the change "Users have a full name." of version 2, which is released; restore it: the changes of a released version are frozen.',
    ])
  })

  it('declared in the head, as recorded, passes', async () => {
    expect((await usersApi('3').check(lock)).ok).toBe(true)
  })
})
