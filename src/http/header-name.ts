/** What a header may hold: its name (an HTTP token, RFC 9110 §5.6.2) and its value. */

/** Whether `text` is a header name such as `Api-Version`. */
export function isHeaderName(text: unknown): text is string {
  return typeof text === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(text)
}

/** Whether `text` is a header value a `Headers` object accepts (RFC 9110's field-value: no line break, no NUL, nothing above U+00FF). */
export function isHeaderValue(text: unknown): text is string {
  return typeof text === 'string' && /^[\t\x20-\x7e\x80-\xff]*$/.test(text)
}

/**
 * The headers that frame a message (its body's length, transfer and content codings) or its connection (RFC 9110
 * §6.4, §7.6.1, §8.4; RFC 9112 §6.1): the server and the runtime write them for the bytes they really send, so no
 * version change may rename or convert them.
 */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'content-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'proxy-connection'])

/** Whether `name` (a header name, any case) frames the message or its connection. */
export function isFramingHeader(name: string): boolean {
  return FRAMING.has(name.toLowerCase())
}

/** The digests of a message's body (RFC 9530's, and those before it), which a migrated body no longer matches. */
export const BODY_DIGESTS: readonly string[] = ['content-digest', 'repr-digest', 'digest', 'content-md5']

/**
 * The headers that describe a request's body as the client sent it, which a migrated body is not: its framing (its
 * length, chunked) and its digests, as a migrated response drops the head's (changes/older-response.ts).
 */
export const OF_THE_BODY: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', ...BODY_DIGESTS])
