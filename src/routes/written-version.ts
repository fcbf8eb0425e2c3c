/**
 * A route per version: a plain Hono route that writes its version in its
 * path (`app.get('/v1/special', ...)`) beside a versioning middleware
 * registered on a path with the version param (`/:version{v[0-9]+}/*`) is
 * answered in that version alone, as the middleware reads it from its own
 * param. `writtenVersion` reads such a path as the version param of that one
 * value (`/:version{v1}/special`), the form every reader of an app's routes
 * gives the model: the operations an app registers (hono/app-operations.ts:
 * `appModel`, `check(app)`), the documents of a head document and an app
 * (openapi/build.ts), and the versions a response reports
 * (hono/version-middleware.ts). Knows no scheme: the param's name is given.
 */

/** Whether a Hono path segment is the param `param` (`:version`, `:version{v[0-9]+}`, `:version?`). */
function isParam(segment: string, param: string): boolean {
  return segment.startsWith(`:${param}`) && /^[{?]?$/.test(segment.charAt(param.length + 1))
}

/** Whether a path of `entries` (Hono's `app.routes`) has the param `param` as one of its segments. */
function hasParam(path: string, param: string): boolean {
  return path.split('/').some((segment) => isParam(segment, param))
}

/**
 * The paths of Hono's `app.routes` that a versioning middleware is read as
 * registered on: each `ALL` entry with a wildcard whose path has the version
 * param `param` as a segment (`app.use('/:version{v[0-9]+}/*', versioning)`,
 * the prefix of a sub-app `app.route()` mounts included). Any middleware
 * registered there counts: the middleware that reads the version is
 * registered on such a path (none: `null` param, an empty list).
 */
export function versionedPaths(entries: Iterable<{ readonly method: string; readonly path: string }>, param: string | null): string[] {
  const out: string[] = []
  if (param === null) return out
  for (const { method, path } of entries) if (method === 'ALL' && typeof path === 'string' && path.includes('*') && hasParam(path, param) && !out.includes(path)) out.push(path)
  return out
}

/** Whether `segment` matches the pattern of a param segment (`:version{v[0-9]+}`: `v[0-9]+`); any segment without one, or with one that does not compile. */
function accepts(param: string, segment: string): boolean {
  const open = param.indexOf('{')
  try {
    return open === -1 || new RegExp(`^(?:${param.slice(open + 1, -1)})$`).test(segment)
  } catch {
    return true
  }
}

/**
 * A route's Hono `path` as the model reads its version, where the versioning
 * middleware is registered on `versioned` (Hono paths with the version param
 * `param`, such as `/:version{v[0-9]+}/*`): when the first of them that
 * covers the route (its segments before the version param match the
 * route's, a param matching any; the route's segment there one its pattern
 * accepts) has the version param where the route has a literal segment
 * (`/v1/special`, a route per version), that segment as the version param of
 * that one value (`/:version{v1}/special`); `null` when the route has
 * another param there, or a literal that cannot be written as such a pattern
 * (characters other than letters, digits, `_`, `-`, `.` and `~`): which
 * versions serve it cannot be said; else the path as it is (the route
 * carries the version param itself, or no middleware path covers it, or
 * `param` is `null`). Linear in the paths' lengths.
 */
export function writtenVersion(path: string, versioned: readonly string[], param: string | null): string | null {
  if (param === null) return path
  const segments = path.split('/')
  for (const own of versioned) {
    const owns = own.split('/')
    const at = owns.findIndex((segment) => isParam(segment, param))
    const segment = segments[at]
    // An empty segment (`/`): the param takes none, so the middleware does not run for the route.
    if (at === -1 || !segment || owns.slice(0, at).some((mine, i) => mine !== segments[i] && mine[0] !== ':' && segments[i]?.[0] !== ':')) continue
    if (isParam(segment, param)) return path
    if (segment[0] === ':') return null
    // A literal the middleware's pattern refuses: the middleware does not run for the route (not this path's).
    if (!accepts(owns[at] as string, segment)) continue
    if (!/^[\w.~-]+$/.test(segment)) return null
    segments[at] = `:${param}{${segment.replace(/\./g, '\\.')}}`
    return segments.join('/')
  }
  return path
}
