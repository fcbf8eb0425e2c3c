/**
 * Entity tags that never cross versions. An older version's body differs from
 * the head's, so it cannot carry the head's tag: every `ETag` of a migrated
 * route's response to an older client gets the version inside its quotes
 * (`"abc"` becomes `"abc@1"`, `W/` kept), and the tags that client sends
 * back in `If-None-Match` and `If-Match` are turned back into the tags the
 * handler (or an `etag()` middleware inside the versioning one) made, before
 * it runs. A tag of another version, or the head's, matches nothing there, so
 * a cache never gets a 304 for another version's body. A migrated body is a
 * function of the head's body and the version (converters are deterministic),
 * so a strong tag stays strong.
 */

/** One entity tag: optional `W/`, then a quoted opaque tag (RFC 9110). */
const TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/
const TAG_CHAR = /^[\x21\x23-\x7e]+$/

/** The text put after `@` in a version's tags: the version itself, or a hash of it when it has characters a tag cannot. */
export function tagSuffix(version: string): string {
  if (TAG_CHAR.test(version) && version.length <= 64) return `@${version}`
  let hash = 0x811c9dc5
  for (let i = 0; i < version.length; i++) hash = Math.imul(hash ^ version.charCodeAt(i), 0x01000193)
  return `@~${(hash >>> 0).toString(16)}`
}

/** An `ETag` value with the version's suffix, or `null` when it is no entity tag (the header is then dropped). */
function versionedTag(etag: string, suffix: string): string | null {
  const match = TAG.exec(etag.trim())
  if (match === null) return null
  return `${match[1] ?? ''}"${match[2] ?? ''}${suffix}"`
}

/** Cannot match any tag a handler makes: what an `If-Match` of only other versions' tags becomes. */
const NO_MATCH = '"@"'

/**
 * A conditional header's list with the version's tags turned back into the
 * handler's and every other tag left out (`*` kept); `null` when nothing is
 * left (If-None-Match is then removed; If-Match gets a tag that matches nothing).
 */
function ownTags(value: string, suffix: string): string | null {
  if (value.trim() === '*') return '*'
  const kept: string[] = []
  // Tags are quoted strings without commas inside in practice; a malformed list keeps only what parses.
  for (const part of value.split(',')) {
    const match = TAG.exec(part.trim())
    if (match === null) continue
    const opaque = match[2] ?? ''
    if (!opaque.endsWith(suffix)) continue
    kept.push(`${match[1] ?? ''}"${opaque.slice(0, -suffix.length)}"`)
  }
  return kept.length === 0 ? null : kept.join(', ')
}

/**
 * The request header changes an older version's conditional or range request
 * needs: `[name, value]`, `null` to remove; `null` when none. With `ranges`
 * (the route sends no media type as it is, `unmigrated`), `Range` and
 * `If-Range` go: the handler's byte offsets are the head body's, which the
 * older body does not share, so it answers the whole body, which is migrated
 * (a server may ignore a Range, RFC 9110 14.2).
 */
export function tagAndRangeHeaders(headers: Headers, suffix: string, ranges: boolean): readonly (readonly [string, string | null])[] | null {
  let changes: [string, string | null][] | null = null
  if (ranges && headers.has('range')) (changes ??= []).push(['range', null])
  if (ranges && headers.has('if-range')) (changes ??= []).push(['if-range', null])
  const none = headers.get('if-none-match')
  if (none !== null) {
    const own = ownTags(none, suffix)
    if (own !== none) (changes ??= []).push(['if-none-match', own])
  }
  const match = headers.get('if-match')
  if (match !== null) {
    const own = ownTags(match, suffix) ?? NO_MATCH
    if (own !== match) (changes ??= []).push(['if-match', own])
  }
  return changes
}

/** Sets the version's `ETag` on `headers` (a mutable copy), when there is one. */
export function versionTag(headers: Headers, suffix: string): void {
  const etag = headers.get('etag')
  if (etag === null) return
  const tagged = versionedTag(etag, suffix)
  if (tagged === null) headers.delete('etag')
  else headers.set('etag', tagged)
}
