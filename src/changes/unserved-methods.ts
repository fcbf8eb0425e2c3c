/**
 * The history's names of a table route for one method (`PUT products`) whose
 * route the app mounts with `mountRoutes`, but not for that method: the
 * layouts and changes given for it apply to no request, and the method meant
 * (a PATCH written as PUT) gets the route's own, or none.
 */
import { methodRoute } from './route-changes.ts'
import { wrappedBy } from './wrapped-handlers.ts'
import { quoted } from '../quote.ts'

/** A route of an app as Hono lists it. */
interface ListedRoute {
  readonly method: string
  readonly path: string
  readonly handler?: unknown
}

/** Sentences naming each `METHOD name` of `names` whose route `routes` mount with `mountRoutes`, never for that method. */
export function unservedMethods(routes: readonly ListedRoute[], names: Iterable<string>): string[] {
  // Each table route mountRoutes mounts (by its name and its namespaced name): its methods and paths.
  const mounted = new Map<string, { methods: Set<string>; paths: Set<string> }>()
  for (const { handler } of routes) {
    for (const own of wrappedBy(handler) ?? []) {
      for (const name of new Set([own.route.name, own.route.viewName])) {
        const entry = mounted.get(name) ?? { methods: new Set<string>(), paths: new Set<string>() }
        entry.methods.add(own.method)
        entry.paths.add(own.route.path)
        mounted.set(name, entry)
      }
    }
  }
  const out: string[] = []
  for (const key of names) {
    const one = methodRoute(key)
    const entry = one === null ? undefined : mounted.get(one[1])
    if (one === null || entry === undefined || entry.methods.has(one[0]) || entry.methods.has('ALL')) continue
    // A handler of the app's own at the route's path serves the method too.
    if (routes.some((route) => entry.paths.has(route.path) && (route.method === one[0] || route.method === 'ALL') && wrappedBy(route.handler) === undefined)) continue
    out.push(
      `versionHistory: ${quoted(key)} names route ${quoted(one[1])} for ${one[0]}, but mountRoutes serves it for ${[...entry.methods].sort().join(', ')} only; name a method it serves, or what is declared for ${quoted(key)} applies to no request.`,
    )
  }
  return out
}
