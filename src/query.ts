/**
 * Query-string reads and writes with standard form decoding (`+` is a space,
 * percent-escapes are UTF-8, malformed escapes are kept as written).
 */

/**
 * The last value of `name` in a query string (as Django's `QueryDict.get`
 * does), `''` for `?name=` or `?name`, or `null` when absent.
 */
export function lastQueryValue(search: string, name: string): string | null {
  if (search === '') return null
  // URLSearchParams drops one leading "?": give it one, so "??v=1" keeps the key "?v".
  const values = new URLSearchParams(`?${search}`).getAll(name)
  return values.length === 0 ? null : (values[values.length - 1] as string)
}

/**
 * Sets `name` to `value` in the query of a URL (absolute or path-only): an
 * existing value is replaced in place, other parameters keep their order.
 */
export function replaceQueryParam(url: string, name: string, value: string): string {
  const hash = url.indexOf('#')
  const fragment = hash === -1 ? '' : url.slice(hash)
  const rest = hash === -1 ? url : url.slice(0, hash)
  const q = rest.indexOf('?')
  const base = q === -1 ? rest : rest.slice(0, q)
  // Includes the "?", which URLSearchParams drops, so a key starting with "?" survives.
  const params = new URLSearchParams(q === -1 ? '' : rest.slice(q))
  params.set(name, value)
  return `${base}?${params.toString()}${fragment}`
}
