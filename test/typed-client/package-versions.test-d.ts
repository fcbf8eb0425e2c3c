/**
 * Types of the typed client of an app whose version travels off the path and
 * whose route has a path param named `version` of its own
 * (package-versions.ts): each version's client takes that param, as `hc`
 * does, whether the scheme is given as a placement or as the server's scheme;
 * with the path placement, the client fills `:version` itself.
 */
import { hc } from 'hono/client'
import { describe, expectTypeOf, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import type { PackagesApp, packagesHistory, packagesScheme } from './package-versions.ts'

type Sent<F extends (...args: never[]) => unknown> = Parameters<F>[0]
declare const scheme: typeof packagesScheme

describe('a route param named version, with the version in a header', () => {
  it('is the caller\'s to give, as hc types it', () => {
    const byPlacement = versionedClient<PackagesApp, typeof packagesHistory>('https://registry.test', { scheme: { in: 'header', name: 'Api-Version' } })
    const byScheme = versionedClient<PackagesApp, typeof packagesHistory>('https://registry.test', { scheme })
    const plain = hc<PackagesApp>('https://registry.test')
    expectTypeOf<Sent<ReturnType<typeof byPlacement<'1'>>['packages'][':name'][':version']['$get']>>().toEqualTypeOf<{ param: { name: string; version: string } }>()
    expectTypeOf<Sent<ReturnType<typeof byScheme<'1'>>['packages'][':name'][':version']['$get']>>().toEqualTypeOf<{ param: { name: string; version: string } }>()
    expectTypeOf<Sent<(typeof plain)['packages'][':name'][':version']['$get']>>().toEqualTypeOf<{ param: { name: string } & { version: string } }>()
  })

  it('with the path placement, the client fills :version', () => {
    const byPath = versionedClient<PackagesApp, typeof packagesHistory>('https://registry.test', { scheme: { in: 'path' } })
    expectTypeOf<Sent<ReturnType<typeof byPath<'1'>>['packages'][':name'][':version']['$get']>>().toEqualTypeOf<{ param: { name: string } }>()
  })
})
