/**
 * `appRoutes(app)`: the routes an app names in their own declarations
 * (`named()` markers, @hono/zod-openapi operationIds) as a route table, built
 * the first time a link needs it and then reused; and, bound by
 * `versionMiddleware({ routes })`, `c.var.reverse` over it: `createReverse`'s
 * versioned reversal, the version placed where the scheme places it.
 */
import type { LinkQuery, RouteExists } from '../changes/history-plans.ts'
import { NoReverseMatch } from '../errors.ts'
import { bare, quoted, quotedValue } from '../quote.ts'
import { hostsFollowed } from '../http/allowed-hosts.ts'
import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'
import { reverseUnder, trustedOrigin } from '../reverse/create-reverse.ts'
import { include, route, type RouteDefinition } from '../routes/definitions.ts'
import { compilePath } from '../routes/pattern.ts'
import { defineRoutes, type RouteTable } from '../routes/table.ts'
import type { ParamValue } from '../routes/types.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import { markOf, namedRoutes, unreadBasePaths, type NamedRoute, type NamedRoutesApp, type ReadMark } from './app-route-names.ts'
import { unservedRoutes } from './app-checks.ts'
import { runs } from '../routes/composed-handlers.ts'
import { linkBase, namedPaths } from './mount-base.ts'
import { baseOf, type MountedRoute } from '../routes/mounted-apps.ts'

/** A value a link's query can carry. */
export type QueryValue = ParamValue | boolean

/** Options of `c.var.reverse` over an app's routes. */
export interface AppReverseOptions {
  /** The route's path params by name: `{ id: 7 }` for `/users/:id`. */
  readonly params?: Readonly<Record<string, ParamValue>> | undefined
  /**
   * Query parameters the link carries, after the version's when the scheme puts it there: a list repeats the key,
   * `null` and `undefined` are left out, and so is the scheme's own version parameter (the link carries the
   * request's version).
   */
  readonly query?: Readonly<Record<string, QueryValue | readonly QueryValue[] | null | undefined>> | undefined
}

/** `c.var.reverse` over an app's named routes: the absolute URL of a route, carrying the request's version. */
export type AppReverse<N extends string = string> = (name: N, options?: AppReverseOptions) => string

/** Links to an app's routes for one middleware (what `versionMiddleware` binds: not part of the API). */
export interface AppLinks<N extends string = string> {
  /**
   * The `c.var.reverse` of a request of `version`, whose origin links take unless the middleware sets `origin`, read
   * by the middleware Hono runs for it at `c.req.routeIndex` now: when the app was mounted under a prefix
   * (`app.route('/api', app)`), links carry it.
   */
  reverse(version: string | null, request: Request, c: Context): AppReverse<N>
  /**
   * Sentences that say what to fix: links that follow the client's `Host` (`hosts`: the middleware's
   * `allowedHosts`, if any; `'*'` lets every host through), and, given the app once its routes are registered (`given`, whose routes may hold `middleware`),
   * a middleware registered in it though `appRoutes` was given another app, and what keeps their names from a table.
   */
  check(hosts: readonly string[] | undefined, given?: NamedRoutesApp, middleware?: unknown): readonly string[]
  /**
   * Sentences naming each route `app` (the one given to `check(app)`, registered by then) registers that no version
   * of `scheme` serves, quoting the names it gives them (app-checks.ts; `life`: the version changes' route life).
   * Here, not in the middleware: the middleware of an app that does not link to its routes carries none of it.
   */
  unserved(app: NamedRoutesApp, middleware: unknown, scheme: BaseVersioning, life: RouteExists | undefined): readonly string[]
}

/** The routes an app names, made by `appRoutes(app)`, for `versionMiddleware({ routes })`. */
export interface AppRouteTable<N extends string = string> {
  /**
   * The app's named routes as a route table: built on the first call (or the first link), then the same table.
   * Throws an `Error` that says what to fix when a name is given to two paths, a `named()` route cannot be
   * reversed, or a named route was registered after the table was built.
   */
  table(): RouteTable
  /** Binds the links of one middleware (`where`) to its scheme, `origin` and history's query names (`names`); checks `origin` now. */
  bind(where: string, scheme: BaseVersioning, origin: string | undefined, names?: LinkQuery): AppLinks<N>
  /** Types only: the names `c.var.reverse` takes. */
  readonly '~names'?: N | undefined
}

