/**
 * The names a history may give the routes of a sub-app that runs its own
 * `versionMiddleware` (`app.route('/api', sub)` with `sub.use('*',
 * versioning)`): `METHOD /path` as that sub-app registers them, beside the
 * app's own full path, as the middleware reads them (hono/mount-base.ts
 * `namedPaths`, under the prefix of the sub-app the middleware runs in). The
 * documents read the root app, so they find those sub-apps themselves, as
 * the history's `check(app)` does (routes/mounted-apps.ts `middlewareBases`).
 */
import { pathsInside } from '../routes/mounted-apps.ts'
import { openAPIPathOf } from './paths.ts'
import { plainName, type SourceOperation } from './sources.ts'

/** `operations`, each under a sub-app at `bases` also named `METHOD /path` as that sub-app registers it. */
export function withMountedNames(operations: readonly SourceOperation[], bases: readonly string[]): SourceOperation[] {
  if (bases.length === 0) return [...operations]
  return operations.map((source) => {
    const inside = pathsInside(source.path, bases, openAPIPathOf).map((path) => plainName(source.method, path))
    const added = inside.filter((name) => !source.names.includes(name))
    return added.length === 0 ? source : { ...source, names: [...source.names, ...added] }
  })
}
