/**
 * Named routes for Hono, which has none: declare routes with `route`, group
 * them under a prefix and an optional namespace with `include`, and compile
 * the whole table once with `defineRoutes`. The table resolves a path to its
 * match (name, namespace, params) and reverses a name to a URL.
 */
import { NoReverseMatch } from '../errors.ts'
import { originOf } from '../http/request-url.ts'
import { compilePath, escapeRegExp, type CompiledPath, type PathParam } from './pattern.ts'
import type {
  BaseReverseOptions,
  KwargsOf,
  ParamValue,
  ReverseRest,
  RouteEntry,
} from './types.ts'
import type { VersionLimit } from './versions.ts'

/** Options of one route. */
export interface RouteOptions {
  /**
   * Allow a format suffix (`/users/1.json`), as DRF's `format_suffix_patterns`:
   * `true` for any `[a-z0-9]+` suffix, or the list of allowed suffixes.
   * The suffix is captured as the `format` param.
   * @default undefined (no suffix)
   */
  readonly formats?: true | readonly string[] | undefined
}

/** Options of an include. */
export interface IncludeOptions<NS extends string | undefined = string | undefined> {
  /** The namespace of the included routes (nested ones join with `:`). */
  readonly namespace?: NS
}

/** A declared route. */
export interface RouteDef<N extends string = string, P extends string = string> {
  readonly kind: 'route'
  readonly name: N
  readonly path: P
  readonly formats: true | readonly string[] | null
  /** The versions it exists in (`versioned()`, `versionNeutral()`). */
  readonly limit?: VersionLimit | undefined
}

/** A group of routes under a prefix, optionally namespaced. */
export interface AnyIncludeDef {
  readonly kind: 'include'
  readonly prefix: string
  readonly routes: readonly RouteDefinition[]
  readonly namespace: string | undefined
  /** The versions its routes exist in (`versioned()`, `versionNeutral()`). */
  readonly limit?: VersionLimit | undefined
}

/** A typed group of routes under a prefix, optionally namespaced. */
export interface IncludeDef<
  P extends string,
  C extends readonly RouteDefinition[],
  NS extends string | undefined,
> extends AnyIncludeDef {
  readonly prefix: P
  readonly routes: C
  readonly namespace: NS
}

/** Anything a route list holds. */
export type RouteDefinition = RouteDef | AnyIncludeDef

/** The flattened entries (full name, full path) of a route list, for the type system. */
export type FlattenRoutes<D extends readonly RouteDefinition[], NS extends string = '', Pre extends string = ''> = FlattenOne<
  D[number],
  NS,
  Pre
>

type FlattenOne<X, NS extends string, Pre extends string> =
  X extends RouteDef<infer N, infer P>
    ? { readonly name: `${NS}${N}`; readonly path: `${Pre}${P}` }
    : X extends AnyIncludeDef
      ? readonly RouteDefinition[] extends X['routes']
        ? RouteEntry // a list not known at compile time
        : FlattenRoutes<X['routes'], X['namespace'] extends string ? `${NS}${X['namespace']}:` : NS, `${Pre}${X['prefix']}`>
      : never

/** The flattened entries of a table type: `RouteEntriesOf<typeof routes>`. */
export type RouteEntriesOf<T> = T extends RouteTable<infer E> ? E : never

/** Options of a route table. */
export interface RouteTableOptions {
  /**
   * The query parameter that overrides the response format (DRF's
   * `URL_FORMAT_OVERRIDE`). An incoming value is preserved on URLs reversed
   * for that request by the versioned `reverse`. `null` turns this off.
   * @default 'format'
   */
  readonly formatQueryParam?: string | null | undefined
}

