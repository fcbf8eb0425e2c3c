/**
 * The typed client of an app versioned by a path param whose routes also
 * write a version in their path (written-versions.ts): each version's client
 * calls the route written for it and gets that version's shape, as its type
 * says (written-versions.test-d.ts). A portable suite: Node, workerd, Bun and
 * Deno.
 */
import { describe, expect, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import { writtenApp, type writtenHistory } from './written-versions.ts'

describe('a route whose path writes a version', () => {
  const app = writtenApp()
  const api = versionedClient<typeof app, typeof writtenHistory>('https://people.test', { scheme: { in: 'path' }, fetch: (input, init) => app.request(input, init) })

  it("is answered in its version, as that version's client types it", async () => {
    const special = await api('v1').api.v1.special.$get()
    expect([special.status, await special.json()]).toEqual([200, { id: 1, name: 'Special' }])
    const other = await api('v2').api.v2.other.$get()
    expect([other.status, await other.json()]).toEqual([200, { id: 2, fullName: 'Other' }])
    const person = await api('v1').api[':version'].people[':id'].$get({ param: { id: '7' } })
    expect(await person.json()).toEqual({ id: 7, name: 'Ada Lovelace' })
  })

  it("another version's client has no such route: its call would be answered in the route's version", async () => {
    // What a v2 client calling /v1/special would get, were it in its type: v1's shape.
    expect(await (await app.request('https://people.test/api/v1/special')).json()).toEqual({ id: 1, name: 'Special' })
    expect(Object.keys(await (await api('v2').health.$get()).json())).toEqual(['ok'])
    expect(await (await api('v2').files.v1.readme.$get()).text()).toBe('Read me.')
  })
})
