/**
 * The typed client of a plain Hono app whose version is a path param with a
 * pattern (`/:version{v[0-9]+}/people/:id`): the client's paths leave the
 * patterns out (`client[':version'].people[':id']`), and the path placement
 * fills `:version`, so each version's client reaches its own version and gets
 * its own shapes. A portable suite: Node, workerd, Bun and Deno.
 */
import { describe, expect, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import { pathApp, pathHistory } from '../support/app-styles.ts'

describe('a plain Hono app versioned by a patterned path param', () => {
  const app = pathApp()
  const sent: string[] = []
  const clients = versionedClient<typeof app, typeof pathHistory>('https://people.test', {
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
