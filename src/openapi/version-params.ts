/**
 * How a version's document asks a client to send its version: the header or
 * query parameter (required where a request without it would get another
 * version; the Accept media type likewise, said in `x-api-version` only), the `x-api-version` extension of `info` that says it for tools
 * (every way the version travels, and what a request without one gets), and
 * one Markdown sentence for people.
 */
import type { Placement } from './placement.ts'
import type { ParameterObject } from './types.ts'
import type { Json } from '../json/object.ts'

/** What a document knows of the requests that name no version. */
export interface Unnamed {
  /** The version a request without one gets (the scheme's default), or `null` (it is refused). */
  readonly defaultVersion: string | null
  /** Whether clients are pinned: a request without a version gets the client's pinned version. */
  readonly pinned: boolean
}

/** One way of sending the version, as `x-api-version.send` lists it. */
export interface VersionWay {
  readonly in: 'path' | 'header' | 'query' | 'host'
  /** The header or query parameter's name (`Accept` for the media type), the path itself, or the server URL. */
  readonly name: string
  /** The value to send (the header's whole value for `Accept`). */
  readonly value: string
  /** Whether the document requires it (a way of a combination that is not required is an alternative). */
  readonly required: boolean
}

/** Whether a request without a version would get `version`: only its default, and only when no client is pinned. */
function unnamedGets(version: string, unnamed: Unnamed): boolean {
  return !unnamed.pinned && version === unnamed.defaultVersion
}

/**
 * The ways `version` travels, in the order a document prefers them: the
 * path, then the header, the query parameter, the media type and the host.
 * A combination requires its first way unless the path carries the version;
 * a single way is required unless a request without it gets this version.
 */
export function versionWays(placement: Placement, version: string, unnamed: Unnamed, serverUrl: string | null): VersionWay[] {
  const optional = unnamedGets(version, unnamed)
  const out: VersionWay[] = []
  let primary = placement.pathParam !== null || placement.namespace
  const add = (way: Omit<VersionWay, 'required'>, canRequire: boolean): void => {
    const required = canRequire && !primary && !optional
    if (canRequire && !primary) primary = true
    out.push({ ...way, required: required || way.in === 'path' || way.in === 'host' })
  }
  if (placement.pathParam !== null || placement.namespace) out.push({ in: 'path', name: version, value: version, required: true })
  if (placement.header !== null) add({ in: 'header', name: placement.header, value: version }, true)
  if (placement.query !== null) add({ in: 'query', name: placement.query, value: version }, true)
  if (placement.accept !== null) {
    const vendor = placement.accept.vendor
    const media = vendor !== null ? vendor.replace('{version}', version) : `${placement.accept.mediaTypes[0] ?? 'application/json'}; ${placement.accept.param}=${version}`
    // OpenAPI ignores an Accept parameter: the media type is said in info and x-api-version (no parameter), required
    // as a header or query way is: where it is the first way and a request without it gets another version.
    add({ in: 'header', name: 'Accept', value: media }, true)
  }
  if (placement.host && serverUrl !== null) out.push({ in: 'host', name: serverUrl, value: version, required: true })
  return out
}

/** The header and query parameters of an operation in `version`, from its ways. */
export function versionParametersOf(ways: readonly VersionWay[], version: string, unnamed: Unnamed, alternatives: boolean): ParameterObject[] {
  const schema = { type: 'string', enum: [version] }
  const out: ParameterObject[] = []
  for (const way of ways) {
    if ((way.in !== 'header' && way.in !== 'query') || way.name === 'Accept') continue
    let description = `The API version: ${version}.`
    if (!way.required) {
      description += alternatives && ways.some((w) => w.required) ? ' It may be sent here instead of the required way.' : ` ${withoutVersion(unnamed)}`
    }
    out.push({ name: way.name, in: way.in, required: way.required, description, schema, example: version })
  }
  return out
}

/** What a request without a version gets, as a sentence. */
export function withoutVersion(unnamed: Unnamed): string {
  const fallback = unnamed.defaultVersion === null ? 'is refused' : `gets version \`${unnamed.defaultVersion}\``
  return unnamed.pinned
    ? `A request without a version gets the version its client is pinned to (a new client: the version it first called), or ${fallback.replace('gets ', '')} without a client.`
    : `A request without a version ${fallback}.`
}

/**
 * The `x-api-version` extension of a document's `info`: its version, the
 * ways to send it, and, where none is required, what a request without one
 * gets (the default, `null`: refused; or its client's pin first).
 */
export function versionExtension(version: string, ways: readonly VersionWay[], unnamed: Unnamed): Json {
  const out: Json = { version, send: ways.map((w) => ({ ...w })) }
  if (ways.every((w) => !w.required)) out['withoutVersion'] = { default: unnamed.defaultVersion, pinned: unnamed.pinned }
  return out
}