/** A compiled route of a table. */
export interface CompiledRoute {
  /** The route's own name (`user-detail`). */
  readonly name: string
  /** Its namespace (`api:v1`), or `null`. */
  readonly namespace: string | null
  /** The namespaced name (`api:v1:user-detail`), which `reverse` takes. */
  readonly viewName: string
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

/** The route a path resolved to. */
export interface RouteMatch {
  /** The route's own name. */
  readonly name: string
  /** The namespace the route is included under (`api:v1`), or `null`. */
  readonly namespace: string | null
  /** The namespaced name. */
  readonly viewName: string
  /** Decoded parameter values, including `format` when a suffix matched. */
  readonly params: Readonly<Record<string, string>>
  /** The full path pattern that matched. */
  readonly path: string
}

/** Parameters of an untyped reversal. */
export interface UncheckedReverseOptions extends BaseReverseOptions {
  readonly args?: readonly ParamValue[] | undefined
  readonly kwargs?: Readonly<Record<string, ParamValue | undefined>> | undefined
}

/**
 * Declares a named route in Hono path syntax.
 *
 * @example
 * ```ts
 * route('user-detail', '/users/:pk{[0-9]+}', { formats: ['json'] })
 * ```
 */
export function route<const N extends string, const P extends string>(name: N, path: P, options?: RouteOptions): RouteDef<N, P> {
  const formats = options?.formats
  return Object.freeze({ kind: 'route', name, path, formats: formats === undefined ? null : formats })
}

/**
 * Groups routes under a path prefix, optionally in a namespace; includes nest,
 * and nested namespaces join with `:` (`api:v1`).
 *
 * @example
 * ```ts
 * include('/v1', [route('user-list', '/users')], { namespace: 'v1' })
 * ```
 */
export function include<
  const P extends string,
  const C extends readonly RouteDefinition[],
  const NS extends string | undefined = undefined,
>(prefix: P, routes: C, options?: IncludeOptions<NS>): IncludeDef<P, C, NS> {
  return Object.freeze({ kind: 'include', prefix, routes, namespace: options?.namespace as NS })
}

/**
 * Compiles a route list into a table. Declared as a constant, the table types
 * `reverse`: a wrong name or a missing or unknown param is a type error.
 *
 * @example
 * ```ts
 * const routes = defineRoutes([
 *   route('home', '/'),
 *   include('/v1', [route('user-detail', '/users/:pk{[0-9]+}')], { namespace: 'v1' }),
 * ])
 * routes.reverse('v1:user-detail', { kwargs: { pk: 3 } }) // '/v1/users/3'
 * ```
 */
export function defineRoutes<const D extends readonly RouteDefinition[]>(
  routes: D,
  options?: RouteTableOptions,
): RouteTable<FlattenRoutes<D>> {
  return new RouteTable(routes, options)
}

/** Joins a prefix and a path as Hono's `app.route()` does (`/v1` + `/` is `/v1`). */
export function joinPaths(base: string, sub: string): string {
  if (sub === '/') return base === '' ? '/' : base
  return `${base.endsWith('/') ? base.slice(0, -1) : base}${sub}`
}

const DEFAULT_FORMAT_PATTERN = '[a-z0-9]+'

/** A compiled route table. Build it with `defineRoutes`. */
export class RouteTable<E extends RouteEntry = RouteEntry> {
  /** Every route in declaration order. */
  readonly routes: readonly CompiledRoute[]
  /** The format override query parameter, or `null`. */
  readonly formatQueryParam: string | null
  readonly #byName: Map<string, CompiledRoute[]>

  constructor(definitions: readonly RouteDefinition[], options: RouteTableOptions = {}) {
    if (!Array.isArray(definitions)) {
      throw new Error('defineRoutes: pass an array of route(...) and include(...) entries.')
    }
    const formatQueryParam = options.formatQueryParam === undefined ? 'format' : options.formatQueryParam
    if (formatQueryParam !== null && (typeof formatQueryParam !== 'string' || formatQueryParam === '')) {
      throw new Error('defineRoutes: formatQueryParam must be a non-empty string, or null to turn it off.')
    }
    this.formatQueryParam = formatQueryParam
    const routes: CompiledRoute[] = []
    flatten(definitions, null, '', null, routes, 'defineRoutes')
    this.routes = Object.freeze(routes)
    this.#byName = new Map()
    // Django tries the routes of one name from the last declared to the first.
    for (let i = routes.length - 1; i >= 0; i--) {
      const compiled = routes[i] as CompiledRoute
      const list = this.#byName.get(compiled.viewName)
      if (list === undefined) this.#byName.set(compiled.viewName, [compiled])
      else list.push(compiled)
    }
  }

