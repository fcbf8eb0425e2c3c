/**
 * The versioning middleware beside Hono's own middleware, in each app style
 * (docs/middleware.md, "With Hono's middleware"): what each gets registered
 * before the versioning middleware, and what check(app) names where an order
 * cannot work (methodOverride() after it; a jsxRenderer's c.render on a route
 * with a JSON layout). A portable suite: Node, workerd, Bun and Deno.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { jsx } from 'hono/jsx'
import { jsxRenderer } from 'hono/jsx-renderer'
import { methodOverride } from 'hono/method-override'
import { prettyJSON } from 'hono/pretty-json'
import { secureHeaders } from 'hono/secure-headers'
import { timeout } from 'hono/timeout'
import { etag } from 'hono/etag'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { describe, expect, it } from 'vitest'
import { change, fieldChanged, fieldRenamed, routeAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route, VersioningError } from '../../src/index.ts'
import { APP_STYLES, ORIGIN, styledApp, type AppStyle } from '../support/app-styles.ts'

/** A JSX node as `c.render` takes it: Hono types its argument as the app's renderer declares (here none). */
const html = (node: ReturnType<typeof jsx>): string => node as unknown as string

const BEFORE_SUNSET = Date.UTC(2026, 5, 1)
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

/** Prices in cents since version 2; version 1 sent and got dollars. */
const Price = shape<{ cents: number }>('Price')
const prices = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Prices are in cents.', [fieldChanged(Price, 'cents', { down: (cents) => (cents as number) / 100, up: (dollars) => Math.round((dollars as number) * 100) })])] }],
  bodies: { 'POST /prices/:id': { request: Price, response: Price }, 'PATCH /prices/:id': { request: Price, response: Price } },
})

/** A plain app whose POST is overridden to PATCH by methodOverride() (`where`: before or after the versioning middleware); `seen`: the bodies its handlers read. */
function overridden(where: 'before' | 'after', app: Hono = new Hono()) {
  const seen: unknown[] = []
  const override = methodOverride({ app, header: 'X-HTTP-Method-Override' })
  const versioning = versionMiddleware({ scheme: scheme(), changes: prices })
  if (where === 'before') app.use('*', override)
  app.use('*', versioning)
  if (where === 'after') app.use('*', override)
  app.post('/prices/:id', async (c) => c.json(await c.req.json()))
  app.patch('/prices/:id', async (c) => {
    const body: unknown = await c.req.json()
    seen.push(body)
    return c.json(body)
  })
  return { app, seen, check: () => versioning.check(app) }
}

const overrideSentence = (at: string) =>
  `versionHistory: Hono's methodOverride() is registered after the versioning middleware (at ${at}); it sends the overridden request through the app again, so the versioning runs twice for one request: an older client's body can be migrated up twice (first by the original method's layouts) and its answer down twice. Register methodOverride() before the versioning middleware.`

describe("methodOverride()", () => {
  it('registered before the versioning middleware: the overridden PATCH of an older client is migrated once, as a PATCH', async () => {
    const { app, seen, check } = overridden('before')
    const res = await app.request('/prices/1', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'PATCH' }, body: '{"cents":1.5}' })
    expect([res.status, await res.json(), seen]).toEqual([200, { cents: 1.5 }, [{ cents: 150 }]])
    expect(check()).toEqual([])
  })

  it('registered after it: check(app) names it (the body would be migrated twice), in a plain and a @hono/zod-openapi app, app-wide and on a route', () => {
    expect(overridden('after').check()).toEqual([overrideSentence('/*')])
    const zodApp = new OpenAPIHono()
    const versioning = versionMiddleware({ scheme: scheme(), changes: prices })
    zodApp.use('*', versioning)
    const body = { content: { 'application/json': { schema: z.object({ cents: z.number() }) } } }
    const ok = { 200: { description: 'ok', content: { 'application/json': { schema: z.object({ cents: z.number() }) } } } }
    zodApp.openapi(createRoute({ method: 'post', path: '/prices/{id}', middleware: [methodOverride({ app: zodApp, header: 'X-HTTP-Method-Override' })], request: { body }, responses: ok }), (c) => c.json(c.req.valid('json'), 200))
    zodApp.openapi(createRoute({ method: 'patch', path: '/prices/{id}', request: { body }, responses: ok }), (c) => c.json(c.req.valid('json'), 200))
    expect(versioning.check(zodApp)).toEqual([overrideSentence('/prices/:id')])
  })
})

