/** What a header may hold: its name (an HTTP token, RFC 9110 §5.6.2) and its value. */

/** Whether `text` is a header name such as `Api-Version`. */
export function isHeaderName(text: unknown): text is string {
  return typeof text === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(text)
}

/** Whether `text` is a header value a `Headers` object accepts (RFC 9110's field-value: no line break, no NUL, nothing above U+00FF). */
export function isHeaderValue(text: unknown): text is string {
  return typeof text === 'string' && /^[\t\x20-\x7e\x80-\xff]*$/.test(text)
}
