/**
 * The compiled route table: `defineRoutes` compiles a route list once; the
 * table resolves a path to its match and reverses a name to a URL.
 */
import { NoReverseMatch } from '../errors.ts'
import { replaceQueryParam } from '../http/query.ts'
import { originOf } from '../http/request-url.ts'
import { checkOptions } from '../options.ts'
import { quoted } from '../quote.ts'
import { buildFirst, refuse, type PathArguments, type Refusal } from './build.ts'
import { compileRoutes, type CompiledRoute } from './compile.ts'
import type { FlattenRoutes, RouteDefinition } from './definitions.ts'
import { UNPLACED, type VersionPlacement } from './placement.ts'
import { resolvePath, type RouteMatch } from './resolve.ts'
import type { KwargsOf, ReverseOptions, ReverseRest, RouteEntry } from './types.ts'

/** The flattened entries of a table type: `RouteEntriesOf<typeof routes>`. */
export type RouteEntriesOf<T> = T extends RouteTable<infer E> ? E : never

/** Options of a route table. */
export interface RouteTableOptions {
  /**
   * The query parameter that overrides the response format (DRF's
   * `URL_FORMAT_OVERRIDE`). An incoming value is preserved on URLs reversed
   * for that request by the versioned `reverse`. `null` turns this off.
   * @default 'format'
   */
  readonly formatQueryParam?: string | null | undefined
}

/**
 * Compiles a route list into a table. Declared as a constant, the table types
 * `reverse`: a wrong name or a missing or unknown param is a type error.
 *
 * @example
 * ```ts
 * const routes = defineRoutes([
 *   route('home', '/'),
 *   include('/v1', [route('user-detail', '/users/:pk{[0-9]+}')], { namespace: 'v1' }),
 * ])
 * routes.reverse('v1:user-detail', { kwargs: { pk: 3 } }) // '/v1/users/3'
 * ```
 */
export function defineRoutes<const D extends readonly RouteDefinition[]>(
  routes: D,
  options?: RouteTableOptions,
): RouteTable<FlattenRoutes<D>> {
  return new RouteTable(routes, options)
}

/** A compiled route table. Build it with `defineRoutes`. */
export class RouteTable<E extends RouteEntry = RouteEntry> {
  // Assigned in the constructor (declared, so the bundle carries no field definitions).
  /** Every route in declaration order. */
  declare readonly routes: readonly CompiledRoute[]
  /** The format override query parameter, or `null`. */
  declare readonly formatQueryParam: string | null
  readonly #byName: Map<string, CompiledRoute[]>

  constructor(definitions: readonly RouteDefinition[], options: RouteTableOptions = {}) {
    if (!Array.isArray(definitions)) {
      throw new Error('defineRoutes: pass an array of route(...) and include(...) entries.')
    }
    checkOptions(options, 'defineRoutes', ['formatQueryParam'])
    const { formatQueryParam = 'format' } = options
    if (formatQueryParam !== null && (typeof formatQueryParam !== 'string' || formatQueryParam === '')) {
      throw new Error('defineRoutes: formatQueryParam must be a non-empty string, or null to turn it off.')
    }
    const routes = compileRoutes(definitions, 'defineRoutes')
    this.routes = Object.freeze(routes)
    this.formatQueryParam = formatQueryParam
    const byName = (this.#byName = new Map<string, CompiledRoute[]>())
    // Django tries the routes of one name from the last declared to the first.
    for (const route of routes) byName.set(route.viewName, [route, ...(byName.get(route.viewName) ?? [])])
  }

  /** The routes of a namespaced name, in the order reversal tries them (last declared first). */
  routesNamed(name: string): readonly CompiledRoute[] {
    return this.#byName.get(name) ?? []
  }

  /**
   * The first route, in declaration order, whose path matches `pathname`
   * (percent-decoded as Hono does), or `null`.
   */
  resolve(pathname: string): RouteMatch | null {
    return resolvePath(this.routes, pathname)
  }

  /**
   * The default reversal: the URL of the named route (`'/v1/users/3'`), absolute
   * on the request's origin when `request` is given. Throws `NoReverseMatch`
   * when no route of that name accepts the parameters.
   */
  reverse<const N extends E['name']>(name: N, ...options: ReverseRest<KwargsOf<E, N>>): string
  reverse(name: string, options?: ReverseOptions): string {
    return this.reverseUnchecked(name, options)
  }

  /**
   * `reverse` for names and parameters known only at run time. `placement`:
   * where a scheme puts `options.version` in the URL (a path param it fills,
   * a query key it sets), as the schemes' own `reverse` does.
   */
  reverseUnchecked(name: string, options: ReverseOptions = {}, placement?: VersionPlacement): string {
    const url = this.build(name, options, options.version, placement)
    if (typeof url !== 'string') throw new NoReverseMatch(name, options.args ?? options.kwargs, url.reason)
    return options.request === undefined ? url : originOf(options.request.url) + url
  }

  /**
   * The path of `name` for these parameters in `version`, carrying it as
   * `placement` says (a param it fills, a query key it sets), or why not:
   * what every reversal is built on, without throwing.
   */
  build(name: string, params: PathArguments, version: string | null | undefined, placement: VersionPlacement = UNPLACED): string | Refusal {
    const candidates = this.#byName.get(name)
    if (version == null) placement = UNPLACED
    const path = candidates === undefined ? refuse(`no route is named ${quoted(name)}.`, false) : buildFirst(candidates, params, version, placement.param)
    return typeof path === 'string' && placement.query !== null ? replaceQueryParam(path, placement.query, version as string) : path
  }
}
