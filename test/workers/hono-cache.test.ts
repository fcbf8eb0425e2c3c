/**
 * Hono's cache() (the Cache API, so inside workerd alone) beside the
 * versioning middleware (docs/middleware.md, "With Hono's middleware"):
 * registered before it, in each app style, each version's answer is stored
 * under its own key when cache() varies on the version's header, and none is
 * stored without (the answer varies on a header cache() does not key on);
 * registered after it, the same: varying on the version, each version's
 * answer is stored migrated and sent as stored, however the requests of the
 * versions alternate.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { cache } from 'hono/cache'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { APP_STYLES, ORIGIN, plainHistory, styledApp, type AppStyle } from '../support/app-styles.ts'

const BEFORE_SUNSET = Date.UTC(2026, 5, 1)
const v1Person = { id: 1, name: 'Ada Lovelace', self: `${ORIGIN}/people/1` }
const v2Person = { id: 1, fullName: 'Ada Lovelace', email: 'ada@example.com', self: `${ORIGIN}/people/1` }
let names = 0

/** `app` behind an outer app that runs `before` first. */
function behind(before: MiddlewareHandler, app: { fetch(request: Request): Response | Promise<Response> }): Hono {
  const outer = new Hono()
  outer.use('*', before)
  outer.all('*', (c) => app.fetch(c.req.raw))
  return outer
}

const ask = async (app: Hono, version: string) => {
  const res = await app.request(`${ORIGIN}/people/1`, { headers: { 'Api-Version': version } })
  return { status: res.status, body: await res.json(), vary: res.headers.get('vary')?.toLowerCase(), deprecation: res.headers.get('deprecation') }
}

describe.each(APP_STYLES.map((style) => [style] as const))('%s', (style: AppStyle) => {
  it("cache() before the versioning middleware, varying on Api-Version: each version's answer, in turn and from the cache", async () => {
    const handled: string[] = []
    const app = styledApp(style, { now: () => BEFORE_SUNSET }).app
    const counted = { fetch: (request: Request) => (handled.push(request.headers.get('api-version') ?? ''), app.fetch(request)) }
    const outer = behind(cache({ cacheName: `before-${style}-${names++}`, wait: true, cacheControl: 'max-age=60', vary: ['Api-Version'] }), counted)
    for (let round = 0; round < 2; round++) {
      expect(await ask(outer, '1')).toEqual({ status: 200, body: v1Person, vary: 'api-version', deprecation: '@1767225600' })
      expect(await ask(outer, '2')).toEqual({ status: 200, body: v2Person, vary: 'api-version', deprecation: null })
    }
    expect(handled).toEqual(['1', '2'])
  })

  it('cache() before it, not varying on the version: nothing is stored, each version gets its own answer', async () => {
    const handled: string[] = []
    const app = styledApp(style, { now: () => BEFORE_SUNSET }).app
    const counted = { fetch: (request: Request) => (handled.push(request.headers.get('api-version') ?? ''), app.fetch(request)) }
    const outer = behind(cache({ cacheName: `unvaried-${style}-${names++}`, wait: true, cacheControl: 'max-age=60' }), counted)
    expect((await ask(outer, '1')).body).toEqual(v1Person)
    expect((await ask(outer, '2')).body).toEqual(v2Person)
    expect((await ask(outer, '1')).body).toEqual(v1Person)
    expect(handled).toEqual(['1', '2', '1'])
  })
})

describe('cache() after the versioning middleware', () => {
  /** A plain app whose GET /people/:id runs cache() (`vary`: on the version's header, or not) after the versioning middleware. */
  function inside(vary: boolean) {
    const handled: string[] = []
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
    const app = new Hono()
    const errors: string[] = []
    app.onError((error, c) => (errors.push(error.message), c.json({ detail: 'failed' }, 500)))
    app.use('*', versionMiddleware({ scheme, changes: plainHistory }))
    app.use('*', cache({ cacheName: `inside-${names++}`, wait: true, cacheControl: 'max-age=60', ...(vary ? { vary: ['Api-Version'] } : {}) }))
    app.get('/people/:id', (c) => (handled.push(c.var.version ?? ''), c.json({ id: 1, fullName: 'Ada Lovelace', email: 'ada@example.com', self: `${ORIGIN}/people/1` })))
    return { app, handled, errors }
  }

  it("varying on the version: each version's answer, stored already migrated and sent as stored", async () => {
    const { app, handled, errors } = inside(true)
    for (let round = 0; round < 2; round++) {
      expect(await ask(app, '1')).toEqual({ status: 200, body: v1Person, vary: 'api-version', deprecation: null })
      expect(await ask(app, '2')).toEqual({ status: 200, body: v2Person, vary: 'api-version', deprecation: null })
    }
    expect([handled, errors]).toEqual([['1', '2'], []])
  })

  it("not varying on it: the answer varies on the version's header (the middleware's Vary), which cache() does not key on, so it stores none: each version gets its own", async () => {
    const { app, handled, errors } = inside(false)
    expect(await ask(app, '1')).toEqual({ status: 200, body: v1Person, vary: 'api-version', deprecation: null })
    expect(await ask(app, '2')).toEqual({ status: 200, body: v2Person, vary: 'api-version', deprecation: null })
    expect(await ask(app, '1')).toEqual({ status: 200, body: v1Person, vary: 'api-version', deprecation: null })
    expect([handled, errors]).toEqual([['1', '2', '1'], []])
  })
})