/**
 * The routes `app` names in their own declarations, for `c.var.reverse(name, { params, query })`:
 * `named('user-detail')` among a route's handlers, and, in an @hono/zod-openapi app, each route's `operationId`
 * (its `{id}` params are Hono's `:id`). Nothing is read until the first link needs it: register the app's routes
 * before it serves requests. `N` narrows the names `c.var.reverse` takes (`appRoutes<'getUser'>(app)`).
 *
 * @example
 * ```ts
 * const app = new Hono()
 * app.use('*', versionMiddleware({ scheme, routes: appRoutes(app), allowedHosts: ['api.example.com'] }))
 * app.get('/users/:id', named('user-detail'), (c) => c.json({ self: c.var.reverse('user-detail', { params: { id: 7 } }) }))
 * ```
 */
export function appRoutes<const N extends string = string>(app: NamedRoutesApp): AppRouteTable<N> {
  if (app === null || typeof app !== 'object' || !Array.isArray((app as { routes?: unknown }).routes)) {
    throw new Error('appRoutes: pass the Hono app whose routes are named, such as appRoutes(app) for app = new Hono() or new OpenAPIHono().')
  }
  let table: RouteTable | undefined
  /** The path of each name, as the app registers it. */
  let paths: ReadonlyMap<string, string> = new Map()
  /** Names the table lacks, with why: operationIds whose route cannot be reversed (`null`: none). */
  let unusable: ReadonlyMap<string, string> | null = null
  /** How far the app was read when the table was built. */
  let mark: ReadMark = { routes: 0, definitions: 0 }

  function current(): RouteTable {
    // Every route OpenAPIHono registers is a Hono route too: the route count tells whether anything was added.
    if (table !== undefined) return app.routes.length === mark.routes ? table : registeredLate(table)
    mark = markOf(app)
    const found = namedRoutes(app)
    const built = tableOf(found)
    unusable = built.unusable
    paths = new Map(found.map((named) => [named.name, named.path]))
    return (table = built.table)
  }

  /** The table, unless a named route was registered since it was built (then every link throws that). */
  function registeredLate(built: RouteTable): RouteTable {
    const late = namedRoutes(app, mark)[0]
    if (late !== undefined) {
      throw new Error(`appRoutes: ${late.declared} was registered after appRoutes read the app's named routes (for the first link, check(app) or table()); register every route before the app serves requests.`)
    }
    mark = markOf(app)
    return built
  }

  /** What `unreadBasePaths` finds, as sentences, read again when routes were added. */
  let said: { readonly routes: number; readonly sentences: readonly string[] } | null = null
  function unread(): readonly string[] {
    if (said?.routes !== app.routes.length) said = { routes: app.routes.length, sentences: unreadSentences(unreadBasePaths(app)) }
    return said.sentences
  }

  /**
   * The prefix (a pattern) of the links of a request whose middleware Hono lists as `route`: none when `route` is one
   * of the app's own, else the prefix Hono's `app.route()` mounted the app under, found from the app's own route of
   * the same handler (known once per route); `null` when the app has no such route: the middleware is registered in
   * another app (a parent), whose prefix for this app's routes no link could know.
   */
  const prefixes = new WeakMap<object, string | null>()
  function prefixOf(route: MountedRoute & { readonly handler?: unknown }): string | null {
    let prefix = prefixes.get(route)
    if (prefix === undefined) {
      prefix = ''
      if (!app.routes.includes(route as never)) {
        const own = app.routes.find((r) => runs(route.handler, (r as { readonly handler?: unknown }).handler))
        const [mounted, registered] = [baseOf(route), baseOf(own)]
        if (own === undefined) prefix = null
        else if (mounted.endsWith(registered)) prefix = mounted.slice(0, mounted.length - registered.length)
      }
      prefixes.set(route, prefix)
    }
    return prefix
  }

  /** Whether `given` (an app given to `check(app)`) registers `middleware` while the app named here does not. */
  const registersElsewhere = (given: NamedRoutesApp, middleware: unknown): boolean =>
    given !== app && !holds(app, middleware) && holds(given, middleware)

  return {
    table: current,
    bind(where, scheme, origin, names) {
      const trusted = origin === undefined ? undefined : trustedOrigin(origin, where)
      // The scheme's own query parameter (query-parameter versioning): the link carries the request's version there.
      const own = scheme.placement.query
      let reverse: ReturnType<typeof reverseUnder> | undefined
      /** The prefix of the links of a request whose middleware Hono runs at `index`. */
      const baseAt = (c: Context, index: number): string => {
        const route = matchedRoutes(c)[index] as MountedRoute
        const prefix = prefixOf(route)
        if (prefix === null) throw new Error(elsewhere(where, route.path))
        return prefix === '' ? '' : linkBase(c, index, prefix, where)
      }
      return {
        reverse: (version, request, c) => {
          const index = c.req.routeIndex
          let base: string | undefined
          return (name, options) => {
            const built = current()
            reverse ??= reverseUnder(built, scheme, trusted === undefined ? {} : { origin: trusted })
            const params = options?.params
            const why = unusable?.get(name)
            if (why !== undefined) throw new NoReverseMatch(name, params, why)
            let url: string
            try {
              url = reverse(name, { kwargs: params, version, request }, (base ??= baseAt(c, index)))
            } catch (error) {
              // A name no route has, where an app made by basePath() holds operationIds this app cannot read: say so.
              const hint = error instanceof NoReverseMatch && !built.routes.some((r) => r.names.includes(name)) ? unread().join(' ') : ''
              throw hint === '' ? error : new NoReverseMatch(name, params, `no route is named ${quoted(name)}. ${hint}`)
            }
            let query = options?.query
            if (query === undefined) return url
            // A handler's query is the head's: a version that renamed the route's parameters names them its own way.
            const path = names === undefined || version === null ? undefined : paths.get(name)
            if (path !== undefined) {
              const route = matchedRoutes(c)[index] as MountedRoute
              // The path Hono serves it at (a sub-app's `/` under `/api` is `/api`), and as its sub-app registers it.
              const served = `${prefixOf(route) ?? ''}${path}`
              query = (names as LinkQuery)(namedPaths(served.length > 1 && served.endsWith('/') ? served.slice(0, -1) : served, baseOf(route)), version, query)
            }
            return withQuery(url, query, own, name, params)
          }
        },
        check(hosts, given, middleware) {
          const sentences: string[] = []
          const followed = trusted === undefined ? hostsFollowed(hosts, where) : null
          if (followed !== null) sentences.push(followed)
          if (given !== undefined) {
            const at = given.routes.find((r) => holds({ routes: [r] }, middleware))
            if (at !== undefined && registersElsewhere(given, middleware)) sentences.push(elsewhere(where, at.path))
            try {
              current()
            } catch (error) {
              if (!(error instanceof Error)) throw error
              sentences.push(error.message)
            }
            sentences.push(...unread())
          }
          return sentences
        },
        unserved: (given, middleware, scheme, life) => unservedRoutes(given, middleware, scheme, life, namedRoutes(given)),
      }
    },
  }
}

