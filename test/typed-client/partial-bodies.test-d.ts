/**
 * Types of the typed client's request bodies where a route's `bodies` entry
 * says whether they are partial (partial-bodies.ts): a PATCH read whole
 * takes the whole body, a PUT that merges takes a merge patch, as the
 * server reads each; in the head version, which the toolkit leaves to the
 * app, a PATCH sends what its validator takes.
 */
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { hc } from 'hono/client'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
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

describe('a PATCH in the head version, which the toolkit leaves to the app', () => {
  it("sends its validator's input, as hc does; an older version a merge patch of its shape, as the server reads it", () => {
    interface Place { title: string; address: { city: string; zip: string } }
    const Place = shape<Place>('Place')
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Places have a title.', [fieldRenamed(Place, { older: 'name', newer: 'title' })])] }],
      bodies: { 'PATCH /places/:id': { request: Place, response: Place } },
    })
    const base = new Hono()
    base.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
    // The app's own validator: a patch of top-level fields, an address sent whole.
    const app = base.patch('/places/:id', zValidator('json', z.object({ title: z.string(), address: z.object({ city: z.string(), zip: z.string() }) }).partial()), (c) => c.json({ title: 'Mill', address: { city: 'Ghent', zip: '9000' }, ...c.req.valid('json') } as Place, 200))
    const places = versionedClient<typeof app, typeof history>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })
    type HcBody = Body<ReturnType<typeof hc<typeof app>>['places'][':id']['$patch']>
    expectTypeOf<Body<ReturnType<typeof places<'2'>>['places'][':id']['$patch']>>().toEqualTypeOf<HcBody>()
    expectTypeOf<Body<ReturnType<typeof places<'1'>>['places'][':id']['$patch']>>().toEqualTypeOf<{ address?: { city?: string; zip?: string }; name?: string }>()
  })
})
