/** HTTP tokens (RFC 9110 §5.6.2): the text of a header name. */

/** Whether `text` is a header name such as `Api-Version`. */
export function isHeaderName(text: unknown): text is string {
  return typeof text === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(text)
}
