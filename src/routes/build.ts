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
  const { args, kwargs, format } = params
  if (args !== undefined && kwargs !== undefined) return new Refusal('give either args or kwargs, not both.')
  let reasons: string[] | undefined
  let only = ''
  for (const candidate of candidates) {
    if (fill !== null && (version == null || !candidate.compiled.paramNames.has(fill))) continue
    const versions = version == null ? null : (candidate.limit?.versions ?? null)
    const refusal = versions === null || versions.has(version as string) ? null : `the route does not exist in version ${JSON.stringify((version as string).slice(0, 64))} (its versions are ${[...versions].join(', ')}).`
    const built = refusal === null ? buildPath(candidate, args, kwargs, format, fill, version ?? null) : new Refusal(refusal)
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
  const { params, paramNames, literals, prefixes, trailingSlash, requiredCount } = candidate.compiled
  if (args !== undefined) {
    if (!Array.isArray(args)) return new Refusal('args must be an array.')
    // With a filled param, args fill the others.
    const filled = fill === null ? null : (params.find((p) => p.name === fill) as PathParam)
    const most = params.length - (filled === null ? 0 : 1)
    const least = requiredCount - (filled === null || filled.optional ? 0 : 1)
    if (args.length < least || args.length > most) {
      return new Refusal(`takes ${least === most ? least : `${least} to ${most}`} args, got ${args.length}.`)
    }
  } else if (kwargs !== undefined && (kwargs === null || typeof kwargs !== 'object')) {
    return new Refusal('kwargs must be an object.')
  }
  let path = literals[0] as string
  // Own kwargs used: when as many as kwargs has, none is unknown (checked without walking the keys).
  let used = 0
  // The next positional value (args skip the filled param).
  let next = 0
  for (let i = 0; i < params.length; i++) {
    const param = params[i] as PathParam
    let value: unknown
    if (param.name === fill) {
      value = fillValue
      if (kwargs !== undefined && kwargs[fill] !== undefined && Object.hasOwn(kwargs, fill)) used++
    } else if (args !== undefined) value = args[next++]
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

