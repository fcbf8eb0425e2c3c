/**
 * The `serverUrl` option of `versionedOpenAPI`, checked once: an absolute
 * URL or a path; with `HostNameVersioning`, required, and a host the scheme
 * reads each version from (`https://{version}.example.com` for the default
 * `hostnameRegex`, which reads the first of three labels).
 */
import type { Placement } from './placement.ts'
import { holdsCredentials } from '../http/url-credentials.ts'
import { quoted, quotedValue } from '../quote.ts'

/** URI characters (RFC 3986), and the braces of `{version}`. */
const URI_TEXT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%{}]+$/

/** `serverUrl` as the documents' `servers` take it (`null`: none), or an `Error` saying what to give. */
export function checkServerUrl(serverUrl: unknown, placement: Placement, scheme: { resolveVersion(version: string | null): string | null | undefined }, versions: readonly string[], where: string): string | null {
  if (serverUrl === undefined) {
    if (placement.host && !placement.anyOne) {
      throw new Error(`${where}: HostNameVersioning puts the version in the host name, so give serverUrl with "{version}" in its host, such as "https://{version}.example.com".`)
    }
    return null
  }
  const example = 'such as "https://api.example.com" or "https://{version}.example.com"'
  if (typeof serverUrl !== 'string' || !(URL.canParse(serverUrl.replace('{version}', 'v')) || serverUrl.startsWith('/'))) {
    throw new Error(`${where}: serverUrl must be an absolute URL or a path, ${example}.`)
  }
  // Tools show and follow it (the docs page sends its requests there): an http(s) URL or a path, written as a URI is.
  const url = serverUrl.replace('{version}', 'v')
  if (!URI_TEXT.test(serverUrl) || !(/^\/(?!\/)/.test(serverUrl) || (/^https?:\/\//i.test(url) && URL.canParse(url)))) {
    throw new Error(`${where}: serverUrl must be an http or https URL or a path starting with one "/", in URI characters (no spaces, quotes, "<" or ">"), ${example}; tools follow it, so no javascript: or data: URL and no "//host".`)
  }
  // The documents are public and the docs page shows and follows it: a user name or password there would be shown to every reader.
  if (/^https?:\/\//i.test(url) && holdsCredentials(url)) {
    throw new Error(`${where}: serverUrl holds a user name or password (before "@"), which every document and docs page would show to every reader; give a URL that needs none, ${example}.`)
  }
  if (placement.host) {
    const regex = (scheme as { hostnameRegex?: unknown }).hostnameRegex
    for (const version of versions) {
      const host = URL.canParse(serverUrl.replace('{version}', version)) ? new URL(serverUrl.replace('{version}', version)).hostname : ''
      const found = regex instanceof RegExp ? regex.exec(host) : null
      if (!serverUrl.includes('{version}') || (regex instanceof RegExp && (found === null || scheme.resolveVersion(found[1] ?? '') !== version))) {
        throw new Error(`${where}: serverUrl gives the host ${quoted(host)} for version ${quotedValue(version)}, whose version the scheme would not read from it; put "{version}" where the scheme's hostnameRegex reads the version (the default reads the first of three labels, such as "https://{version}.example.com").`)
      }
    }
  }
  return serverUrl
}
