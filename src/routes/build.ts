/**
 * Building paths for reversal: the first route of a name that takes the
 * given parameters (in a version, with a param the version fills) gives the
 * path; otherwise the reasons, without throwing.
 */
import type { CompiledRoute } from './compile.ts'
import type { CompiledPath, PathParam } from './pattern.ts'
import type { ParamValue } from './types.ts'

/** Why no route accepted the parameters (allocated only on failure). */
export class Refusal {
  readonly reason: string
  /** Whether some route was tried (`false`: no route of the name, or none that takes the filled param). */
  readonly tried: boolean
  constructor(reason: string, tried: boolean = true) {
    this.reason = reason
    this.tried = tried
  }
}

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
  const args = params.args
  const kwargs = params.kwargs
  if (args !== undefined && kwargs !== undefined) return new Refusal('give either args or kwargs, not both.')
  // The own enumerable keys of kwargs, read once.
  const keys = kwargs !== null && typeof kwargs === 'object' ? Object.keys(kwargs) : undefined
  let reasons: string[] | undefined
  let only = ''
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i] as CompiledRoute
    if (fill !== null && (version == null || !candidate.compiled.paramNames.has(fill))) continue
    const versions = version == null ? null : (candidate.limit?.versions ?? null)
    const built =
      versions === null || versions.has(version as string)
        ? buildPath(candidate, params, keys, fill, version)
        : new Refusal(`the route does not exist in version ${JSON.stringify((version as string).slice(0, 64))} (its versions are ${[...versions].join(', ')}).`)
    if (typeof built === 'string') return built
    if (reasons === undefined) only = built.reason
    ;(reasons ??= []).push(`${candidate.path}: ${built.reason}`)
  }
  // None tried: every candidate lacked the filled param (a table lists no name without routes).
  if (reasons === undefined) return new Refusal(`no route of that name takes "${fill}".`, false)
  // One route tried: its reason alone.
  return new Refusal(reasons.length === 1 ? only : `tried ${reasons.length} routes (${reasons.join('; ')}).`)
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
  const params = compiled.params
  const literals = compiled.literals
  const refusal = args !== undefined ? checkArgs(args, params, fill) : kwargs !== undefined && keys === undefined ? new Refusal('kwargs must be an object.') : null
  if (refusal !== null) return refusal
  const heads = compiled.heads
  let path = ''
  // Own kwargs used: when as many as kwargs has, none is unknown.
  let used = 0
  // The next positional value (args skip the filled param).
  let next = 0
  for (let i = 0; i < params.length; i++) {
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
  path += literals[params.length] as string
  return unknownParam(kwargs, keys, compiled, used) ?? withFormat(candidate, path || '/', given.format)
}

/** Why `args` do not fit the params (the filled one aside; only the last param can be optional), or `null`. */
function checkArgs(args: readonly ParamValue[], params: readonly PathParam[], fill: string | null): Refusal | null {
  if (!Array.isArray(args)) return new Refusal('args must be an array.')
  const last = params[params.length - 1]
  const most = params.length - (fill === null ? 0 : 1)
  const least = most - (last?.optional === true && last.name !== fill ? 1 : 0)
  return args.length < least || args.length > most ? new Refusal(`takes ${least === most ? least : `${least} to ${most}`} args, got ${args.length}.`) : null
}

/** The encoded value of a param (`undefined`: missing), or why it cannot take it. */
function encodeParam(param: PathParam, value: unknown): string | Refusal {
  const name = param.name
  if (value === undefined) return new Refusal(`missing parameter "${name}".`)
  if (typeof value !== 'string') return new Refusal(`"${name}" must be a string or a finite number.`)
  const text = value
  if (!param.test.test(text)) return new Refusal(`"${name}" must match ${param.pattern}, got ${JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text)}.`)
  if (text === '.' || text === '..') return new Refusal(`"${name}" cannot be "." or "..", which would change the path.`)
  try {
    return encodeURIComponent(text)
  } catch {
    return new Refusal(`"${name}" is not well-formed Unicode.`)
  }
}

/** `path` with a format suffix (before a trailing slash) if one is given, or why the route does not take it. */
function withFormat(candidate: CompiledRoute, path: string, format: string | undefined): string | Refusal {
  if (format === undefined) return path
  const suffix = candidate.format
  if (suffix === null) return new Refusal('the route takes no format suffix.')
  if (typeof format !== 'string' || !suffix.test.test(format)) return new Refusal(`format must match ${suffix.pattern}.`)
  return candidate.compiled.trailingSlash ? `${path.slice(0, -1)}.${format}/` : `${path}.${format}`
}

/** The refusal of a kwarg the route does not take (an own key with a value), or `null`; none when `used` (own kwargs used) are all of them. */
function unknownParam(kwargs: Readonly<Record<string, unknown>> | undefined, keys: readonly string[] | undefined, compiled: CompiledPath, used: number): Refusal | null {
  if (keys === undefined || used === keys.length) return null
  const params = compiled.params
  for (const key of keys) {
    if ((kwargs as Readonly<Record<string, unknown>>)[key] !== undefined && !compiled.paramNames.has(key)) {
      return new Refusal(`unknown parameter "${key}" (it takes ${params.length === 0 ? 'no parameters' : params.map((p) => `"${p.name}"`).join(', ')}).`)
    }
  }
  return null
}