describe('methodOverride() and a route table', () => {
  const tablePrices = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Prices are in cents.', [fieldChanged(Price, 'cents', { down: (cents) => (cents as number) / 100, up: (dollars) => Math.round((dollars as number) * 100) })])] }],
    bodies: { price: { request: Price, response: Price } },
  })
  /** A table app: methodOverride() `where` (app-wide before or after the versioning middleware, or in the POST chain). */
  function tableOverridden(where: 'before' | 'after' | 'chain') {
    const seen: unknown[] = []
    const routes = defineRoutes([route('price', '/prices/:id')])
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: tablePrices, allowedHosts: ['localhost'] })
    const app = new Hono()
    const override = methodOverride({ app, header: 'X-HTTP-Method-Override' })
    if (where === 'before') app.use('*', override)
    app.use('*', versioning)
    if (where === 'after') app.use('*', override)
    mountRoutes(app, versioning, {
      price: {
        post: where === 'chain' ? [override, async (c) => c.json(await c.req.json())] : async (c) => c.json(await c.req.json()),
        patch: async (c) => {
          const body: unknown = await c.req.json()
          seen.push(body)
          return c.json(body)
        },
      },
    })
    return { app, seen, check: () => versioning.check(app) }
  }

  const overriddenPost = (app: Hono) => app.request('http://localhost/prices/1', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'PATCH' }, body: '{"cents":1.5}' })

  it('before the versioning middleware: the overridden PATCH is migrated once', async () => {
    const { app, seen, check } = tableOverridden('before')
    const res = await overriddenPost(app)
    expect([res.status, await res.json(), seen]).toEqual([200, { cents: 1.5 }, [{ cents: 150 }]])
    expect(check()).toEqual([])
  })

  it('in a mountRoutes chain (run after the versioning) or after the middleware: check(app) names it', () => {
    expect(tableOverridden('chain').check()).toEqual([
      'versionHistory: Hono\'s methodOverride() is in the chain of route "price" (POST), which runs after the versioning; it sends the overridden request through the app again, so the versioning runs twice for one request: an older client\'s body can be migrated up twice (first by the original method\'s layouts) and its answer down twice. Register methodOverride() before the versioning middleware.',
    ])
    expect(tableOverridden('after').check()).toEqual([overrideSentence('/*')])
  })
})

describe("a jsxRenderer's c.render", () => {
  it('on a route with a JSON layout: check(app) names it, as it names c.html (an older client would get a 500)', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('c', [fieldChanged(Price, 'cents', { down: (v) => v as number, up: (v) => v as number })])] }], bodies: { 'GET /prices/:id': { response: Price } } })
    const app = new Hono()
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    app.use('*', versioning)
    app.use('*', jsxRenderer(({ children }) => jsx('html', {}, jsx('body', {}, children))))
    app.get('/page', (c) => c.render(html(jsx('p', {}, `version ${c.var.version ?? ''}`))))
    app.get('/prices/:id', (c) => (c.req.header('Accept') === 'text/html' ? c.render(html(jsx('p', {}, '150'))) : c.json({ cents: 150 })))
    expect(versioning.check(app)).toEqual([
      "versionHistory: the handler of \"GET /prices/:id\" can answer HTML (c.render, jsxRenderer's), which its layouts cannot migrate (older clients would get a 500); list 'text/html' in its unmigrated.",
    ])
    // A page no layout describes is every version's own.
    expect(await (await app.request('/page', { headers: { 'Api-Version': '1' } })).text()).toBe('<!DOCTYPE html><html><body><p>version 1</p></body></html>')
  })
})

/** `app` behind an outer app that runs `before` first (registered before the versioning middleware). */
function behind(before: MiddlewareHandler[], app: StyledAppLike): Hono {
  const outer = new Hono()
  for (const middleware of before) outer.use('*', middleware)
  outer.all('*', (c) => app.fetch(c.req.raw))
  return outer
}
type StyledAppLike = { fetch(request: Request): Response | Promise<Response> }

