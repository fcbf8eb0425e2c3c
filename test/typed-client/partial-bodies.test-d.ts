/**
 * Types of the typed client's request bodies where a route's `bodies` entry
 * says whether they are partial (partial-bodies.ts): a PATCH read whole
 * takes the whole body, a PUT that merges takes a merge patch, as the
 * server reads each.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import type { PartialApp, partialHistory } from './partial-bodies.ts'

const api = versionedClient<PartialApp, typeof partialHistory>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })
type Body<F extends (...args: never[]) => unknown> = Parameters<F>[0] extends { json: infer J } ? J : never

describe("a bodies entry's partial", () => {
  it('partial: false on a PATCH: the whole body of the version', () => {
    expectTypeOf<Body<ReturnType<typeof api<'1'>>['people'][':id']['$patch']>>().toEqualTypeOf<{ name: string; age: number }>()
  })

  it('partial: true on a PUT: a merge patch of the version', () => {
    expectTypeOf<Body<ReturnType<typeof api<'1'>>['people'][':id']['$put']>>().toEqualTypeOf<{ name?: string; age?: number }>()
  })
})
