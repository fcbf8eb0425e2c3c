/**
 * JSON Pointers in URI fragments (`#/components/schemas/User`), the form
 * `$ref` takes, read and written by one rule, RFC 6901 §6: the fragment is
 * percent-decoded first (it is a URI fragment), then split on "/", then each
 * token unescaped (`~1` to "/", then `~0` to "~"). Documents, validation and
 * the fallback validator resolve a reference alike.
 */

/** A token escaped for a pointer (`~` to `~0`, `/` to `~1`), then percent-encoded where a URI fragment may not carry it. */
export function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1').replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/gu, encodedChar)
}

/** `ch` percent-encoded; a lone UTF-16 surrogate (which no URI carries) is a configuration mistake, said in a sentence. */
function encodedChar(ch: string): string {
  try {
    return encodeURIComponent(ch)
  } catch {
    throw new Error(`A name in a schema or document holds a lone UTF-16 surrogate (${JSON.stringify(ch)}), which no $ref can carry: rename it.`)
  }
}

/** The fragment of the pointer made of `tokens` (`['components', 'schemas', 'a/b']` gives `#/components/schemas/a~1b`). */
export function pointerRef(tokens: readonly string[]): string {
  return `#${tokens.map((token) => `/${pointerToken(token)}`).join('')}`
}

/** The tokens of a pointer fragment (`#/a/b~1c` gives `['a', 'b/c']`), or `null` when `ref` is not one (or its percent-encoding is malformed). */
export function pointerTokens(ref: string): string[] | null {
  if (!ref.startsWith('#')) return null
  let pointer: string
  try {
    pointer = decodeURIComponent(ref.slice(1))
  } catch {
    return null
  }
  if (pointer === '') return []
  if (!pointer.startsWith('/')) return null
  return pointer.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** The name `ref` points at directly under `base` (`refName('#/$defs/a~1b', ['$defs'])` gives `a/b`), or `null` when it points elsewhere. */
export function refName(ref: string, base: readonly string[]): string | null {
  const tokens = pointerTokens(ref)
  if (tokens === null || tokens.length !== base.length + 1 || base.some((token, i) => tokens[i] !== token)) return null
  return tokens[base.length] as string
}