const v1Person = { id: 1, name: 'Ada Lovelace', self: `${ORIGIN}/people/1` }
const ask = (app: Hono, path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => app.request(`${ORIGIN}${path}`, init)

describe.each(APP_STYLES.map((style) => [style] as const))("%s, with Hono's middleware before the versioning middleware", (style: AppStyle) => {
  const app = () => styledApp(style, { now: () => BEFORE_SUNSET }).app

  it("prettyJSON(): the migrated body is formatted too", async () => {
    const res = await ask(behind([prettyJSON()], app()), '/people/1?pretty', { headers: { 'Api-Version': '1' } })
    const text = await res.text()
    expect([JSON.parse(text), text]).toEqual([v1Person, JSON.stringify(JSON.parse(text), null, 2)])
  })

  it("cors() and secureHeaders(): on the migrated answer and on a rejected version, beside Vary and the lifecycle headers", async () => {
    const outer = behind([cors({ origin: 'https://app.test', exposeHeaders: ['Deprecation', 'Sunset'] }), secureHeaders()], app())
    const older = await ask(outer, '/people/1', { headers: { 'Api-Version': '1', Origin: 'https://app.test' } })
    expect(await older.json()).toEqual(v1Person)
    const headers = (res: Response) => ['access-control-allow-origin', 'access-control-expose-headers', 'x-content-type-options', 'vary', 'deprecation'].map((name) => res.headers.get(name))
    expect(headers(older)).toEqual(['https://app.test', 'Deprecation,Sunset', 'nosniff', 'Api-Version, Origin', '@1767225600'])
    const refused = await ask(outer, '/people/1', { headers: { 'Api-Version': '3', Origin: 'https://app.test' } })
    expect([refused.status, ...headers(refused)]).toEqual([404, 'https://app.test', 'Deprecation,Sunset', 'nosniff', 'Api-Version, Origin', null])
    const preflight = await ask(outer, '/people', { method: 'OPTIONS', headers: { Origin: 'https://app.test', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'Api-Version' } })
    expect([preflight.status, preflight.headers.get('access-control-allow-headers')]).toEqual([204, 'Api-Version'])
  })

  it("bodyLimit(): its 413, before an older body is read", async () => {
    const res = await ask(behind([bodyLimit({ maxSize: 8 })], app()), '/people', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Grace Hopper' }) })
    expect(res.status).toBe(413)
  })

  it("timeout(): its 504, not a 500", async () => {
    const slow: MiddlewareHandler = async (_c, next) => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      await next()
    }
    const res = await ask(behind([timeout(5), slow], app()), '/people/1', { headers: { 'Api-Version': '1' } })
    expect(res.status).toBe(504)
  })
})


describe("a mountRoutes 405 beside cors()", () => {
  /** A table app whose /people/:id serves GET alone; `withMiddleware`: app.use(versioning) after cors() (else mountRoutes alone). */
  function tableApp(where: 'before' | 'after', withMiddleware: boolean) {
    const routes = defineRoutes([route('person', '/people/:id')])
    const versioning = apiVersioning({ scheme: scheme(), routes, origin: ORIGIN })
    const app = new Hono()
    if (where === 'before') app.use('*', cors())
    if (withMiddleware) app.use('*', versioning)
    if (where === 'after') app.use('*', cors())
    return mountRoutes(app, versioning, { person: (c) => c.json({ id: c.req.param('id') }) })
  }

  it.each([['before', true], ['after', true], ['before', false]] as const)('cors() %s, the versioning middleware registered: %s — Vary lists the version header once', async (where, withMiddleware) => {
    const app = tableApp(where, withMiddleware)
    for (const version of ['1', '2']) {
      const res = await app.request('/people/1', { method: 'DELETE', headers: { 'Api-Version': version, Origin: 'https://a.example' } })
      expect([res.status, res.headers.get('Vary'), res.headers.get('Allow'), res.headers.get('Access-Control-Allow-Origin')]).toEqual([405, 'Api-Version', 'GET, HEAD', '*'])
    }
  })
})

describe("a JSON error a Hono middleware answers, in the history's errors layout", () => {
  /** Version 1's errors said `detail` where version 2's say `message`. */
  const Failure = shape<{ message: string }>('Failure')
  const messages = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Errors say message.', [fieldRenamed(Failure, { older: 'detail', newer: 'message' })])] }], errors: Failure })
  function app(where: 'before' | 'after') {
    const app = new Hono()
    const guards = [bearerAuth({ token: 't', noAuthenticationHeader: { message: { message: 'Sign in.' } } }), bodyLimit({ maxSize: 5, onError: (c) => c.json({ message: 'Too big.' }, 413) })]
    if (where === 'before') for (const guard of guards) app.use('*', guard)
    app.use('*', versionMiddleware({ scheme: scheme(), changes: messages }))
    if (where === 'after') for (const guard of guards) app.use('*', guard)
    app.post('/notes', (c) => c.json({ ok: true }))
    return app
  }
  const answers = async (where: 'before' | 'after', version: string) => {
    const signedOut = await app(where).request('/notes', { method: 'POST', headers: { 'Api-Version': version }, body: '{}' })
    const big = await app(where).request('/notes', { method: 'POST', headers: { 'Api-Version': version, Authorization: 'Bearer t', 'Content-Type': 'application/json' }, body: '{"text":"long"}' })
    return [signedOut.status, await signedOut.json(), signedOut.headers.get('Vary'), big.status, await big.json(), big.headers.get('Vary')]
  }

  it('registered after the versioning middleware: migrated to an older client as a handler\'s error is, with Vary', async () => {
    expect(await answers('after', '1')).toEqual([401, { detail: 'Sign in.' }, 'Api-Version', 413, { detail: 'Too big.' }, 'Api-Version'])
    expect(await answers('after', '2')).toEqual([401, { message: 'Sign in.' }, 'Api-Version', 413, { message: 'Too big.' }, 'Api-Version'])
  })

  it('registered before it: every version gets the answer as the middleware made it, without Vary (docs/middleware.md)', async () => {
    expect(await answers('before', '1')).toEqual([401, { message: 'Sign in.' }, null, 413, { message: 'Too big.' }, null])
  })
})

describe("app.onError answering every error in the history's errors layout", () => {
  /** Version 1's problems said `msg` where version 2's say `message`. */
  const Problem = shape<{ code: string; message: string }>('Problem')
  const Note = shape<{ text: string }>('Note')
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Problems say message.', [fieldRenamed(Problem, { older: 'msg', newer: 'message' })]), change('Notes have a text.', [fieldRenamed(Note, { older: 'body', newer: 'text' })])] }],
    errors: { error: Problem },
    bodies: { 'POST /notes': { request: Note, response: Note } },
  })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.post('/notes', async (c) => {
    const note = (await c.req.json()) as { text: string }
    if (note.text === '') throw new Error('A note needs a text.')
    return c.json(note, 201)
  })
  app.onError((error, c) => c.json({ error: { code: error.cause instanceof VersioningError ? error.cause.code : 'Failed', message: error.message } }, error instanceof HTTPException ? error.status : 500))
  const post = (version: string, body: string) => app.request('/notes', { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body })

  it("a handler's error reaches it inside the middleware: an older client gets it in its version's shape", async () => {
    const res = await post('1', '{"body":""}')
    expect([res.status, await res.json()]).toEqual([500, { error: { code: 'Failed', msg: 'A note needs a text.' } }])
  })

  it("a rejection is thrown before it runs: what it builds is every version's, unmigrated (docs/middleware.md, Rejections)", async () => {
    const res = await post('1', '{')
    expect([res.status, await res.json(), res.headers.get('Vary')]).toEqual([400, { error: { code: 'MalformedJsonBody', message: 'Malformed JSON in request body.' } }, 'Api-Version'])
  })
})