/** Whether `app` registers `middleware` (its own, or inside the wrappers `app.route()` makes of a sub-app's). */
function holds(app: { readonly routes: readonly object[] }, middleware: unknown): boolean {
  return app.routes.some((r) => runs((r as { readonly handler?: unknown }).handler, middleware))
}

/** The sentence of links of a middleware (`where`, registered at `path`) in another app than the one `appRoutes` was given. */
const elsewhere = (where: string, path: string): string =>
  `${where}: the versioning middleware runs in an app (at ${bare(path)}) that appRoutes was not given, so links could not carry the prefix that app serves the named routes at (app.route()); give appRoutes the app the middleware is registered in (appRoutes(root) for root.use(versioning)), or register the middleware in the app appRoutes was given.`

/** What to do about the routes a `basePath()` app registered, whose operationIds this app cannot read: a sentence per base path. */
function unreadSentences(unread: ReadonlyMap<string, readonly string[]>): string[] {
  return [...unread].map(([base, routes]) => {
    const listed = `${routes.slice(0, 4).map((r) => bare(r)).join(', ')}${routes.length > 4 ? ', ...' : ''}`
    return `appRoutes: the routes under ${bare(base)} (${listed}) are in no registry of this app, so their operationIds are unknown here: @hono/zod-openapi keeps them in the registry of the app they were registered on, and an app basePath(${quotedValue(base)}) made starts its own; give appRoutes that app (appRoutes(api) for api = app.basePath(${quotedValue(base)}): it serves the same routes), or mount them with app.route(${quotedValue(base)}, api) on the app you give appRoutes, whose registry then holds them.`
  })
}

