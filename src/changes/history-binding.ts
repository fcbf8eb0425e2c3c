/**
 * The checks of a history against the middleware it is given to, when the
 * middleware is made: the scheme allows exactly the history's versions, and
 * every table route the history names is in the middleware's table (and the
 * table came through `history.routes()` where a route's life changes). Each
 * mistake is an `Error` whose sentence says what to fix.
 */
import type { ExtensionTarget } from '../pipeline/extension.ts'
import { bare, quoted } from '../quote.ts'
import { methodRoute, plainRoute } from './route-changes.ts'

/** What of a history its binding checks read. */
export interface BoundHistory {
  readonly versions: readonly string[]
  /** Every route name the history uses (instructions and bodies). */
  readonly routeNames: ReadonlySet<string>
  /** Table routes added, removed or moved in some version. */
  readonly changingRoutes: Iterable<string>
  /** Table routes `history.routes()` rewrote. */
  readonly covered: ReadonlySet<string>
}

/** Throws the sentence of the first mistake binding `history` to `target` finds. */
export function checkBinding(where: string, target: ExtensionTarget, history: BoundHistory): void {
  const { scheme, routeNames } = target
  const { versions } = history
  if (scheme.allowedVersions === null) {
    throw new Error(`${where}: the scheme allows every version, but a history migrates only its own; give the scheme allowedVersions: [${versions.map((v) => quoted(v)).join(', ')}].`)
  }
  for (const version of versions) {
    if (scheme.resolveVersion(version) !== version) {
      throw new Error(`${where}: the history's version ${quoted(version)} is not one the scheme allows (${scheme.allowedVersions.filter((v) => v !== null).map((n) => bare(n)).join(', ')}); add it to allowedVersions or remove it from the history.`)
    }
  }
  for (const version of [...scheme.allowedVersions, scheme.defaultVersion]) {
    if (version !== null && !versions.includes(version)) {
      const known = versions.map((n) => bare(n)).join(', ')
      throw new Error(`${where}: the scheme allows version ${quoted(version)}, which the history does not list (${known}); add { version: ${quoted(version)} } at its place in versions.`)
    }
  }
  for (const key of history.routeNames) {
    const plain = plainRoute(key)
    if (plain !== null) {
      // A table's middleware finds a request's changes by its table route, and gives a route outside the table no version.
      if (routeNames === null) continue
      throw new Error(
        `${where}: the history names the plain route ${quoted(key)}, but ${target.where} versions its table's routes alone (a route outside the table gets no version, one in it is found by its name), so nothing the history declares for ${quoted(key)} would apply; name the table route at that path (${quoted(`${plain[0]} <route name>`)}), or give plain Hono routes a versionMiddleware of their own.`,
      )
    }
    const route = methodRoute(key)?.[1] ?? key
    if (routeNames === null) {
      throw new Error(`${where}: the history names the table route ${quoted(route)}, but ${target.where} has no route table; name plain Hono routes as "METHOD /path" ("GET /items/:id").`)
    }
    if (!routeNames.has(route)) {
      const names = [...routeNames].slice(0, 12).map((n) => bare(n)).join(', ')
      throw new Error(`${where}: the history names route ${quoted(route)}, which is not in the route table (${names}${routeNames.size > 12 ? ', ...' : ''}); fix the name or add the route.`)
    }
  }
  for (const route of history.changingRoutes) {
    if (!history.covered.has(route)) {
      throw new Error(
        `${where}: route ${quoted(route)} is added, removed or moved in some version; declare the table as defineRoutes(history.routes([...])) so that the table knows which versions have it.`,
      )
    }
  }
}
