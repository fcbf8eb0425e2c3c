/**
 * Compiling a route list: each route flattened to its full name, path and
 * version limit, its path compiled once (pattern.ts), its format suffix too.
 */
import type { RouteDefinition, VersionLimit } from './definitions.ts'
import { compileRoutePath, escapeRegExp, type CompiledPath } from './pattern.ts'
import { quotedValue } from '../quote.ts'

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
  /** Matches a suffixed path; the suffix is its last group (a suffix pattern has none of its own). */
  readonly regexp: RegExp
  /** `^(?:pattern)$`. */
  readonly test: RegExp
  /** The Hono path of the suffixed form: the last segment's pattern extended with the suffix. */
  readonly honoPath: string
  /** The Hono param that holds the last segment with its suffix (a placeholder `format` when that segment is literal). */
  readonly honoParam: string
  /** Whether the path ends with `/` (the suffix goes before it). */
  readonly trailingSlash: boolean
  /** Splits that param's value into the segment (group 1) and the suffix (group 2). */
  readonly split: RegExp
}

/** Joins a prefix and a path as Hono's `app.route()` does (`/v1` + `/` is `/v1`). */
export function joinPaths(base: string, sub: string): string {
  return sub === '/' ? base || '/' : base.replace(/\/$/, '') + sub
}

/**
 * Every route of `definitions`, flattened in declaration order into `out`
 * (the rest: what the includes around them give); a mistake throws an
 * `Error` starting with `where`.
 */
export function compileRoutes(
  definitions: readonly RouteDefinition[],
  where: string,
  out: CompiledRoute[] = [],
  namespace: string | null = null,
  prefix = '',
  inherited: VersionLimit | null = null,
): CompiledRoute[] {
  for (const definition of definitions) {
    if (definition === null || typeof definition !== 'object') {
      throw new Error(`${where}: every entry must come from route(...) or include(...), got ${String(definition)}.`)
    }
    const route = definition.kind === 'route'
    if (!route && definition.kind !== 'include') throw new Error(`${where}: every entry must come from route(...) or include(...).`)
    const label = route ? `route ${quotedValue(definition.name)}` : `include(${quotedValue(definition.prefix)})`
    // A definition's own limit (one inside an include already holds that include's), else the include's.
    const limit = (): VersionLimit | null => {
      const own = definition.limit
      if (own?.conflict !== undefined) throw new Error(`${where}: ${label}: ${own.conflict}`)
      return own ?? inherited
    }
    if (route) {
      const { name, path } = definition
      checkName(name, `${where}: the name of ${label}`)
      if (typeof path !== 'string' || path[0] !== '/') {
        throw new Error(`${where}: the path of ${label} must start with "/", got ${quotedValue(path)}.`)
      }
      const fullPath = joinPaths(prefix, path)
      const compiled = compileRoutePath(fullPath, `${where}: ${label} (${fullPath})`)
      const viewName = namespace === null ? name : `${namespace}:${name}`
      const format = compileFormat(fullPath, compiled, definition.formats, `${where}: ${label}`)
      const own = limit()
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
    } else {
      const { prefix: sub, routes, namespace: ns } = definition
      if (typeof sub !== 'string' || sub[0] !== '/') {
        throw new Error(`${where}: an include prefix must start with "/", got ${quotedValue(sub)}.`)
      }
      if (ns !== undefined) checkName(ns, `${where}: the namespace of ${label}`)
      if (!Array.isArray(routes)) throw new Error(`${where}: ${label} takes an array of routes.`)
      compileRoutes(routes, where, out, ns === undefined ? namespace : namespace === null ? ns : `${namespace}:${ns}`, joinPaths(prefix, sub), limit())
    }
  }
  return out
}

function checkName(name: unknown, what: string): asserts name is string {
  if (typeof name !== 'string' || name === '' || name.includes(':')) {
    throw new Error(`${what} must be a non-empty string without ":" (":" joins namespaces), got ${quotedValue(name)}.`)
  }
}

function compileFormat(path: string, compiled: CompiledPath, formats: true | readonly string[] | null, where: string): CompiledFormat | null {
  if (formats === null) return null
  if (compiled.paramNames.has('format')) {
    throw new Error(`${where}: a route with format suffixes cannot also have a ":format" parameter.`)
  }
  if (formats !== true && (!Array.isArray(formats) || formats.length === 0 || formats.some((f) => typeof f !== 'string' || !/^[A-Za-z0-9_-]+$/.test(f)))) {
    throw new Error(`${where}: formats must be true or a non-empty list of suffixes such as ["json", "api"].`)
  }
  // (Listed suffixes hold no character a regular expression would need escaped.)
  const pattern = formats === true ? '[a-z0-9]+' : formats.join('|')
  const { params, source } = compiled
  const last = params[params.length - 1]
  if (last?.optional === true) {
    throw new Error(`${where}: format suffixes cannot follow an optional parameter (":${last.name}?"); make it required or drop formats.`)
  }
  // The suffix goes after the last segment, before a trailing slash (as DRF does).
  const trailingSlash = path.length > 1 && path.endsWith('/')
  const body = trailingSlash ? path.slice(0, -1) : path
  const tail = trailingSlash ? '/' : ''
  const slash = body.lastIndexOf('/') + 1
  const segment = body.slice(slash)
  // Hono's param for the suffixed segment: the last param when it is that whole segment, else a placeholder.
  const own = last !== undefined && (segment === `:${last.name}` || segment === `:${last.name}{${last.pattern}}`)
  const honoParam = own ? last.name : 'format'
  return {
    pattern,
    regexp: RegExp(`^${trailingSlash ? source.slice(0, -1) : source}\\.(${pattern})${tail}$`),
    test: RegExp(`^(?:${pattern})$`),
    honoPath: `${body.slice(0, slash)}:${honoParam}{${own ? `(?:${last.pattern})` : escapeRegExp(segment)}\\.(?:${pattern})}${tail}`,
    honoParam,
    trailingSlash,
    split: RegExp(`^([\\s\\S]*)\\.(${pattern})$`),
  }
}
