/**
 * The response headers a version's answers carry besides the application's
 * own, as header components: the version policy's (Deprecation, Sunset,
 * Link, the version reports, the echo header) and `openAPILink`'s
 * `Link: <document>; rel="openapi"`. `openAPILink` tells the documents it
 * links answers to (`linkDocuments`), so that they list the header it adds.
 */
import type { VersionPlan } from './versions.ts'
import type { DocumentedVersion } from './versions.ts'
import type { Json } from '../json/object.ts'

/** The media type `openAPILink` gives its links (a document of OpenAPI 3.1, as JSON). */
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json;version=3.1'

/** The `Link` value `openAPILink` adds for `version`, given where the documents are served (`openAPIRoutes`' path). */
export function openAPILinkValue(indexPath: string, version: string): string {
  return `<${indexPath.replace(/\/$/, '')}/${encodeURIComponent(version)}.json>; rel="openapi"; type="${OPENAPI_MEDIA_TYPE}"`
}

/** The method by which documents of `versionedOpenAPI` hear that `openAPILink` links answers to them, served at a path. */
export const LINKED: unique symbol = Symbol('hono-api-versioning openAPILink')

/** Tells `documents` (when `versionedOpenAPI`'s) that `openAPILink` adds links to them, served at `path`. */
export function linkDocuments(documents: object, path: string): void {
  ;(documents as { readonly [LINKED]?: (path: string) => void })[LINKED]?.(path)
}

/** Whether a deprecation date (ISO 8601) is still to come on the policy's clock. */
export const upcoming = (plan: VersionPlan, deprecation: string): boolean => Date.parse(deprecation) > (plan.policy?.now() ?? Date.now())

/** The response headers of `entry`'s version, by name: the policy's (lifecycle-headers.ts sends them) and `openAPILink`'s, given its `links`. */
export function responseHeaders(plan: VersionPlan, entry: DocumentedVersion, links: readonly string[]): Record<string, Json> {
  const policy = plan.policy
  const headers: Record<string, Json> = {}
  const string = (example: string): Json => ({ type: 'string', examples: [example] })
  const lifecycle = policy?.versions.get(entry.version)
  // The values the policy sends (lifecycle-headers.ts), links header-safe.
  const sent = lifecycle?.headers
  if (lifecycle?.deprecation != null && sent?.deprecation != null) {
    const since = new Date(lifecycle.deprecation).toISOString()
    headers['Deprecation'] = { description: `RFC 9745: this version ${upcoming(plan, since) ? 'will be deprecated on' : 'is deprecated since'} ${since} (${sent.deprecation}).`, schema: string(sent.deprecation) }
  }
  if (sent?.sunset != null) headers['Sunset'] = { description: `RFC 8594: this version goes away at ${sent.sunset}.`, schema: string(sent.sunset) }
  // The policy's links come first; openAPILink, a middleware before the versioning one, appends its own after it.
  const values = [...(sent?.links ?? []).map((l) => l.value), ...links.map((path) => openAPILinkValue(path, entry.version))]
  if (values.length > 0) {
    const what = [...(sent !== undefined && sent.links.length > 0 ? ['the pages about the deprecation and the sunset of this version'] : []), ...(links.length > 0 ? ['this version\'s OpenAPI document (rel="openapi")'] : [])]
    headers['Link'] = { description: `Links to ${what.join(', and to ')}.`, schema: string(values.join(', ')) }
  }
  if (policy != null && policy.reportVersions !== null) {
    headers[policy.reportVersions.supported] = { description: 'The supported versions (of the route, when it exists only in some).', schema: { type: 'string' } }
    headers[policy.reportVersions.deprecated] = { description: 'The deprecated versions (of the route, when it exists only in some).', schema: { type: 'string' } }
  }
  if (policy != null && policy.echoHeader !== null) headers[policy.echoHeader] = { description: 'The version that answered the request.', schema: string(entry.version) }
  return headers
}
