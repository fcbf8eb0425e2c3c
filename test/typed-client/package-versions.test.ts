/**
 * The typed client of an app whose version travels in a header and whose
 * route has a path param named `version` of its own (package-versions.ts):
 * the call its type asks for reaches the package's version, with the API
 * version in the header (package-versions.test-d.ts). A portable suite:
 * Node, workerd, Bun and Deno.
 */
import { describe, expect, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import { packagesApp, packagesScheme, type packagesHistory } from './package-versions.ts'

describe('a route param named version, with the version in a header', () => {
  const app = packagesApp()
  const sent: string[] = []
  const fetch = (input: string, init: RequestInit) => {
    sent.push(input)
    return app.request(input, init)
  }

  it('the call sends the package version in the path and the API version in the header', async () => {
    const byPlacement = versionedClient<typeof app, typeof packagesHistory>('https://registry.test', { scheme: { in: 'header', name: 'Api-Version' }, fetch })
    const byScheme = versionedClient<typeof app, typeof packagesHistory>('https://registry.test', { scheme: packagesScheme, fetch })
    for (const api of [byPlacement, byScheme]) {
      const res = await api('1').packages[':name'][':version'].$get({ param: { name: 'hono', version: '4.0.0' } })
      expect(await res.json()).toEqual({ name: 'hono', version: '4.0.0', api: '1' })
    }
    expect(sent).toEqual(['https://registry.test/packages/hono/4.0.0', 'https://registry.test/packages/hono/4.0.0'])
  })
})
