/**
 * Building paths for reversal: the first route of a name that takes the
 * given parameters (in a version, with a param the version fills) gives the
 * path; otherwise the reasons, without throwing.
 */
import type { CompiledRoute } from './compile.ts'
import type { PathParam } from './pattern.ts'
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
  let reasons: string[] | undefined
  let only = ''
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i] as CompiledRoute
    if (fill !== null && (version == null || !candidate.compiled.paramNames.has(fill))) continue
    const versions = version == null ? null : (candidate.limit?.versions ?? null)
    const built =
      versions === null || versions.has(version as string)
        ? buildPath(candidate, args, kwargs, params.format, fill, version ?? null)
        : new Refusal(`the route does not exist in version ${JSON.stringify((version as string).slice(0, 64))} (its versions are ${[...versions].join(', ')}).`)
    if (typeof built === 'string') return built
    if (reasons === undefined) only = built.reason
    ;(reasons ??= []).push(`${candidate.path}: ${built.reason}`)
  }
  if (reasons === undefined) return new Refusal(fill === null ? 'no route of that name.' : `no route of that name takes "${fill}".`, false)
  // One route tried: its reason alone.
  return new Refusal(reasons.length === 1 ? only : `tried ${reasons.length} routes (${reasons.join('; ')}).`)
}

/** The path of `candidate` for these parameters (`fill` taking `fillValue`), or why not. */
function buildPath(
  candidate: CompiledRoute,
  args: readonly ParamValue[] | undefined,
  kwargs: Readonly<Record<string, ParamValue | undefined>> | undefined,
  format: string | undefined,
  fill: string | null,
  fillValue: string | null,
): string | Refusal {
  const compiled = candidate.compiled
  const params = compiled.params
  const literals = compiled.literals
  // The own enumerable keys of kwargs, read once.
  let keys: string[] | undefined
  if (args !== undefined) {
    if (!Array.isArray(args)) return new Refusal('args must be an array.')
    // With a filled param, args fill the others; only the last param can be optional.
    const most = params.length - (fill === null ? 0 : 1)
    const least = most - (params[params.length - 1]?.optional === true && params[params.length - 1]?.name !== fill ? 1 : 0)
    if (args.length < least || args.length > most) {
      return new Refusal(`takes ${least === most ? least : `${least} to ${most}`} args, got ${args.length}.`)
    }
  } else if (kwargs !== undefined) {
    if (kwargs === null || typeof kwargs !== 'object') return new Refusal('kwargs must be an object.')
    keys = Object.keys(kwargs)
  }
  let path = literals[0] as string
  // Own kwargs used: when as many as kwargs has, none is unknown.
  let used = 0
  // The next positional value (args skip the filled param).
  let next = 0
  for (let i = 0; i < params.length; i++) {
    const param = params[i] as PathParam
    const name = param.name
    let value: unknown
    if (keys !== undefined) {
      value = (kwargs as Readonly<Record<string, unknown>>)[name]
      if (value !== undefined) {
        // Own: at its place when kwargs lists the params in order (no lookup), or anywhere.
        if (keys[used] === name || Object.hasOwn(kwargs as object, name)) used++
        else if (param.inherited) value = undefined
      }
      if (name === fill) value = fillValue
    } else value = name === fill ? fillValue : args?.[next++]
    const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined
    // Most values (ids, slugs) are taken by the pattern and left as they are by encodeURIComponent: one test, no copy.
    if (text !== undefined && param.plain.test(text) && text !== '.' && text !== '..') path += (compiled.prefixes[i] as string) + text
    else if (value !== undefined || !param.optional) {
      let refusal: Refusal | string
      if (value === undefined) refusal = new Refusal(`missing parameter "${name}".`)
      else if (text === undefined) refusal = new Refusal(`"${name}" must be a string or a finite number.`)
      else if (!param.test.test(text)) refusal = new Refusal(`"${name}" must match ${param.pattern}, got ${JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text)}.`)
      else if (text === '.' || text === '..') refusal = new Refusal(`"${name}" cannot be "." or "..", which would change the path.`)
      else {
        try {
          refusal = encodeURIComponent(text)
        } catch {
          refusal = new Refusal(`"${name}" is not well-formed Unicode.`)
        }
      }
      // An unknown parameter is the first thing to report.
      if (typeof refusal !== 'string') return unknownParam(kwargs, keys, compiled.paramNames, params) ?? refusal
      path += (compiled.prefixes[i] as string) + refusal
    }
    path += literals[i + 1] as string
  }
  if (keys !== undefined && used !== keys.length) {
    const unknown = unknownParam(kwargs, keys, compiled.paramNames, params)
    if (unknown !== null) return unknown
  }
  if (path === '') path = '/'
  if (format !== undefined) {
    if (candidate.format === null) return new Refusal('the route takes no format suffix.')
    if (typeof format !== 'string' || !candidate.format.test.test(format)) {
      return new Refusal(`format must match ${candidate.format.pattern}.`)
    }
    path = compiled.trailingSlash ? `${path.slice(0, -1)}.${format}/` : `${path}.${format}`
  }
  return path
}

/** The refusal of a kwarg the route does not take (an own key with a value), or `null`. */
function unknownParam(
  kwargs: Readonly<Record<string, unknown>> | undefined,
  keys: readonly string[] | undefined,
  paramNames: ReadonlySet<string>,
  params: readonly PathParam[],
): Refusal | null {
  for (const key of keys ?? []) {
    if ((kwargs as Readonly<Record<string, unknown>>)[key] !== undefined && !paramNames.has(key)) {
      return new Refusal(`unknown parameter "${key}" (it takes ${params.length === 0 ? 'no parameters' : params.map((p) => `"${p.name}"`).join(', ')}).`)
    }
  }
  return null
}
