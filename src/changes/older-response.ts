/**
 * The response an older client gets around its body: the handler's status
 * (or the version's), its headers with the older values a route's
 * `headerChanged` gives, its entity tag in the version's, and, around a new
 * body, none of the headers that describe the head's body.
 */
import { versionTag } from './caching.ts'
import { BODY_DIGESTS } from '../http/header-name.ts'
import { olderHeaders, type HeaderStep } from './older-headers.ts'

/** The headers a response's body decides: its length, its digests (RFC 9530, and those before it), and its byte ranges. */
const OF_THE_BODY: ReadonlySet<string> = new Set(['content-length', ...BODY_DIGESTS, 'accept-ranges'])

/**
 * `headers` without those the head's body decided, for a body migrated from it. Read once and deleted where
 * found: a delete of each name costs Node about four times one pass over a response's few headers.
 */
export function withoutBodyHeaders(headers: Headers): void {
  let found: string[] | null = null
  headers.forEach((_value, name) => {
    if (OF_THE_BODY.has(name)) (found ??= []).push(name)
  })
  if (found !== null) for (const name of found as string[]) headers.delete(name)
}

/** workerd's own member of a Response's init: a body encoded already, as its Content-Encoding says, which workerd must not encode again. */
const ENCODED: ResponseInit = { encodeBody: 'manual' } as ResponseInit

/**
 * A response with `body`, `status`, and the older headers (a new body drops
 * Content-Length and the digests); `about(name)` names a `headerChanged`
 * change for the sentence of one that fails. `encoded`: the body is encoded
 * as its Content-Encoding says (workerd encodes a body itself as it sends it
 * unless told so; other runtimes ignore the member).
 */
export function rebuild(body: BodyInit | null, response: Response, status: number, changes: readonly HeaderStep[] | undefined, newBody: boolean, suffix: string | null, about: (name: string) => string, encoded = false): Response {
  const headers = new Headers(response.headers)
  // The head's body's length and digests describe what the older client does not get.
  if (newBody) withoutBodyHeaders(headers)
  if (suffix !== null) versionTag(headers, suffix)
  if (changes !== undefined) olderHeaders(headers, changes, about)
  const init: ResponseInit = status === response.status ? { status, statusText: response.statusText, headers } : { status, headers }
  return new Response(body, encoded ? { ...ENCODED, ...init } : init)
}

/** `response` answered with `status`, which has no content: its body (cancelled, never read) and the headers describing it left out. */
export function withoutContent(response: Response, status: number, changes: readonly HeaderStep[] | undefined, suffix: string | null, about: (name: string) => string): Response {
  response.body?.cancel().catch(() => undefined)
  const out = rebuild(null, response, status, changes, true, suffix, about)
  for (const name of ['content-type', 'content-encoding']) out.headers.delete(name)
  return out
}