describe("requestId() before the versioning middleware, and a rejection app.onError answers", () => {
  const Note = shape<{ text: string }>('Note')
  const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Notes have a text.', [fieldRenamed(Note, { older: 'body', newer: 'text' })])] }], bodies: { 'POST /notes': { request: Note, response: Note } } })
  function app(answer: (error: HTTPException, c: Context) => Response) {
    const app = new Hono()
    app.use('*', requestId())
    app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    app.post('/notes', async (c) => c.json(await c.req.json(), 201))
    app.onError((error, c) => (error instanceof HTTPException ? answer(error, c) : c.text('failed', 500)))
    return app
  }
  const rejected = (app: Hono) => app.request('/notes', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{' })

  it('answered as Hono\'s default answers it (c.newResponse of its response): its X-Request-Id is kept (docs/version-changes.md)', async () => {
    const res = await rejected(app((error, c) => {
      const res = error.getResponse()
      return c.newResponse(res.body, res)
    }))
    expect([res.status, res.headers.has('X-Request-Id'), res.headers.get('Vary')]).toEqual([400, true, 'Api-Version'])
  })

  it('answered with error.getResponse() as it is: the headers middleware set with c.header() are left out', async () => {
    const res = await rejected(app((error) => error.getResponse()))
    expect([res.status, res.headers.has('X-Request-Id'), res.headers.get('Vary')]).toEqual([400, false, 'Api-Version'])
  })
})

describe("etag() inside the versioning middleware and a c.json answer", () => {
  it("hashes the body c.json built, already in the client's version, and tags it with the version (docs/version-changes.md, Caching)", async () => {
    const Note = shape<{ text: string }>('Note')
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Notes have a text.', [fieldRenamed(Note, { older: 'body', newer: 'text' })])] }], bodies: { 'GET /notes/:id': { response: Note } } })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    app.use('*', etag())
    app.get('/notes/:id', (c) => c.json({ text: 'Hi' }))
    const sha1 = async (text: string) => [...new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)))].map((byte) => byte.toString(16).padStart(2, '0')).join('')
    const older = await app.request('/notes/1', { headers: { 'Api-Version': '1' } })
    const head = await app.request('/notes/1', { headers: { 'Api-Version': '2' } })
    expect([await older.text(), older.headers.get('ETag')]).toEqual(['{"body":"Hi"}', `"${await sha1('{"body":"Hi"}')}@1"`])
    expect([await head.text(), head.headers.get('ETag')]).toEqual(['{"text":"Hi"}', `"${await sha1('{"text":"Hi"}')}"`])
    expect((await app.request('/notes/1', { headers: { 'Api-Version': '1', 'If-None-Match': older.headers.get('ETag') as string } })).status).toBe(304)
  })
})

