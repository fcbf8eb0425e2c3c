/**
 * Building paths for reversal: the first route of a name that takes the
 * given parameters (in a version, with a param the version fills) gives the
 * path; otherwise the reasons, without throwing.
 */
import type { CompiledRoute } from './compile.ts'
import type { CompiledPath, PathParam } from './pattern.ts'
import { quoted, quotedValue } from '../quote.ts'
import type { ParamValue } from './types.ts'

/** Why no route accepted the parameters (allocated only on failure). */
export interface Refusal {
  readonly reason: string
  /** Whether some route was tried (`false`: no route of the name, or none that takes the filled param). */
  readonly tried: boolean
}

/** A refusal for `reason`. */
export const refuse = (reason: string, tried = true): Refusal => ({ reason, tried })

/** What a reversal fills a path with. */
export interface PathArguments {
  /** Positional values, in the order of the path's params. */
  readonly args?: readonly ParamValue[] | undefined
  /** Values by param name. */
  readonly kwargs?: Readonly<Record<string, ParamValue | undefined>> | undefined
  /** A format suffix such as `json`, for routes declared with `formats`. */
  readonly format?: string | undefined
}

/**
 * The path of the first of `candidates` (in order) that exists in `version`
 * (`null`: any) and takes `params`, or why none did. `fill`: a param that
 * takes `version` itself (URL-path versioning); then only routes that have it
 * are candidates, and `args` fill the other params in order.
 */
export function buildFirst(
  candidates: readonly CompiledRoute[],
  params: PathArguments,
  version: string | null | undefined,
  fill: string | null,
): string | Refusal {
  if (params.args !== undefined && params.kwargs !== undefined) return refuse('give either args or kwargs, not both.')
  const kwargs = params.kwargs
  // The own enumerable keys of kwargs, read once.
  const keys = kwargs !== null && typeof kwargs === 'object' ? Object.keys(kwargs) : undefined
  let reasons: string[] | undefined
  let reason = ''
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i] as CompiledRoute
    // (A param to fill comes with a version: RouteTable.build.)
    if (fill !== null && !candidate.compiled.paramNames.has(fill)) continue
    const versions = candidate.limit?.versions
    const built =
      version == null || versions == null || versions.has(version)
        ? buildPath(candidate, params, keys, fill, version)
        : refuse(`the route does not exist in version ${quoted(version as string)} (its versions are ${[...versions].join(', ')}).`)
    if (typeof built === 'string') return built
    ;(reasons ??= []).push(`${candidate.path}: ${(reason = built.reason)}`)
  }
  // None tried: every candidate lacked the filled param (a table lists no name without routes).
  if (reasons === undefined) return refuse(`no route of that name takes ${quotedValue(fill)}.`, false)
  // One route tried: its reason alone.
  return refuse(reasons.length === 1 ? reason : `tried ${reasons.length} routes (${reasons.join('; ')}).`)
}

