/**
 * Query-string reads and writes with standard form decoding (`+` is a space,
 * percent-escapes are UTF-8: an escape that is not `%` and two hex digits is
 * kept as written, bytes that are not valid UTF-8 become U+FFFD), written as Python's `urlencode` writes them.
 */

/** A query key written as itself: no `&`, `=`, `%`, `+` or `#` in it. */
const PLAIN_NAME = /^[^&=%+#]+$/

/**
 * The last value of `name` in a query string (as Django's `QueryDict.get`
 * does), `''` for `?name=` or `?name`, or `null` when absent.
 */
export function lastQueryValue(search: string, name: string, plainName: boolean = PLAIN_NAME.test(name)): string | null {
  if (search === '') return null
  // URLSearchParams drops one leading "?": give it one, so "??v=1" keeps the key "?v".
  if (!plainName || search.includes('%') || search.includes('+')) return new URLSearchParams(`?${search}`).getAll(name).at(-1) ?? null
  // Without escapes or "+", keys and values are what they say: scan, no allocation but the result
  // (for a name that cannot itself span pairs; `plainName` can be worked out once, by the caller).
  let found: string | null = null
  let start = 0
  while (start <= search.length) {
    let end = search.indexOf('&', start)
    if (end === -1) end = search.length
    if (search.startsWith(name, start)) {
      const after = start + name.length
      if (after === end) found = ''
      else if (search.charCodeAt(after) === 61 /* = */) found = search.slice(after + 1, end)
    }
    start = end + 1
  }
  return found
}

/** Whether a query key is written as itself: no `&`, `=`, `%`, `+` or `#` in it. */
export function isPlainQueryName(name: string): boolean {
  return PLAIN_NAME.test(name)
}

/**
 * Sets `name` to `value` in the query of a URL (absolute or path-only): an
 * existing value is replaced in place, other parameters keep their order.
 */
export function replaceQueryParam(url: string, name: string, value: string): string {
  let hash = url.indexOf('#')
  if (hash === -1) hash = url.length
  const rest = url.slice(0, hash)
  const fragment = url.slice(hash)
  const q = rest.indexOf('?')
  // Not there yet (no query, or one without the key, written plainly): append it, form-encoded.
  const query = q === -1 ? '' : rest.slice(q + 1)
  if (!query.includes('%') && !query.includes('+') && PLAIN_NAME.test(name) && lastQueryValue(query, name, true) === null) {
    return `${rest}${query === '' ? (q === -1 ? '?' : '') : '&'}${formEncoded(new URLSearchParams([[name, value]]))}${fragment}`
  }
  // Includes the "?", which URLSearchParams drops, so a key starting with "?" survives.
  const params = new URLSearchParams(q === -1 ? '' : rest.slice(q))
  params.set(name, value)
  return `${q === -1 ? rest : rest.slice(0, q)}?${formEncoded(params)}${fragment}`
}

/** Form-encoded as Python's `urlencode` writes it (DRF's `replace_query_param`): `*` escaped, `~` not. */
function formEncoded(params: URLSearchParams): string {
  const text = params.toString()
  return text.includes('*') || text.includes('%7E') ? text.replace(/\*/g, '%2A').replace(/%7E/g, '~') : text
}

/**
 * A query name or value as Hono's `c.req.query()` and `c.req.queries()` read it: `+` is a space, and the
 * percent-escapes are decoded as UTF-8; where the whole is not (an escape of a byte that is not UTF-8), each run of
 * escapes is decoded on its own, and a run that is not UTF-8 either is kept as written (`a%FF` stays `a%FF`, where a
 * form decoder gives `a\uFFFD`). What a handler reads, so what request validation checks.
 */
export function handlerDecoded(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw
  return percentDecoded(raw.includes('+') ? raw.replace(/\+/g, ' ') : raw)
}

/** `text`'s percent-escapes decoded as UTF-8, each run on its own where the whole is not, one that is not kept as written. */
export function percentDecoded(text: string): string {
  return tryDecode(text, decodeURIComponent)
}

/** Decodes `text` with `decode`; where that fails, each run of escapes on its own, keeping the runs that do not decode (as Hono does). */
export function tryDecode(text: string, decode: (s: string) => string): string {
  if (!text.includes('%')) return text
  try {
    return decode(text)
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decode(run)
      } catch {
        return run
      }
    })
  }
}

/**
 * The query's parameters, `[name, value]` in order, as Hono's `c.req.queries()` reads them (`handlerDecoded`):
 * a pair without `=` has the value `''`, and a pair whose name is empty (`?=x`, `a&&b`) is left out, as Hono leaves it.
 */
export function handlerQueryPairs(url: string): [string, string][] {
  const at = url.indexOf('?')
  if (at === -1) return []
  const hash = url.indexOf('#', at)
  const pairs: [string, string][] = []
  for (const pair of url.slice(at + 1, hash === -1 ? url.length : hash).split('&')) {
    const equals = pair.indexOf('=')
    const name = handlerDecoded(equals === -1 ? pair : pair.slice(0, equals))
    if (name !== '') pairs.push([name, equals === -1 ? '' : handlerDecoded(pair.slice(equals + 1))])
  }
  return pairs
}
