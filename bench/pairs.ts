/**
 * The same small JSON API written twice, for each configuration users meet:
 * with the toolkit, and by hand (what a user would write instead). The served
 * benchmark (bench/drivers/served.js) serves both of a pair over loopback HTTP
 * on every runtime; the in-process benchmark (bench/run.ts) calls their
 * `app.fetch`. Both sides answer the same request with the same status, JSON
 * body and `Vary`; bench/drivers/served.js checks that before it loads them.
 *
 * The hand-written side does the minimum by hand: it reads where the version
 * travels (a header, the path param, the host, the query), checks it against a
 * `Set`, sets `Vary` when the version came from a header (with `c.header()`
 * before the check, so every response built with `c.json()` carries it, the
 * 404/406 too), `c.set('version', ...)`, and for a version it does not serve
 * throws an `HTTPException` (Hono's convention, as the toolkit does) whose
 * response is the toolkit's: 404 (406 for the Accept header) and
 * `{"detail": "..."}`. That is the rejection written by hand the toolkit's
 * rejections are compared with.
 *
 * Each pair also has a third app, `api`: the hand-written twin that gives its
 * handlers what the toolkit gives them, the context variables the toolkit
 * documents (`version` and `versioningScheme`; with a route table also a
 * `reverse` closure per request), the view reading `c.var.version`. It is not
 * a target: the in-process benchmark measures it between the two, so that the
 * report splits the gap into what those variables cost in Hono and what the
 * toolkit's own code costs.
 *
 * The pair `pinned` compares one app with itself: the request of a client
 * pinned to its version (a cache hit of `clientPins`) against the same
 * request naming the version in its header (`handRequest`); only their
 * `Vary` differs (the pinned answer also varies on `Authorization`).
 *
 * Only the public entry points are imported (src/index.ts, src/hono/index.ts,
 * src/client-pins/index.ts).
 */
import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { apiVersioning, mountRoutes, versionMiddleware } from '../src/hono/index.ts'
import { bearerClient, clientPins, memoryPinStore } from '../src/client-pins/index.ts'
import {
  AcceptHeaderVersioning,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  type BaseVersioning,
} from '../src/index.ts'

/** A request: its path, and the headers it carries (`host` included, for the host-name scheme). */
export interface PairRequest {
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
}

export interface Pair {
  /** What the configuration is, for the report. */
  readonly label: string
  /** `mountRoutes`: the toolkit without any middleware layer; `middleware`: a middleware on every request. */
  readonly kind: 'mountRoutes' | 'middleware'
  /** The request both answer 200 and that the benchmark sends. */
  readonly request: PairRequest
  /** The request the `hand` and `api` sides get instead, when it differs (the `pinned` pair). */
  readonly handRequest?: PairRequest
  /** A request for a version neither serves: both must answer it with the same 4xx. */
  readonly rejected: PairRequest
  readonly toolkit: () => Hono
  readonly hand: () => Hono
  /** By hand, with the toolkit's context variables: the hand-written twin plus what the toolkit's handlers get. */
  readonly api: () => Hono
  /** The hand-written app answering `rejected` as the toolkit does, when `hand` answers it otherwise. */
  readonly handRejection?: () => Hono
}

const ALLOWED = ['v1', 'v2']
const options = { allowedVersions: ALLOWED, defaultVersion: 'v1' }
const users = [route('user-detail', '/users/:id')] as const

/** The view both sides serve; the hand-written per-version routes write their version in. */
const view = (c: Context): Response => c.json({ id: c.req.param('id'), version: c.var.version })

// ---- by hand ------------------------------------------------------------------------------------

/**
 * A hand-written version middleware: `read` gets the version (undefined: none sent), `vary` the header it came from.
 * `vars`: what else it puts in the context, for the `api` twins (`none`: the version alone).
 */
