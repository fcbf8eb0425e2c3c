/**
 * The typed client of a plain Hono app whose version is a path param with a
 * pattern (`/:version{v[0-9]+}/people/:id`): the client's paths leave the
 * patterns out (`client[':version'].people[':id']`), and the path placement
 * fills `:version`, so each version's client reaches its own version and gets
 * its own shapes. A portable suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { URLPathVersioning } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'

interface Person {
  id: string
  fullName: string
}
const PersonShape = shape<Person>('Person')
const history = versionHistory({
  versions: [{ version: 'v1' }, { version: 'v2', changes: [change('People have a fullName instead of a name.', [fieldRenamed(PersonShape, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /:version{v[0-9]+}/people/:id': { response: PersonShape } },
})

function peopleApp() {
  const base = new Hono()
  base.use('/:version{v[0-9]+}/*', versionMiddleware({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), changes: history }))
  return base.get('/:version{v[0-9]+}/people/:id', (c) => c.json({ id: c.req.param('id'), fullName: 'Ada Lovelace' }))
}

describe('a plain Hono app versioned by a patterned path param', () => {
  const app = peopleApp()
  const sent: string[] = []
  const clients = versionedClient<typeof app, typeof history>('https://people.test', {
    scheme: { in: 'path' },
    fetch: (input, init) => {
      sent.push(input)
      return app.request(input, init)
    },
  })

  it('each version\'s client sends its version in the path and gets its own shape', async () => {
    const v1 = await clients('v1')[':version'].people[':id'].$get({ param: { id: '7' } })
    expect([v1.status, await v1.json()]).toEqual([200, { id: '7', name: 'Ada Lovelace' }])
    const v2 = await clients('v2')[':version'].people[':id'].$get({ param: { id: '7' } })
    expect([v2.status, await v2.json()]).toEqual([200, { id: '7', fullName: 'Ada Lovelace' }])
    expect(sent).toEqual(['https://people.test/v1/people/7', 'https://people.test/v2/people/7'])
  })
})
