/**
 * Compiling a route list: each route flattened to its full name, path and
 * version limit, its path compiled once (pattern.ts), its format suffix too.
 */
import type { RouteDefinition, VersionLimit } from './definitions.ts'
import { compilePath, escapeRegExp, type CompiledPath } from './pattern.ts'

/** A compiled route of a table. */
export interface CompiledRoute {
  /** The route's own name (`user-detail`). */
  readonly name: string
  /** Its namespace (`api:v1`), or `null`. */
  readonly namespace: string | null
  /** The namespaced name (`api:v1:user-detail`), which `reverse` takes. */
  readonly viewName: string
  /** The names that can stand for it, most specific first: `api:v1:user-detail`, `v1:user-detail`, `user-detail`. */
  readonly names: readonly string[]
  /** The full path in Hono syntax (`/api/v1/users/:pk{[0-9]+}`). */
  readonly path: string
  readonly compiled: CompiledPath
  /** With format suffixes allowed: how suffixed paths are matched, tested, and mounted on Hono. */
  readonly format: CompiledFormat | null
  /** The Hono paths that serve this route: its path, and its suffixed form when it takes formats. */
  readonly honoPaths: readonly string[]
  /** The versions the route exists in (`versioned()`, `versionNeutral()`), or `null` for every version. */
  readonly limit: VersionLimit | null
}

/** The format suffix of a route. */
export interface CompiledFormat {
  /** The pattern of a suffix (`[a-z0-9]+` or `json|csv`). */
  readonly pattern: string
  /** Matches a suffixed path; the suffix is group `group`. */
  readonly regexp: RegExp
  readonly group: number
  /** `^(?:pattern)$`. */
  readonly test: RegExp
  /** The Hono path of the suffixed form: the last segment's pattern extended with the suffix. */
  readonly honoPath: string
  /** The Hono param that holds the last segment with its suffix (a placeholder `format` when that segment is literal). */
  readonly honoParam: string
  /** Splits that param's value into the segment (group 1) and the suffix (group 2). */
  readonly split: RegExp
}

const DEFAULT_FORMAT_PATTERN = '[a-z0-9]+'

/** Joins a prefix and a path as Hono's `app.route()` does (`/v1` + `/` is `/v1`). */
export function joinPaths(base: string, sub: string): string {
  if (sub === '/') return base === '' ? '/' : base
  return `${base.endsWith('/') ? base.slice(0, -1) : base}${sub}`
}

/** Every route of `definitions`, flattened in declaration order; a mistake throws an `Error` starting with `where`. */
export function compileRoutes(definitions: readonly RouteDefinition[], where: string): CompiledRoute[] {
  const out: CompiledRoute[] = []
  flatten(definitions, null, '', null, out, where)
  return out
}

function flatten(
  definitions: readonly RouteDefinition[],
  namespace: string | null,
  prefix: string,
  limit: VersionLimit | null,
  out: CompiledRoute[],
  where: string,
): void {
  for (const definition of definitions) {
    if (definition === null || typeof definition !== 'object') {
      throw new Error(`${where}: every entry must come from route(...) or include(...), got ${String(definition)}.`)
    }
    if (definition.kind === 'route') {
      const { name, path, formats } = definition
      const label = `route "${typeof name === 'string' ? name : String(name)}"`
      checkName(name, `${where}: the name of ${label}`)
      if (typeof path !== 'string' || path[0] !== '/') {
        throw new Error(`${where}: the path of ${label} must start with "/", got ${JSON.stringify(path)}.`)
      }
      const fullPath = joinPaths(prefix, path)
      const compiled = compilePath(fullPath, `${where}: ${label} (${fullPath})`)
      const viewName = namespace === null ? name : `${namespace}:${name}`
      const format = compileFormat(compiled, formats, `${where}: ${label}`)
      const own = ownLimit(definition.limit, limit, `${where}: ${label}`)
      out.push(
        Object.freeze({
          name,
          namespace,
          viewName,
          names: Object.freeze(viewName.split(':').map((_, i, parts) => parts.slice(i).join(':'))),
          path: fullPath,
          compiled,
          format,
          honoPaths: Object.freeze(format === null ? [fullPath] : [fullPath, format.honoPath]),
          limit: own,
        }),
      )
    } else if (definition.kind === 'include') {
      const { prefix: sub, routes, namespace: ns } = definition
      if (typeof sub !== 'string' || sub[0] !== '/') {
        throw new Error(`${where}: an include prefix must start with "/", got ${JSON.stringify(sub)}.`)
      }
      if (ns !== undefined) checkName(ns, `${where}: the namespace of include("${sub}")`)
      if (!Array.isArray(routes)) throw new Error(`${where}: include("${sub}") takes an array of routes.`)
      const nested = ns === undefined ? namespace : namespace === null ? ns : `${namespace}:${ns}`
      const own = ownLimit(definition.limit, limit, `${where}: include("${sub}")`)
      flatten(routes, nested, joinPaths(prefix, sub), own, out, where)
    } else {
      throw new Error(`${where}: every entry must come from route(...) or include(...).`)
    }
  }
}

