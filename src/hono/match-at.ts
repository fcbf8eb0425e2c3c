/**
 * The params Hono decoded for a matched table route, as a route match (the middleware and mountRoutes read them).
 */
import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { CompiledRoute } from '../routes/compile.ts'
import { hasEncodedSlash } from '../http/request-url.ts'
import { decodeParam, fitsPatterns, type RouteMatch } from '../routes/resolve.ts'

/**
 * The params Hono decoded for the matched route at `index`, as a match of
 * `route` (`suffixed`: matched at its format-suffixed path, whose suffix is
 * split off into `format`). `only`: decode that param alone.
 */
export function matchAt(c: Context, index: number, route: CompiledRoute, suffixed: boolean, only: string | null): RouteMatch {
  const req = c.req
  const current = req.routeIndex
  // Patch: Hono decodes params only for the current route; point it at the matched table route, and back at once
  // (Hono's param() reads its match and decodes; it throws nothing).
  req.routeIndex = index
  const decoded = only === null ? (req.param() as Record<string, string>) : null
  // (The route's own param, or one of the prefix a sub-app serving the table is mounted at: app.route('/:version', sub).)
  const value = only !== null ? req.param(only) : undefined
  req.routeIndex = current
  const params = new Params()
  if (decoded === null) {
    // One param: decode only that one.
    if (value !== undefined) params[only as string] = value
  } else {
    // The route's params, and those of the prefix it is served under (Hono's match of the route holds both).
    for (const name of Object.keys(decoded)) params[name] = decoded[name] as string
    const format = route.format
    if (suffixed && format !== null) {
      const split = format.split.exec(decoded[format.honoParam] ?? '')
      if (split !== null) {
        if (format.honoParam !== 'format') params[format.honoParam] = split[1] as string
        params['format'] = split[2] as string
      }
    }
  }
  for (const name in params) {
    // Hono keeps a run of escapes that is not UTF-8 as written; Django decodes what it can (rare: read the raw path).
    if ((params[name] as string).includes('%')) {
      asDjango(c, index, params)
      break
    }
  }
  return { name: route.name, namespace: route.namespace, viewName: route.viewName, params, path: route.path }
}

/**
 * Whether the request's path holds an encoded slash (`%2F`) that a param of the matched table route at `index` took
 * where its pattern refuses "/": Django decodes the path before matching, so no route matches it there.
 */
export function takesEncodedSlash(c: Context, index: number, route: CompiledRoute, suffixed: boolean): boolean {
  return hasEncodedSlash(c.req.url) && !fitsPatterns(route.compiled, matchAt(c, index, route, suffixed, null).params)
}

/**
 * The params of the matched route at `index` that are whole path segments, decoded from the request's raw path as
 * Django decodes it (`decodeParam`), when the route's path and the request's have as many segments.
 */
function asDjango(c: Context, index: number, params: Record<string, string>): void {
  const url = c.req.url
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return
  const end = url.slice(start).search(/[?#]/)
  const segments = (end === -1 ? url.slice(start) : url.slice(start, start + end)).split('/')
  const pattern = ((matchedRoutes(c)[index] as { path?: string } | undefined)?.path ?? '').split('/')
  if (pattern.length !== segments.length) return
  for (let i = 0; i < pattern.length; i++) {
    const name = /^:([^{}?/]+)(?:\{[^/]*\})?$/.exec(pattern[i] as string)?.[1]
    if (name !== undefined && params[name] !== undefined) params[name] = decodeParam(segments[i] as string)
  }
}

/**
 * A match's params: no prototype chain to `Object.prototype` (a param named `__proto__` or `constructor` is only a
 * param), made as a plain object is (`Object.create(null)` makes a slower kind of object on V8 and JSC).
 */
const Params = function Params() {} as unknown as new () => Record<string, string>
Params.prototype = Object.create(null) as Record<string, string>