describe("cors() and a plain route a version lacks", () => {
  const added = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Reports.', [routeAdded('GET /reports')])] }] })
  function app(where: 'before' | 'after') {
    const app = new Hono()
    if (where === 'before') app.use('*', cors())
    const versioning = versionMiddleware({ scheme: scheme(), changes: added })
    app.use('*', versioning)
    if (where === 'after') app.use('/reports', cors(), secureHeaders())
    app.get('/reports', (c) => c.json([]))
    return Object.assign(app, { check: () => versioning.check(app) })
  }
  const skipped = (written: string) =>
    `versionHistory: Hono's ${written} is registered after the versioning middleware (at /reports), so it does not run for "GET /reports" in the versions that lack the route: the versioning middleware answers them with app.notFound, without its headers, which the head's 404 of a path no route matches has. Register ${written} before the versioning middleware.`
  const answer = async (where: 'before' | 'after', path: string, version: string) => {
    const res = await app(where).request(path, { headers: { 'Api-Version': version, Origin: 'https://a.example' } })
    return [res.status, res.headers.get('Access-Control-Allow-Origin')]
  }

  it("registered before the versioning middleware: the older client's 404 carries its headers, as the head's 404 of an unknown path does", async () => {
    expect(app('before').check()).toEqual([])
    expect([await answer('before', '/reports', '1'), await answer('before', '/unknown', '2'), await answer('before', '/reports', '2')]).toEqual([[404, '*'], [404, '*'], [200, '*']])
  })

  it('registered after it: that 404 is answered before cors() runs, without them, and check(app) names cors() and secureHeaders() there', async () => {
    expect([await answer('after', '/reports', '1'), await answer('after', '/reports', '2')]).toEqual([[404, null], [200, '*']])
    expect(app('after').check()).toEqual([skipped('cors()'), skipped('secureHeaders()')])
  })

  it("as Hono's releases before 4.13.10 name them (built with esbuild: methodOverride2, cors2, secureHeaders2): check(app) names them there too", () => {
    const esbuildNamed = <T extends MiddlewareHandler>(middleware: T, name: string): T => Object.defineProperty(middleware, 'name', { value: `${name}2` })
    const older = new Hono()
    const versioning = versionMiddleware({ scheme: scheme(), changes: added })
    older.use('*', versioning)
    older.use('*', esbuildNamed(methodOverride({ app: older }), 'methodOverride'))
    older.use('/reports', esbuildNamed(cors(), 'cors'), esbuildNamed(secureHeaders(), 'secureHeaders'))
    older.get('/reports', (c) => c.json([]))
    expect(versioning.check(older)).toEqual([overrideSentence('/*'), skipped('cors()'), skipped('secureHeaders()')])
  })
})

describe('the versioning middleware registered twice for one request', () => {
  /** The prices app with the versioning at '*' and again at '/prices/*': the same middleware, or another like it. */
  function doubled(same: boolean) {
    const app = new Hono()
    const seen: unknown[] = []
    const errors: string[] = []
    const versioning = versionMiddleware({ scheme: scheme(), changes: prices })
    app.use('*', versioning)
    app.use('/prices/*', same ? versioning : versionMiddleware({ scheme: scheme(), changes: prices }))
    app.post('/prices/:id', async (c) => {
      const body: unknown = await c.req.json()
      seen.push(body)
      return c.json(body)
    })
    app.onError((error, c) => {
      errors.push(error.message)
      return c.json({ detail: 'Server error.' }, 500)
    })
    return { app, seen, errors }
  }

  it.each([[true], [false]])('the same middleware: %s — fails loudly (app.onError gets an Error saying to register it once) rather than migrating an older body twice', async (same) => {
    const { app, seen, errors } = doubled(same)
    const res = await app.request('/prices/1', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: '{"cents":1.5}' })
    expect([res.status, seen]).toEqual([500, []])
    expect(errors).toEqual([expect.stringContaining('versionMiddleware: a versioning middleware already ran for this request') as unknown])
    expect(errors[0]).toContain('Register one versioning middleware per request path.')
  })
})
