import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes, versionMiddleware, type VersioningExtension } from '../../src/hono/index.ts'
import { defineRoutes, route, VersioningError } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { twoVersions } from '../support/two-versions.ts'

class Limited extends VersioningError {
  readonly status = 429
  constructor() {
    super('Limited.', 'Limited')
  }
}

const scheme = () => twoVersions()

/** An extension with every step, recording what each saw. */
function recorder(seen: string[], options: { async?: boolean; refuse?: string } = {}): VersioningExtension {
  const later = <T>(value: T): T | Promise<T> => (options.async === true ? Promise.resolve(value) : value)
  return {
    bind(target) {
      seen.push(`bind ${target.where} ${target.scheme.allowedVersions?.join(',')}`)
      return {
        version: (exchange) => later({ choice: undefined, note: `noted ${String(exchange.version)}` }),
        lookup: (exchange, note) => `${String(note)} looked up ${exchange.route?.name ?? exchange.routePath}`,
        request(exchange, note) {
          seen.push(`request ${String(note)}`)
          return later(exchange.version === options.refuse ? new Limited() : undefined)
        },
        response(exchange, response, note) {
          seen.push(`response ${String(exchange.version)} ${exchange.rejected} ${response.status} ${String(note)}`)
          response.headers.set('x-seen', String(exchange.version))
          return later(response)
        },
      }
    },
    check: (app) => (app.routes.length === 0 ? ['no routes'] : []),
  }
}

describe('extensions: the app’s own steps, as the built-in ones plug in', () => {
  it.each([false, true])('run each step once, in order, with the note of the lookup (async steps: %s)', async (async) => {
    const seen: string[] = []
    const app = new Hono()
    app.use('/api/*', versionMiddleware({ scheme: scheme(), extensions: [recorder(seen, { async })] }))
    app.get('/api/items', (c) => c.text(`v${c.var.version}`))
    const res = await app.request('/api/items', { headers: { 'Api-Version': '1' } })
    expect([res.status, await res.text(), res.headers.get('x-seen')]).toEqual([200, 'v1', '1'])
    expect(seen).toEqual(['bind versionMiddleware 1,2', 'request noted 1 looked up /api/items', 'response 1 false 200 noted 1 looked up /api/items'])
  })

  it.each([false, true])('may return nothing from a version step, which decides nothing (async: %s)', async (async) => {
    // A JavaScript extension's bare `return` (TypeScript allows it too): the scheme's version stands.
    const quiet: VersioningExtension = { bind: () => ({ version: () => (async ? Promise.resolve(undefined) : undefined) }) }
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), extensions: [quiet] }))
    app.get('/items', (c) => c.text(`v${c.var.version}`))
    const res = await app.request('/items', { headers: { 'Api-Version': '1' } })
    expect([res.status, await res.text()]).toEqual([200, 'v1'])
  })

  it('refuse with a VersioningError: its status and detail, the version kept, after the built-in steps', async () => {
    const seen: string[] = []
    const routes = defineRoutes([route('items', '/items')])
    const versioning = apiVersioning({ scheme: scheme(), routes, origin: 'https://api.example', policy: versionPolicy({ echoHeader: 'api-version' }), extensions: [recorder(seen, { refuse: '1' })] })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { items: (c) => c.text('items') })
    const refused = await app.request('/items', { headers: { 'Api-Version': '1' } })
    expect([refused.status, await refused.json(), refused.headers.get('api-version'), refused.headers.get('x-seen')]).toEqual([429, { detail: 'Limited.' }, '1', '1'])
    const ok = await app.request('/items')
    expect([ok.status, await ok.text(), ok.headers.get('api-version')]).toEqual([200, 'items', '2'])
    expect(seen.filter((line) => line.startsWith('request'))).toEqual(['request noted 1 looked up items', 'request noted 2 looked up items'])
  })

  it("reach a request the scheme refuses only in their response step, with no version", async () => {
    const seen: string[] = []
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), extensions: [recorder(seen)] }))
    app.get('/items', (c) => c.text('items'))
    const res = await app.request('/items', { headers: { 'Api-Version': '9' } })
    expect(res.status).toBe(404)
    expect(seen.slice(1)).toEqual(['response undefined true 404 undefined'])
  })

  it("send any other error a step throws to app.onError, as the app's", async () => {
    const failing: VersioningExtension = { bind: () => ({ request: () => { throw new TypeError('broken store') } }) }
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), extensions: [failing] }))
    app.get('/items', (c) => c.text('items'))
    app.onError((error, c) => c.text(`onError: ${error.message}`, 500))
    const res = await app.request('/items')
    expect([res.status, await res.text()]).toEqual([500, 'onError: broken store'])
  })

  /** An app whose one extension's `step` throws `Limited`, a VersioningError. */
  const limitedIn = (step: 'version' | 'lookup' | 'request' | 'json' | 'response'): Hono => {
    const throwing: VersioningExtension = {
      bind: () => ({
        [step]: () => {
          throw new Limited()
        },
      }),
    }
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), extensions: [throwing] }))
    app.get('/items', (c) => c.json({ version: c.var.version }))
    return app
  }

  it.each(['lookup', 'json', 'response'] as const)("send a VersioningError a %s step throws to app.onError as the app's error: only version and request steps refuse with one", async (step) => {
    const app = limitedIn(step)
    app.onError((error, c) => c.text(`onError: ${error instanceof Limited} ${error.message}`, 500))
    const res = await app.request('/items', { headers: { 'Api-Version': '1' } })
    expect([res.status, await res.text()]).toEqual([500, 'onError: true Limited.'])
  })

  it.each(['version', 'request'] as const)('refuse with a VersioningError a %s step throws, as returning it would', async (step) => {
    const res = await limitedIn(step).request('/items', { headers: { 'Api-Version': '1' } })
    expect([res.status, await res.json(), res.headers.get('vary')]).toEqual([429, { detail: 'Limited.' }, 'Api-Version'])
  })

  it("add their sentences to the middleware's check(app)", () => {
    const versioning = versionMiddleware({ scheme: scheme(), extensions: [recorder([])] })
    expect(versioning.check(new Hono())).toEqual(['no routes'])
  })

  it.each<[string, unknown]>([
    ['not a list', {}],
    ['an entry without bind', [{}]],
    ['a null entry', [null]],
  ])('are refused at construction when %s', (_name, extensions) => {
    expect(() => versionMiddleware({ scheme: scheme(), extensions: extensions as never })).toThrow('versionMiddleware: extensions must be objects with bind(target).')
  })
})