  /** The routes of a namespaced name, in the order reversal tries them (last declared first). */
  routesNamed(name: string): readonly CompiledRoute[] {
    return this.#byName.get(name) ?? []
  }

  /**
   * The first route, in declaration order, whose path matches `pathname`
   * (percent-decoded as Hono does), or `null`.
   */
  resolve(pathname: string): RouteMatch | null {
    const path = decodePath(pathname)
    for (const compiled of this.routes) {
      const match = matchDecoded(compiled, path)
      if (match !== null) return match
    }
    return null
  }

  /**
   * The default reversal: the URL of the named route (`'/v1/users/3'`), absolute
   * on the request's origin when `request` is given. Throws `NoReverseMatch`
   * when no route of that name accepts the parameters.
   */
  reverse<const N extends E['name']>(name: N, ...options: ReverseRest<KwargsOf<E, N>, BaseReverseOptions>): string
  reverse(name: string, options?: UncheckedReverseOptions): string {
    return this.reverseUnchecked(name, options)
  }

  /** `reverse` for names and parameters known only at run time. */
  reverseUnchecked(name: string, options: UncheckedReverseOptions = {}): string {
    const { args, kwargs, format, request, version } = options
    const given = args ?? kwargs
    const candidates = this.#byName.get(name)
    if (candidates === undefined) throw new NoReverseMatch(name, given, `no route is named "${name}".`)
    if (args !== undefined && kwargs !== undefined) {
      throw new NoReverseMatch(name, given, 'give either args or kwargs, not both.')
    }
    let reasons: string[] | undefined
    for (const candidate of candidates) {
      const refusal = version == null ? null : (candidate.limit?.refusal(version) ?? null)
      const built = refusal === null ? buildPath(candidate, args, kwargs, format) : new Refusal(refusal)
      if (typeof built === 'string') return request === undefined ? built : originOf(request.url) + built
      ;(reasons ??= []).push(candidates.length === 1 ? built.reason : `${candidate.path}: ${built.reason}`)
    }
    const reason = candidates.length === 1 ? (reasons?.[0] as string) : `tried ${candidates.length} routes (${reasons?.join('; ')}).`
    throw new NoReverseMatch(name, given, reason)
  }
}

function matchDecoded(compiled: CompiledRoute, path: string): RouteMatch | null {
  let found = compiled.compiled.regexp.exec(path)
  let format: string | undefined
  if (found === null && compiled.format !== null) {
    found = compiled.format.regexp.exec(path)
    if (found !== null) format = found[compiled.format.group]
  }
  if (found === null) return null
  const params: Record<string, string> = Object.create(null) as Record<string, string>
  for (const param of compiled.compiled.params) {
    const raw = found[param.group]
    if (raw !== undefined) params[param.name] = tryDecode(raw, decodeURIComponent)
  }
  if (format !== undefined) params['format'] = format
  return { name: compiled.name, namespace: compiled.namespace, viewName: compiled.viewName, params, path: compiled.path }
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
      const own = definition.limit === undefined ? limit : definition.limit.within(limit, `${where}: ${label}`)
      out.push(
        Object.freeze({
          name,
          namespace,
          viewName,
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
      const own = definition.limit === undefined ? limit : definition.limit.within(limit, `${where}: include("${sub}")`)
      flatten(routes, nested, joinPaths(prefix, sub), own, out, where)
    } else {
      throw new Error(`${where}: every entry must come from route(...) or include(...).`)
    }
  }
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

/** Why a route did not accept the parameters (allocated only on failure). */
class Refusal {
  readonly reason: string
  constructor(reason: string) {
    this.reason = reason
  }
}

/** The path of `candidate` for these parameters, or why not. */
function buildPath(
  candidate: CompiledRoute,
  args: readonly ParamValue[] | undefined,
  kwargs: Readonly<Record<string, ParamValue | undefined>> | undefined,
  format: string | undefined,
): string | Refusal {
  const { params, paramNames, literals, prefixes, trailingSlash, requiredCount } = candidate.compiled
  if (args !== undefined) {
    if (!Array.isArray(args)) return new Refusal('args must be an array.')
    if (args.length < requiredCount || args.length > params.length) {
      return new Refusal(`takes ${requiredCount === params.length ? requiredCount : `${requiredCount} to ${params.length}`} args, got ${args.length}.`)
    }
  } else if (kwargs !== undefined && (kwargs === null || typeof kwargs !== 'object')) {
    return new Refusal('kwargs must be an object.')
  }
  let path = literals[0] as string
  // Own kwargs used: when as many as kwargs has, none is unknown (checked without walking the keys).
  let used = 0
  for (let i = 0; i < params.length; i++) {
    const param = params[i] as PathParam
    let value: unknown
    if (args !== undefined) value = args[param.index]
    else if (kwargs !== undefined) {
      value = kwargs[param.name]
      if (value !== undefined) {
        if (Object.hasOwn(kwargs, param.name)) used++
        else if (param.inherited) value = undefined
      }
    }
    let refusal: Refusal | undefined
    if (value === undefined) {
      if (!param.optional) refusal = new Refusal(`missing parameter "${param.name}".`)
    } else {
      const encoded = encodeParam(param, value)
      if (encoded instanceof Refusal) refusal = encoded
      else path += (prefixes[i] as string) + encoded
    }
    // An unknown parameter is the first thing to report.
    if (refusal !== undefined) return (kwargs !== undefined && unknownParam(kwargs, paramNames, params)) || refusal
    path += literals[i + 1] as string
  }
  if (kwargs !== undefined && used !== Object.keys(kwargs).length) {
    const unknown = unknownParam(kwargs, paramNames, params)
    if (unknown !== null) return unknown
  }
  if (path === '') path = '/'
  if (format !== undefined) {
    if (candidate.format === null) return new Refusal('the route takes no format suffix.')
    if (typeof format !== 'string' || !candidate.format.test.test(format)) {
      return new Refusal(`format must match ${candidate.format.pattern}.`)
    }
    path = trailingSlash ? `${path.slice(0, -1)}.${format}/` : `${path}.${format}`
  }
  return path
}

/** The refusal of a kwarg the route does not take (an own key with a value), or `null`. */
function unknownParam(kwargs: Readonly<Record<string, unknown>>, paramNames: ReadonlySet<string>, params: readonly PathParam[]): Refusal | null {
  for (const key of Object.keys(kwargs)) {
    if (kwargs[key] !== undefined && !paramNames.has(key)) return new Refusal(`unknown parameter "${key}" (it takes ${describeNames(params)}).`)
  }
  return null
}

/** The encoded value of a param, or why it cannot take it. */
function encodeParam(param: PathParam, value: unknown): string | Refusal {
  let text: string
  if (typeof value === 'string') text = value
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value)
  else return new Refusal(`"${param.name}" must be a string or a finite number.`)
  if (param.anySegment ? text === '' || text.includes('/') : !param.test.test(text)) {
    return new Refusal(`"${param.name}" must match ${param.pattern}, got ${preview(text)}.`)
  }
  if (text === '.' || text === '..') {
    return new Refusal(`"${param.name}" cannot be "." or "..", which would change the path.`)
  }
  // Text encodeURIComponent would leave as it is needs no encoding (ids, slugs): skip the copy.
  if (UNESCAPED.test(text)) return text
  try {
    return encodeURIComponent(text)
  } catch {
    return new Refusal(`"${param.name}" is not well-formed Unicode.`)
  }
}

/** The characters encodeURIComponent leaves unescaped. */
const UNESCAPED = /^[A-Za-z0-9_.!~*'()-]*$/

function describeNames(params: readonly PathParam[]): string {
  return params.length === 0 ? 'no parameters' : params.map((p) => `"${p.name}"`).join(', ')
}

function preview(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text)
}

/**
 * Decodes a pathname as Hono's router sees it: `decodeURI` (reserved
 * characters such as `%2F` stay escaped), with `%25` kept escaped so that
 * params are decoded exactly once.
 */
function decodePath(pathname: string): string {
  return tryDecode(pathname.includes('%25') ? pathname.replace(/%25/g, '%2525') : pathname, decodeURI)
}

/** Decodes `text`; when that fails, each run of escapes on its own, keeping the runs that do not decode (as Hono does). */
function tryDecode(text: string, decode: (s: string) => string): string {
  if (!text.includes('%')) return text
  try {
    return decode(text)
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decode(run)
      } catch {
        return run
      }
    })
  }
}