function handMiddleware(read: (c: Context) => string | undefined, vary: string | null, status: 404 | 406, detail: string, vars: Vars = 'none'): MiddlewareHandler {
  const allowed = new Set(ALLOWED)
  return async function handVersion(c: Context, next: Next) {
    if (vary !== null) c.header('Vary', vary)
    const version = read(c) ?? 'v1'
    if (!allowed.has(version)) throw new HTTPException(status, { res: c.json({ detail }, status) })
    setVars(c, version, vars)
    return next()
  }
}

/** The context variables beyond `version`: versionMiddleware's (`scheme`), or apiVersioning's (`table`: `reverse` too). */
type Vars = 'none' | 'scheme' | 'table'

/** What stands for the scheme in the `api` twins' `versioningScheme`. */
const handScheme = Object.freeze({ allowedVersions: ALLOWED, defaultVersion: 'v1' })

/** Sets `version` and, for the `api` twins, `versioningScheme` and (a table) a `reverse` bound to the request's version and origin, as the toolkit does. */
function setVars(c: Context, version: string, vars: Vars): void {
  c.set('version', version)
  if (vars === 'none') return
  c.set('versioningScheme' as never, handScheme as never)
  if (vars === 'table') {
    // Like the toolkit's: the origin is read from the request when a link is built.
    const request = c.req.raw
    c.set('reverse' as never, ((name: string, id: string) => `${new URL(request.url).origin}/${version}/${name}/${encodeURIComponent(id)}`) as never)
  }
}

const ACCEPT_VERSION = /;\s*version\s*=\s*([^\s;,]+)/

const hand = {
  header: (vars?: Vars) => handMiddleware((c) => c.req.header('api-version'), 'Api-Version', 404, 'Invalid version in "Api-Version" header.', vars),
  accept: (vars?: Vars) =>
    handMiddleware((c) => ACCEPT_VERSION.exec(c.req.header('accept') ?? '')?.[1], 'Accept', 406, 'Invalid version in "Accept" header.', vars),
  urlPath: (vars?: Vars) => handMiddleware((c) => c.req.param('version'), null, 404, 'Invalid version in URL path.', vars),
  host: (vars?: Vars) =>
    handMiddleware(
      (c) => {
        // The first label of the URL's host (the runtimes build the URL from the Host header).
        const url = c.req.url
        const start = url.indexOf('//') + 2
        const dot = url.indexOf('.', start)
        return dot === -1 ? undefined : url.slice(start, dot)
      },
      null,
      404,
      'Invalid version in hostname.',
      vars,
    ),
  query: (vars?: Vars) => handMiddleware((c) => c.req.query('version'), null, 404, 'Invalid version in query parameter.', vars),
}

/** By hand: `middleware` on `pattern`, then the route. */
function handApp(middleware: MiddlewareHandler, pattern: string, path: string): Hono {
  const app = new Hono()
  app.use(pattern, middleware)
  app.get(path, view)
  return app
}

/** By hand: one plain route per version, each knowing its version; any other version's path is refused (or, `refuse: false`, not found). */
function perVersionRoutes(refuse = true): Hono {
  const app = new Hono()
  for (const version of ALLOWED) app.get(`/${version}/users/:id`, (c) => c.json({ id: c.req.param('id'), version }))
  if (refuse) app.get('/:version/users/:id', refuseVersion)
  return app
}

/** The hand-written refusal of a version no route serves, as the toolkit answers it. */
function refuseVersion(c: Context): never {
  throw new HTTPException(404, { res: c.json({ detail: 'Invalid version in URL path.' }, 404) })
}

/** By hand, with the toolkit's context variables: one plain route per version, each setting them, then the view. */
function perVersionRoutesApi(): Hono {
  const app = new Hono()
  for (const version of ALLOWED) {
    app.get(`/${version}/users/:id`, (c) => {
      setVars(c, version, 'table')
      return view(c)
    })
  }
  app.get('/:version/users/:id', refuseVersion)
  return app
}

// ---- with the toolkit ---------------------------------------------------------------------------

