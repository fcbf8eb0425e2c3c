/**
 * The params Hono decoded for a matched table route, as a route match (the middleware and mountRoutes read them).
 */
import type { Context } from 'hono'
import type { CompiledRoute } from '../routes/compile.ts'
import type { RouteMatch } from '../routes/resolve.ts'

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
  return { name: route.name, namespace: route.namespace, viewName: route.viewName, params, path: route.path }
}

/**
 * A match's params: no prototype chain to `Object.prototype` (a param named `__proto__` or `constructor` is only a
 * param), made as a plain object is (`Object.create(null)` makes a slower kind of object on V8 and JSC).
 */
const Params = function Params() {} as unknown as new () => Record<string, string>
Params.prototype = Object.create(null) as Record<string, string>