/** A definition's own limit (one inside an include already holds that include's), else the include's. */
function ownLimit(own: VersionLimit | undefined, inherited: VersionLimit | null, label: string): VersionLimit | null {
  if (own?.conflict !== undefined) throw new Error(`${label}: ${own.conflict}`)
  return own ?? inherited
}

function checkName(name: unknown, what: string): asserts name is string {
  if (typeof name !== 'string' || name === '' || name.includes(':')) {
    throw new Error(`${what} must be a non-empty string without ":" (":" joins namespaces), got ${JSON.stringify(name)}.`)
  }
}

function compileFormat(compiled: CompiledPath, formats: true | readonly string[] | null, where: string): CompiledFormat | null {
  if (formats === null) return null
  if (compiled.paramNames.has('format')) {
    throw new Error(`${where}: a route with format suffixes cannot also have a ":format" parameter.`)
  }
  let pattern = DEFAULT_FORMAT_PATTERN
  if (formats !== true) {
    if (!Array.isArray(formats) || formats.length === 0 || formats.some((f) => typeof f !== 'string' || !/^[A-Za-z0-9_-]+$/.test(f))) {
      throw new Error(`${where}: formats must be true or a non-empty list of suffixes such as ["json", "api"].`)
    }
    pattern = formats.map(escapeRegExp).join('|')
  }
  const { path, params, source, trailingSlash, groupCount } = compiled
  const last = params[params.length - 1]
  if (last?.optional === true) {
    throw new Error(`${where}: format suffixes cannot follow an optional parameter (":${last.name}?"); make it required or drop formats.`)
  }
  // The suffix goes after the last segment, before a trailing slash (as DRF does).
  const body = trailingSlash ? path.slice(0, -1) : path
  const tail = trailingSlash ? '/' : ''
  const suffix = `\\.(?:${pattern})`
  const slash = body.lastIndexOf('/')
  const segment = body.slice(slash + 1)
  let honoPath: string
  let honoParam: string
  if (last !== undefined && (segment === `:${last.name}` || segment === `:${last.name}{${last.pattern}}`)) {
    honoParam = last.name
    honoPath = `${body.slice(0, slash + 1)}:${last.name}{(?:${last.pattern})${suffix}}${tail}`
  } else {
    honoParam = 'format'
    honoPath = `${body.slice(0, slash + 1)}:format{${escapeRegExp(segment)}${suffix}}${tail}`
  }
  return {
    pattern,
    regexp: new RegExp(`^${trailingSlash ? source.slice(0, -1) : source}\\.(${pattern})${tail}$`),
    group: groupCount + 1,
    test: new RegExp(`^(?:${pattern})$`),
    honoPath,
    honoParam,
    split: new RegExp(`^([\\s\\S]*)\\.(${pattern})$`),
  }
}
