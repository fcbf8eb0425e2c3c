/**
 * The routes a history lays out or changes that the versioning middleware
 * does not run for, as `check(app)` names them: registered nowhere in the
 * app, at a path that does not cover theirs, or after them. Their requests
 * get no version and nothing migrated, so an older client gets the head's
 * answer.
 */
import { covers } from '../routes/hono-middleware.ts'
import { plainRoute } from './route-changes.ts'
import { quoted } from '../quote.ts'

type Route = { readonly method: string; readonly path: string; readonly handler?: unknown }

/**
 * The plain-route names (`METHOD /path`) of a history whose routes the app (`routes`) registers, but where the
 * versioning middleware (`middleware`, whose `check(app)` reads them) does not run: it is registered nowhere in the
 * app (`app.use(versioning)` forgotten, or run inside a function of the app's own, which no check can read), no path
 * it is registered at covers theirs, or the route was registered before it. Nothing is said without the middleware
 * (`history.check(app)`), nor for a route table's names (its handlers run the versioning themselves), nor of a path
 * it cannot read.
 */
export function uncoveredRoutes({ routes, middleware }: { readonly routes: readonly Route[]; readonly middleware?: unknown }, names: Iterable<string>): string[] {
  if (middleware === undefined) return []
  const at = routes.filter((route) => route.handler === middleware)
  const out: string[] = []
  const unversioned: string[] = []
  for (const key of names) {
    const plain = plainRoute(key)
    if (plain === null) continue
    const [method, path] = plain
    const matches = (route: Route) => route.method === 'ALL' || route.method === method
    const first = routes.findIndex((route) => route.handler !== middleware && route.path === path && matches(route))
    if (first === -1) continue
    if (at.length === 0) {
      unversioned.push(quoted(key))
      continue
    }
    const covering = routes.findIndex((route) => route.handler === middleware && matches(route) && covers(route.path, path))
    if (covering === -1) {
      out.push(
        `versionHistory: ${quoted(key)} is a route the versioning middleware does not run for (it is registered at ${[...new Set(at.map((route) => route.path))].join(', ')}), so its older clients get the head's answer; register the middleware where it covers the route (app.use('*', versioning), or a prefix such as '${path.split('/').slice(0, 2).join('/')}/*').`,
      )
      continue
    }
    // Hono runs what a request matches in the order it was registered: the route's first registration (its handlers,
    // given together) answers before a middleware registered after it runs.
    const sameRegistration = (route: Route | undefined) => route !== undefined && route.path === path && route.method === routes[first]?.method && route.handler !== middleware
    let answers = first
    while (sameRegistration(routes[answers + 1])) answers++
    if (covering > answers) {
      out.push(
        `versionHistory: ${quoted(key)} is registered before the versioning middleware, so Hono answers it before the middleware runs and its older clients get the head's answer; register the middleware first (app.use('*', versioning) before the routes).`,
      )
    }
  }
  if (unversioned.length > 0) {
    out.push(
      `versionHistory: the versioning middleware is registered nowhere in the app that check can read (no app.use(versioning), nor among a route's handlers), so unless it runs inside a function of yours (hono/combine's except(), every() or some()), it does not run for ${unversioned.join(', ')}, which the history lays out or changes, and their older clients get the head's answer; register it before the routes (app.use('*', versioning)).`,
    )
  }
  return out
}
