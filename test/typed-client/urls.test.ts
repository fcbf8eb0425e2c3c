/**
 * The URLs a version's typed client builds without sending a request
 * (`$url()`, `$path()`, as Hono's `hc` builds them) carry its version
 * where the scheme reads it from the URL: the query parameter, the path's
 * version segment, the host name; a link made from an older client's
 * `$url()` is answered in that version, never the default's. A scheme that
 * reads a header has nothing to put in a URL. A portable suite: Node,
 * workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning, HostNameVersioning, QueryParameterVersioning, URLPathVersioning } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'

const history = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2' }] })

describe("a version's $url() and $path()", () => {
  it('a query scheme: its parameter, beside the query given', async () => {
    const scheme = new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
    const base = new Hono()
    base.use('*', versionMiddleware({ scheme, changes: history }))
    const app = base.get('/people/:id', (c) => c.json({ version: c.var.version }))
    const v1 = versionedClient<typeof app, typeof history>('https://api.test', { scheme, fetch: (input, init) => app.request(input, init) })('v1')
    const url = v1.people[':id'].$url({ param: { id: '7' }, query: { expand: 'team' } as never })
    expect(url.href).toBe('https://api.test/people/7?expand=team&version=v1')
    expect(v1.people[':id'].$path({ param: { id: '7' } })).toBe('/people/7?version=v1')
    // The link is answered in version v1, as the client's own call is.
    expect(await (await app.request(url.href)).json()).toEqual({ version: 'v1' })
    const under = versionedClient<typeof app, typeof history>('https://api.test/base/', { scheme })('v1')
    expect(under.people[':id'].$url({ param: { id: '7' } }).href).toBe('https://api.test/base/people/7?version=v1')
    expect(under.people[':id'].$path({ param: { id: '7' } })).toBe('/people/7?version=v1')
  })

  it("a path scheme: the version's segment, filled", () => {
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
    const base = new Hono()
    base.use('/:version/*', versionMiddleware({ scheme, changes: history }))
    const app = base.get('/:version/people/:id', (c) => c.json({ version: c.var.version }))
    const v1 = versionedClient<typeof app, typeof history>('https://api.test', { scheme })('v1')
    expect(v1[':version'].people[':id'].$url({ param: { id: '7' } }).href).toBe('https://api.test/v1/people/7')
    expect(v1[':version'].people[':id'].$path({ param: { id: '7' } })).toBe('/v1/people/7')
  })

  it("a host scheme: the version's host; a header scheme: the URL as hc builds it", () => {
    const app = new Hono().get('/people/:id', (c) => c.json({ id: c.req.param('id') }))
    const byHost = versionedClient<typeof app, typeof history>('https://api.test', { scheme: new HostNameVersioning({ allowedVersions: ['v1', 'v2'] }) })('v1')
    expect(byHost.people[':id'].$url({ param: { id: '7' } }).href).toBe('https://v1.api.test/people/7')
    expect(byHost.people[':id'].$path({ param: { id: '7' } })).toBe('/people/7')
    const byHeader = versionedClient<typeof app, typeof history>('https://api.test', { scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }) })('v1')
    expect(byHeader.people[':id'].$url({ param: { id: '7' } }).href).toBe('https://api.test/people/7')
  })
})
