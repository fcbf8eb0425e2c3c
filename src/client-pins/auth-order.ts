/**
 * What `check(app)` says of client pins that read the client from Hono's
 * `jwt()` (`jwtSubject`), where the app registers `jwt()` after the
 * versioning middleware: the pins look the client up before the handlers
 * run, so `jwt()` would verify it too late, and the first request it
 * verifies fails (a 500, client-pins.ts `misplaced`). Read by the names
 * functions have (Hono's `jwt`, this package's `jwtSubject`): code a
 * minifier renamed is not judged.
 */
import type { AppRoutes } from '../pipeline/extension.ts'
import { covers, honoName } from '../routes/hono-middleware.ts'

/** The routes of an app as Hono lists them, with their handlers. */
type Routes = readonly { readonly method: string; readonly path: string; readonly handler?: unknown }[]

/** A sentence for each `jwt()` registered after the versioning middleware (`app.middleware`) where both run for a path, when `client` is `jwtSubject`'s. */
export function jwtAfter(app: AppRoutes, client: unknown): string[] {
  if (typeof client !== 'function' || client.name !== 'jwtSubject') return []
  const routes = app.routes as Routes
  const first = app.middleware === undefined ? -1 : routes.findIndex((route) => route.handler === app.middleware)
  if (first === -1) return []
  const at = routes.filter((route) => route.handler === app.middleware).map((route) => route.path)
  const out = new Set<string>()
  for (const route of routes.slice(first + 1)) {
    if (honoName(route.handler) !== 'jwt' || !at.some((path) => covers(path, route.path) || covers(route.path, path))) continue
    out.add(
      `clientPins: the client is read from hono/jwt's payload (jwtSubject), but jwt() is registered after the versioning middleware (at ${route.path}): it verifies the token after the pinned version was chosen, so the first request it verifies fails (a 500). Register jwt() before the versioning middleware.`,
    )
  }
  return [...out]
}