function toolkitMiddlewareApp(scheme: BaseVersioning, pattern: string, path: string): Hono {
  const app = new Hono()
  app.use(pattern, versionMiddleware({ scheme }) as never)
  app.get(path, view)
  return app
}

function toolkitTableApp(scheme: BaseVersioning, routes: Parameters<typeof apiVersioning>[0]['routes'], useMiddleware: boolean): Hono {
  const versioning = apiVersioning({ scheme, routes })
  const app = new Hono()
  if (useMiddleware) app.use('*', versioning as never)
  mountRoutes(app, versioning as never, { 'user-detail': view } as never)
  return app
}

/** The table of `/:version/users/:id` with URLPathVersioning, served by mountRoutes, beside the middleware (`useMiddleware`) or alone. */
const urlPathTableApp = (useMiddleware: boolean): Hono => toolkitTableApp(new URLPathVersioning(options), defineRoutes([include('/:version', users)]), useMiddleware)

/** The secret of the pinned pair's client ids, and the id of `bench-key` under it (`bearerClient({ secret }).idOf('bench-key')`; bench/pins.ts checks it). */
export const BENCH_SECRET = 'bench secret: thirty-two characters or more'
export const BENCH_KEY_ID = '1215fb4fecce8f9f556772bc0e9b76e73ba552560d453e19d643b7f91f02e3b3'

/** versionMiddleware + HeaderVersioning with client pins (in memory; the client `bench-key`, known by its keyed hash, pinned to v2). */
function pinnedApp(): Hono {
  const app = new Hono()
  const pins = clientPins({ store: memoryPinStore({ [BENCH_KEY_ID]: 'v2' }), client: bearerClient({ secret: BENCH_SECRET }) })
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning(options), clientVersion: pins }) as never)
  app.get('/users/:id', view)
  return app
}

const byPath = (version: string): PairRequest => ({ path: `/${version}/users/1`, headers: {} })

