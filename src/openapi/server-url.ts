/**
 * The `serverUrl` option of `versionedOpenAPI`, checked once: an absolute
 * URL or a path; with `HostNameVersioning`, required, and a host the scheme
 * reads each version from (`https://{version}.api.example.com`).
 */
import type { Placement } from './placement.ts'

/** `serverUrl` as the documents' `servers` take it (`null`: none), or an `Error` saying what to give. */
export function checkServerUrl(serverUrl: unknown, placement: Placement, scheme: { resolveVersion(version: string | null): string | null | undefined }, versions: readonly string[], where: string): string | null {
  if (serverUrl === undefined) {
    if (placement.host && !placement.anyOne) {
      throw new Error(`${where}: HostNameVersioning puts the version in the host name, so give serverUrl with "{version}" in its host, such as "https://{version}.api.example.com".`)
    }
    return null
  }
  const example = 'such as "https://api.example.com" or "https://{version}.api.example.com"'
  if (typeof serverUrl !== 'string' || !(URL.canParse(serverUrl.replace('{version}', 'v')) || serverUrl.startsWith('/'))) {
    throw new Error(`${where}: serverUrl must be an absolute URL or a path, ${example}.`)
  }
  if (placement.host) {
    const regex = (scheme as { hostnameRegex?: unknown }).hostnameRegex
    for (const version of versions) {
      const host = URL.canParse(serverUrl.replace('{version}', version)) ? new URL(serverUrl.replace('{version}', version)).hostname : ''
      const found = regex instanceof RegExp ? regex.exec(host) : null
      if (!serverUrl.includes('{version}') || (regex instanceof RegExp && (found === null || scheme.resolveVersion(found[1] ?? '') !== version))) {
        throw new Error(`${where}: serverUrl gives the host "${host}" for version ${JSON.stringify(version)}, whose version the scheme would not read from it; put "{version}" as the first of three labels, such as "https://{version}.api.example.com".`)
      }
    }
  }
  return serverUrl
}
