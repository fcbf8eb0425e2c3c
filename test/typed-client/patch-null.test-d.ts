/**
 * An older PATCH body's types (a partial update) take `null` for a field only
 * where the head's type does, as the server's request validation reads it
 * (test/openapi/patch-null.test.ts): a zod schema of optional fields that are
 * not nullable gives no `null`; a `.nullable()` one does, and so does a
 * removed field whose `schema` takes `null` (`fax`); the removed `name`
 * (its schema a string) takes none (test/support/patch-people.ts). Until
 * this rule, every optional field took `null` too, which the server refused.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import type { history, PatchPeopleApp } from '../support/patch-people.ts'

/** The request a client call takes. */
type Sent<F extends (...args: never[]) => unknown> = Parameters<F>[0]
const people = versionedClient<PatchPeopleApp, typeof history>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })

describe("an older PATCH body's null", () => {
  it("only where the head's type takes it", () => {
    type Older = Sent<ReturnType<typeof people<'1'>>['people'][':id']['$patch']>['json']
    expectTypeOf<Older>().toEqualTypeOf<{ mail?: string | undefined; status?: 'active' | 'inactive' | undefined; nick?: string | null | undefined; readonly name?: string; readonly fax?: string | null }>()
    const v1 = people('1')
    void v1.people[':id'].$patch({ param: { id: '7' }, json: { nick: null, fax: null, mail: 'ada@example.com' } })
    // @ts-expect-error the head's email takes no null: neither does version 1's mail
    void v1.people[':id'].$patch({ param: { id: '7' }, json: { mail: null } })
    // @ts-expect-error nor its status
    void v1.people[':id'].$patch({ param: { id: '7' }, json: { status: null } })
  })

  it("the head's PATCH body is its validator's own, as with hc", () => {
    const head = people('2')
    void head.people[':id'].$patch({ param: { id: '7' }, json: { nickname: null } })
    // @ts-expect-error zod's optional email takes no null
    void head.people[':id'].$patch({ param: { id: '7' }, json: { email: null } })
  })
})
