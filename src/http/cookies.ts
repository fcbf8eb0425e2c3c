/**
 * The cookies of a `Cookie` header as Hono's `getCookie(c, name)` reads
 * them, so that what request validation checks is what the handler reads:
 * names and values trimmed of spaces and tabs only, a value in double quotes
 * taken without them, a pair whose name or value holds a character a cookie
 * cannot (a `"`, `\`, a control character, text beyond ASCII) left out, the
 * first pair of a name that is kept being the cookie, its value
 * percent-decoded where it is UTF-8 (`handlerDecoded`'s rule, without `+`).
 */
import { percentDecoded } from './query.ts'

/** A cookie name as Hono reads one (RFC 6265's token, relaxed as Hono relaxes it). */
const NAME = /^[!#-:<>-[\]-~]+$/
/** A cookie value as Hono keeps one: anything else leaves its pair out. */
const VALUE = /^[ !#-:<-[\]-~]*$/

/** `text` without the spaces and tabs at its ends (not other white space: a no-break space stays). */
function trimmed(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--
  return text.slice(start, end)
}

/** Each cookie of `header` by name, as the handler's `getCookie(c, name)` gives it. */
export function handlerCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at === -1) continue
    const name = trimmed(pair.slice(0, at))
    if (!NAME.test(name) || cookies.has(name)) continue
    let value = trimmed(pair.slice(at + 1))
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    if (VALUE.test(value)) cookies.set(name, percentDecoded(value))
  }
  return cookies
}
