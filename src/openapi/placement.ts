/**
 * The ways a document lists for the version, read from the one value each
 * scheme provides (`scheme.placement`): its own way, or for a combination
 * (`anyOf`) the first of its schemes' of each kind, any one of which the
 * client may use.
 */
import { UNPLACED, waysOf, type VersionPlacement } from '../routes/placement.ts'

/** The way a version travels in a document's requests. */
export interface Placement {
  /** URL path: the path parameter that carries the version, substituted in every path. */
  readonly pathParam: string | null
  /** Namespace: each route belongs to the version of its namespace. */
  readonly namespace: boolean
  /** The request header that carries the version. */
  readonly header: string | null
  /** The query parameter that carries the version. */
  readonly query: string | null
  /** Accept header: the rendered media types, the media type parameter, and the vendor template. */
  readonly accept: VersionPlacement['accept']
  /** Host name: the version is in the server's host. */
  readonly host: boolean
  /** Whether the client may use any one of several ways (CombinedVersioning), so none is required. */
  readonly anyOne: boolean
}

/** The placement of a scheme (a scheme of your own places nothing: describe it in `info.description`). */
export function placementOf(scheme: { readonly placement?: VersionPlacement | undefined }): Placement {
  const { param, ...ways } = waysOf(scheme.placement ?? UNPLACED)
  return { pathParam: param, ...ways }
}

/** One Markdown sentence saying where the version of a document travels. */
export function placementNote(placement: Placement, version: string, serverUrl: string | null): string {
  const code = (text: string): string => `\`${text}\``
  const ways: string[] = []
  if (placement.pathParam !== null) ways.push(`the URL path (${code(version)} in every path)`)
  if (placement.namespace) ways.push(`the URL path (the routes of ${code(version)})`)
  if (placement.header !== null) ways.push(`the ${code(`${placement.header}: ${version}`)} header`)
  if (placement.query !== null) ways.push(`the query parameter ${code(`${placement.query}=${version}`)}`)
  if (placement.accept !== null) {
    const types = placement.accept.mediaTypes.map((t) => `${t}; ${placement.accept?.param}=${version}`)
    if (placement.accept.vendor !== null) types.unshift(placement.accept.vendor.replace('{version}', version))
    ways.push(`the Accept header (${types.map(code).join(' or ')})`)
  }
  if (placement.host && serverUrl !== null) ways.push(`the host name (${code(serverUrl)})`)
  if (ways.length === 0) return ''
  const list = ways.length === 1 ? (ways[0] as string) : `${ways.slice(0, -1).join(', ')} or ${ways[ways.length - 1] as string}`
  return placement.anyOne ? `Send the version in any one of: ${list}.` : `The version travels in ${list}.`
}