export const PAIRS = {
  mountRoutes: {
    label: 'mountRoutes alone (URLPathVersioning) vs plain routes per version',
    kind: 'mountRoutes',
    request: byPath('v2'),
    rejected: byPath('v3'),
    toolkit: () => urlPathTableApp(false),
    hand: () => perVersionRoutes(),
    api: perVersionRoutesApi,
  },
  'use+mountRoutes': {
    label: "app.use('*', apiVersioning) + mountRoutes (URLPathVersioning) vs a version middleware + route",
    kind: 'middleware',
    request: byPath('v2'),
    rejected: byPath('v3'),
    toolkit: () => urlPathTableApp(true),
    hand: () => handApp(hand.urlPath(), '/:version/*', '/:version/users/:id'),
    api: () => handApp(hand.urlPath('table'), '/:version/*', '/:version/users/:id'),
  },
  // Issue 34's target: the middleware beside mountRoutes costs no more than mountRoutes alone. Both sides are the
  // toolkit's, the same table and view; the twin is the mountRoutes-alone app (it gives the same variables).
  'use+mountRoutes-vs-alone': {
    label: "app.use('*', apiVersioning) beside mountRoutes vs mountRoutes alone (URLPathVersioning, the same table and view)",
    kind: 'middleware',
    request: byPath('v2'),
    rejected: byPath('v3'),
    toolkit: () => urlPathTableApp(true),
    hand: () => urlPathTableApp(false),
    api: () => urlPathTableApp(false),
  },
  namespace: {
    label: "NamespaceVersioning: app.use('*', apiVersioning) + mountRoutes (versionMiddleware refuses it) vs a version middleware + route",
    kind: 'middleware',
    request: byPath('v2'),
    rejected: byPath('v3'),
    toolkit: () =>
      toolkitTableApp(
        new NamespaceVersioning(options),
        defineRoutes([include('/v1', users, { namespace: 'v1' }), include('/v2', users, { namespace: 'v2' })]),
        true,
      ),
    hand: () => handApp(hand.urlPath(), '/:version/*', '/:version/users/:id'),
    api: () => handApp(hand.urlPath('table'), '/:version/*', '/:version/users/:id'),
    // No table route serves an unknown namespace: the path is unknown, and the app's not-found handler answers.
    handRejection: () => perVersionRoutes(false),
  },
  'accept-header': {
    label: 'versionMiddleware + AcceptHeaderVersioning vs a hand-written Accept check',
    kind: 'middleware',
    request: { path: '/users/1', headers: { accept: 'application/json; version=v2' } },
    rejected: { path: '/users/1', headers: { accept: 'application/json; version=v3' } },
    toolkit: () => toolkitMiddlewareApp(new AcceptHeaderVersioning(options), '*', '/users/:id'),
    hand: () => handApp(hand.accept(), '*', '/users/:id'),
    api: () => handApp(hand.accept('scheme'), '*', '/users/:id'),
  },
  'url-path': {
    label: 'versionMiddleware + URLPathVersioning vs a hand-written path param check',
    kind: 'middleware',
    request: byPath('v2'),
    rejected: byPath('v3'),
    toolkit: () => toolkitMiddlewareApp(new URLPathVersioning(options), '/:version/*', '/:version/users/:id'),
    hand: () => handApp(hand.urlPath(), '/:version/*', '/:version/users/:id'),
    api: () => handApp(hand.urlPath('scheme'), '/:version/*', '/:version/users/:id'),
  },
  'host-name': {
    label: 'versionMiddleware + HostNameVersioning vs a hand-written Host check',
    kind: 'middleware',
    request: { path: '/users/1', headers: { host: 'v2.api.example' } },
    rejected: { path: '/users/1', headers: { host: 'v3.api.example' } },
    toolkit: () => toolkitMiddlewareApp(new HostNameVersioning(options), '*', '/users/:id'),
    hand: () => handApp(hand.host(), '*', '/users/:id'),
    api: () => handApp(hand.host('scheme'), '*', '/users/:id'),
  },
  'query-parameter': {
    label: 'versionMiddleware + QueryParameterVersioning vs a hand-written query check',
    kind: 'middleware',
    request: { path: '/users/1?version=v2', headers: {} },
    rejected: { path: '/users/1?version=v3', headers: {} },
    toolkit: () => toolkitMiddlewareApp(new QueryParameterVersioning(options), '*', '/users/:id'),
    hand: () => handApp(hand.query(), '*', '/users/:id'),
    api: () => handApp(hand.query('scheme'), '*', '/users/:id'),
  },
  header: {
    label: 'versionMiddleware + HeaderVersioning vs a hand-written header check',
    kind: 'middleware',
    request: { path: '/users/1', headers: { 'api-version': 'v2' } },
    rejected: { path: '/users/1', headers: { 'api-version': 'v3' } },
    toolkit: () => toolkitMiddlewareApp(new HeaderVersioning(options), '*', '/users/:id'),
    hand: () => handApp(hand.header(), '*', '/users/:id'),
    api: () => handApp(hand.header('scheme'), '*', '/users/:id'),
  },
  pinned: {
    label: 'a client pinned to v2 (clientPins, cache hit) vs the same request with Api-Version: v2, one app',
    kind: 'middleware',
    request: { path: '/users/1', headers: { authorization: 'Bearer bench-key' } },
    handRequest: { path: '/users/1', headers: { authorization: 'Bearer bench-key', 'api-version': 'v2' } },
    rejected: { path: '/users/1', headers: { authorization: 'Bearer bench-key', 'api-version': 'v3' } },
    toolkit: pinnedApp,
    hand: pinnedApp,
    api: pinnedApp,
  },
} satisfies Record<string, Pair>

export type PairName = keyof typeof PAIRS


/** A `Request` for `r` on origin `http://api.example` (the host header, when given, names the host). */
export function requestFor(r: PairRequest): Request {
  const { host = 'api.example', ...headers } = r.headers
  return new Request(`http://${host}${r.path}`, { headers })
}