/** The path of `candidate` for `given` (`fill` taking `fillValue`), or why not; `keys`: the own enumerable keys of its kwargs. */
function buildPath(
  candidate: CompiledRoute,
  given: PathArguments,
  keys: readonly string[] | undefined,
  fill: string | null,
  fillValue: string | null | undefined,
): string | Refusal {
  const { args, kwargs } = given
  const compiled = candidate.compiled
  const { params, literals, heads } = compiled
  const count = params.length
  if (args !== undefined) {
    // Only the last param can be optional; the filled one takes no arg.
    if (!Array.isArray(args)) return refuse('args must be an array.')
    const last = params[count - 1]
    const most = fill === null ? count : count - 1
    const least = last?.optional && last.name !== fill ? most - 1 : most
    if (args.length < least || args.length > most) return refuse(`takes ${least === most ? least : `${least} to ${most}`} args, got ${args.length}.`)
  } else if (kwargs !== undefined && keys === undefined) return refuse('kwargs must be an object.')
  let path = ''
  // Own kwargs used: when as many as kwargs has, none is unknown.
  let used = 0
  // The next positional value (args skip the filled param).
  let next = 0
  for (let i = 0; i < count; i++) {
    const param = params[i] as PathParam
    const name = param.name
    let value: unknown
    if (keys === undefined) value = name === fill ? fillValue : args?.[next++]
    else {
      value = (kwargs as Readonly<Record<string, unknown>>)[name]
      // Own: at its place when kwargs lists the params in order (no lookup), or anywhere.
      if (value !== undefined && (keys[used] === name || Object.hasOwn(kwargs as object, name))) used++
      else if (param.inherited) value = undefined
      if (name === fill) value = fillValue
    }
    // A finite number as its text.
    if (typeof value === 'number' && value - value === 0) value = `${value}`
    // Most values (ids, slugs) are strings the pattern takes and encodeURIComponent leaves as they are: one test, no copy.
    if (typeof value === 'string' && value !== '' && !param.unplain.test(value) && value !== '.' && value !== '..') path += (heads[i] as string) + value
    else if (value !== undefined || !param.optional) {
      const encoded = encodeParam(param, value)
      // An unknown parameter is the first thing to report.
      if (typeof encoded !== 'string') return unknownParam(kwargs, keys, compiled, -1) ?? encoded
      path += (heads[i] as string) + encoded
    } else path += literals[i] as string
  }
  path += literals[count] as string
  return unknownParam(kwargs, keys, compiled, used) ?? withFormat(candidate, path || '/', given.format)
}

/** What encodeURIComponent escapes that Django's `quote(safe="!$&'()*+,;=/~:@")` keeps in a segment (all but `/`). */
const KEPT = /%(?:24|26|2B|2C|3B|3D|3A|40)/g

/** The encoded value of a param (`undefined`: missing), or why it cannot take it. */
function encodeParam({ name, test, pattern }: PathParam, value: unknown): string | Refusal {
  if (value === undefined) return refuse(`missing parameter ${quoted(name)}.`)
  if (typeof value !== 'string') return refuse(`${quoted(name)} must be a string or a finite number.`)
  if (!test.test(value)) return refuse(`${quoted(name)} must match ${pattern}, got ${quoted(value)}.`)
  if (value === '.' || value === '..') return refuse(`${quoted(name)} cannot be "." or "..", which would change the path.`)
  try {
    // As Django's reverse quotes a path: RFC 3986's sub-delimiters, ":" and "@" stay as they are (none ends a segment).
    return encodeURIComponent(value).replace(KEPT, decodeURIComponent)
  } catch {
    return refuse(`${quoted(name)} is not well-formed Unicode.`)
  }
}

/** `path` with a format suffix (before a trailing slash) if one is given, or why the route does not take it. */
function withFormat(candidate: CompiledRoute, path: string, format: string | undefined): string | Refusal {
  if (format === undefined) return path
  const suffix = candidate.format
  if (suffix === null) return refuse('the route takes no format suffix.')
  if (typeof format !== 'string' || !suffix.test.test(format)) return refuse(`format must match ${suffix.pattern}.`)
  return suffix.trailingSlash ? `${path.slice(0, -1)}.${format}/` : `${path}.${format}`
}

/** The refusal of a kwarg the route does not take (an own key with a value), or `null`; none when `used` (own kwargs used) are all of them. */
function unknownParam(kwargs: Readonly<Record<string, unknown>> | undefined, keys: readonly string[] | undefined, { params, paramNames }: CompiledPath, used: number): Refusal | null {
  if (keys !== undefined && used !== keys.length) {
    for (const key of keys) {
      if ((kwargs as Readonly<Record<string, unknown>>)[key] !== undefined && !paramNames.has(key)) {
        return refuse(`unknown parameter ${quoted(key)} (it takes ${params.length === 0 ? 'no parameters' : params.map((p) => `${quoted(p.name)}`).join(', ')}).`)
      }
    }
  }
  return null
}
