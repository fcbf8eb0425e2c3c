/**
 * Types of the typed client of an app versioned by a path param whose routes
 * also write a version in their path (written-versions.ts): a route written
 * for v1 (`/api/v1/special`) is in v1's client alone, typed in v1's shapes,
 * as the server answers it in v1 whatever client calls it; a path with no
 * version (`/health`), or a version's name where the app has no version param
 * (`/files/v1/readme`), is in every client.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import type { WrittenApp, writtenHistory } from './written-versions.ts'

const api = versionedClient<WrittenApp, typeof writtenHistory>('https://people.test', { scheme: { in: 'path' } })
type Client<V extends 'v1' | 'v2'> = ReturnType<typeof api<V>>
/** What a call's successful answer gives. */
type Json<F extends (...args: never[]) => Promise<{ ok: boolean; json(): unknown }>> = Awaited<ReturnType<Extract<Awaited<ReturnType<F>>, { ok: true }>['json']>>

describe('a route whose path writes a version', () => {
  it('is in that version\'s client alone, in its shapes', () => {
    expectTypeOf<keyof Client<'v1'>['api']>().toEqualTypeOf<':version' | 'v1'>()
    expectTypeOf<keyof Client<'v2'>['api']>().toEqualTypeOf<':version' | 'v2'>()
    expectTypeOf<Json<Client<'v1'>['api']['v1']['special']['$get']>>().toEqualTypeOf<{ id: number; name: string }>()
    expectTypeOf<Json<Client<'v2'>['api']['v2']['other']['$get']>>().toEqualTypeOf<{ id: number; fullName: string }>()
  })

  it('a path without a version, or with a version\'s name where the app has no version param, is in every client', () => {
    expectTypeOf<keyof Client<'v1'>>().toEqualTypeOf<'api' | 'files' | 'health'>()
    expectTypeOf<keyof Client<'v2'>>().toEqualTypeOf<'api' | 'files' | 'health'>()
    expectTypeOf<keyof Client<'v2'>['files']>().toEqualTypeOf<'v1'>()
  })
})