/**
 * The table of the named routes, one route per name (a name on one path for several methods is one route), and
 * the operationIds whose route cannot be reversed, with why; a name on two paths, or a `named()` route that
 * cannot be reversed, throws.
 */
function tableOf(found: readonly NamedRoute[]): { table: RouteTable; unusable: ReadonlyMap<string, string> | null } {
  const byName = new Map<string, NamedRoute>()
  const unusable = new Map<string, string>()
  const definitions: RouteDefinition[] = []
  for (const named of found) {
    const { name, path } = named
    const other = byName.get(name)
    if (other !== undefined) {
      if (other.path === path) continue
      throw new Error(`appRoutes: the name ${quotedValue(name)} is given to two paths (${other.declared}, and ${named.declared}); give each path its own name.`)
    }
    byName.set(name, named)
    // A name with ":" (an operationId such as "users:get") is a name in namespaces, as the table writes them.
    const parts = name.split(':')
    const why = parts.includes('')
      ? `appRoutes: ${named.declared} cannot be reversed: its name has an empty part around ":" (which separates namespaces in route names).`
      : problemOf(path, `appRoutes: ${named.declared} cannot be reversed`)
    if (why !== null) {
      // named() routes are there to be reversed; an operationId may name a route nobody links to.
      if (!named.operation) throw new Error(why)
      unusable.set(name, why)
      continue
    }
    let definition: RouteDefinition = route(parts.pop() as string, path)
    for (const namespace of parts.reverse()) definition = include('/', [definition], { namespace })
    definitions.push(definition)
  }
  // Plain Hono apps have no format override: links carry no `?format=` over.
  return { table: defineRoutes(definitions, { formatQueryParam: null }), unusable: unusable.size === 0 ? null : unusable }
}

/** Why `path` cannot be reversed (a sentence starting with `where`), or `null`. */
function problemOf(path: string, where: string): string | null {
  try {
    compilePath(path, where)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

/** `url` with `query` appended (form-encoded), but for the scheme's `own` parameter; a value no query can carry throws `NoReverseMatch`. */
function withQuery(url: string, query: AppReverseOptions['query'], own: string | null, name: string, params: AppReverseOptions['params']): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) throw new NoReverseMatch(name, params, 'query must be an object of query parameters.')
  const search = new URLSearchParams()
  for (const key of Object.keys(query)) {
    if (key === own) continue
    const value = query[key]
    for (const item of Array.isArray(value) ? (value as readonly unknown[]) : [value]) {
      if (item == null) continue
      if (typeof item === 'string' || typeof item === 'boolean' || (typeof item === 'number' && Number.isFinite(item))) search.append(key, `${item}`)
      else throw new NoReverseMatch(name, params, `query parameter ${quoted(key)} must be a string, a finite number, a boolean, or a list of them.`)
    }
  }
  const text = `${search}`
  return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`
}
