/**
 * The client of a request from its `Authorization: Bearer <key>` header.
 */

/** Keys longer than this, or with characters outside token68 (RFC 7235), name no client. */
const TOKEN = /^[A-Za-z0-9\-._~+/]{1,256}=*$/

/**
 * A `client` function for `clientPins`: the key of `Authorization: Bearer
 * <key>` (token68 characters, at most 256), else `null` (no client: the
 * scheme's default version, nothing pinned or recorded). The key itself
 * becomes the pin's key and the client in the usage log: where keys are
 * secrets, name the account they belong to instead.
 *
 * @example
 * ```ts
 * bearerClient()(new Request('https://api.test/', { headers: { Authorization: 'Bearer demo-2025' } })) // 'demo-2025'
 * ```
 */
export function bearerClient(): (request: Request) => string | null {
  return function bearerClient(request) {
    const value = request.headers.get('authorization')
    if (value === null || value.length < 8 || value.slice(0, 7).toLowerCase() !== 'bearer ') return null
    const key = value.slice(7).trim()
    return TOKEN.test(key) ? key : null
  }
}
