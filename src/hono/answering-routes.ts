/**
 * Which of the routes Hono matched for a request answers it, read by the
 * versioning middleware for routes outside the table: the pattern named in
 * sentences and usage records, and the patterns a history's `'METHOD /path'`
 * plans are looked up by.
 */
import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'
import { baseOf, relativeTo } from '../routes/mounted-apps.ts'

/**
 * The pattern of the route that answers, for sentences and usage records:
 * the first matched route after the current one registered for the
 * request's method (HEAD: GET too), else for every method (`app.all`), else
 * the current route's pattern.
 */
export function answeringPath(c: Context): string {
  const matched = matchedRoutes(c)
  const method = c.req.method
  let any: string | null = null
  for (let i = c.req.routeIndex; i < matched.length; i++) {
    const route = matched[i] as { method: string; path: string }
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return route.path
    if (any === null && i > c.req.routeIndex && route.method === 'ALL') any = route.path
  }
  return any ?? c.req.routePath
}

/** Whether `path` has a wildcard outside its params' patterns (`/users/*`, not `:rest{.*}`): a pattern wider than one route's, as a middleware's. */
function isWider(path: string): boolean {
  let depth = 0
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i)
    if (code === 0x7b) depth++
    else if (code === 0x7d) depth = depth > 0 ? depth - 1 : 0
    else if (code === 0x2a && depth === 0) return true
  }
  return false
}

/**
 * The patterns of the routes Hono runs for the request from the current one
 * on, in its order: those registered for the request's method (HEAD: GET
 * too) or for every method (`app.all`, `app.use`). A handler may sit behind
 * a middleware registered on a wider pattern (`app.get('/users/*', mw)`), so
 * an extension keyed by a route's pattern takes the first it knows. The
 * first route registered for the method at a pattern without a wildcard
 * ends the list: it answers, and a route Hono matches after it
 * (`/orders/:id` after `/orders/export`) runs only if it calls `next()`.
 * When the middleware runs in a sub-app mounted under a prefix, the same
 * patterns follow without it, as the sub-app registers them.
 */
export function answeringPaths(c: Context): readonly string[] {
  const matched = matchedRoutes(c)
  const method = c.req.method
  const paths: string[] = []
  for (let i = c.req.routeIndex; i < matched.length; i++) {
    const route = matched[i] as { method: string; path: string }
    const own = route.method === method || (method === 'HEAD' && route.method === 'GET')
    if (own || route.method === 'ALL') paths.push(route.path)
    if (own && !isWider(route.path)) break
  }
  // A middleware registered in a sub-app (app.route('/api', sub)): then, the patterns as that sub-app registers them.
  const base = baseOf(matched[c.req.routeIndex])
  if (base !== '') {
    for (let i = 0, count = paths.length; i < count; i++) {
      const own = relativeTo(paths[i] as string, base)
      if (own !== null) paths.push(own)
    }
  }
  return paths
}
