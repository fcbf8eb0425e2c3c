/**
 * Content negotiation as Django REST framework does it (`DefaultContentNegotiation.select_renderer`, its
 * `_MediaType` and Django's `parse_header`), so that `AcceptHeaderVersioning` reads the version DRF reads:
 *
 * - The header is split at every `,` (inside quotes too), each element trimmed; a blank header is `*\/*`.
 * - An element is split at `;` outside an even count of `"`; the first part, lower-cased, is the type (no syntax
 *   check: `*\/json` and `application/json garbage` are types); every later part with a `=` is a parameter: its name
 *   trimmed and lower-cased, its value trimmed, and when wrapped in `"` unwrapped with `\\` and `\"` unescaped;
 *   `name*=charset'lang'value` (RFC 2231) is percent-decoded in that charset. Parts without `=` are ignored.
 * - Ranges are tried by specificity (`*` as the type, then `*` as the subtype, then no parameters but `q`, then
 *   parameters); `q` ranks nothing and refuses nothing. For each specificity, each rendered type in order, the
 *   matching ranges: the first in the header wins (DRF: a Python set, whose order follows the hash seed).
 * - A range less specific than the rendered type gives its parameters to it, written `name=value` after the
 *   type and read again (so a value with `;` or `"` is read as DRF reads it again).
 *
 * Two differences stay, listed in docs/drf-differences.md: a blank header is `*\/*` (`blank-accept`), and an
 * element with an unquoted value holding a space or tab (`version=v 2`) is skipped (`malformed-value`). An element
 * Django cannot read (a type or parameter name beyond ASCII, a `name*=` value in no charset it knows, where DRF
 * answers 500) is skipped too (`drf-500`).
 */
import type { AcceptedMediaType, AvailableType } from './accept.ts'

/** One element of the header as Django reads it. */
export interface AcceptElement {
  readonly main: string
  readonly sub: string
  readonly params: ReadonlyMap<string, string>
  /** DRF's: 0 for `*` as the type, 1 for `*` as the subtype, 2 without parameters but `q`, else 3. */
  readonly precedence: number
  /** An unquoted value holds a space or tab (`malformed-value`): we skip the element, DRF reads it. */
  readonly malformed: boolean
}

/** How many list elements are read (the rest ignored): the bound on the work of a hostile header. */
const MAX_ELEMENTS = 1000

/** Python's `bytes.strip()` set: ASCII whitespace. */
const ASCII_SPACE = (c: number): boolean => c === 32 || (c >= 9 && c <= 13)
/** Python's `str.strip()` set within Latin-1. */
const STR_SPACE = (c: number): boolean => ASCII_SPACE(c) || (c >= 0x1c && c <= 0x1f) || c === 0x85 || c === 0xa0

/** `text` without the characters `space` holds at either end (a scan: a regular expression would be quadratic). */
function strip(text: string, space: (c: number) => boolean): string {
  let start = 0
  let end = text.length
  while (start < end && space(text.charCodeAt(start))) start++
  while (end > start && space(text.charCodeAt(end - 1))) end--
  return start === 0 && end === text.length ? text : text.slice(start, end)
}

const NOT_ASCII = /[^\x00-\x7f]/
/** An unquoted value with a space or tab inside (`malformed-value`). */
const SPACED = /[^ \t][ \t]+[^ \t]/

/** ASCII lower case, as Python's `bytes.lower()`. */
const lower = (text: string): string => text.replace(/[A-Z]+/g, (s) => s.toLowerCase())

/** Django's `_parse_header_params(b';' + line)`: the parts, trimmed (a `;` after an odd count of `"` splits nothing). */
function parts(line: string): string[] {
  const out: string[] = []
  const s = `;${line}`
  let at = 0
  while (at < s.length && s.charCodeAt(at) === 59 /* ; */) {
    const from = at + 1
    let end = s.indexOf(';', from)
    // The quotes before `end` are counted once each, as `end` moves on: linear, where Django counts again each time.
    let quotes = quotesIn(s, from, end === -1 ? s.length : end)
    while (end > from && quotes % 2 === 1) {
      const next = s.indexOf(';', end + 1)
      quotes += quotesIn(s, end, next === -1 ? s.length : next)
      end = next
    }
    if (end < 0) end = s.length
    out.push(strip(s.slice(from, end), ASCII_SPACE))
    at = end
  }
  return out
}

function quotesIn(s: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) if (s.charCodeAt(i) === 34 /* " */) n++
  return n
}

/** Django's `parse_header` of one element: the lower-cased type and the parameters, or `null` where Django raises. */
function parseHeader(line: string): { type: string; params: Map<string, string>; malformed: boolean } | null {
  const [first, ...rest] = parts(line)
  const type = lower(first as string)
  if (NOT_ASCII.test(type)) return null
  const params = new Map<string, string>()
  let malformed = false
  for (const p of rest) {
    const i = p.indexOf('=')
    if (i < 0) continue
    let name = lower(strip(p.slice(0, i), ASCII_SPACE))
    if (NOT_ASCII.test(name)) return null
    let encoded = false
    if (name.endsWith('*')) {
      name = name.slice(0, -1)
      encoded = p.split("'").length === 3
    }
    let value = strip(p.slice(i + 1), ASCII_SPACE)
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replaceAll('\\\\', '\\').replaceAll('\\"', '"')
    } else if (SPACED.test(value)) {
      malformed = true
    }
    if (encoded) {
      const decoded = rfc2231(value)
      if (decoded === null) return null
      value = decoded
    }
    params.set(name, value)
  }
  return { type, params, malformed }
}

/** `charset'lang'value` percent-decoded in its charset (UTF-8 or Latin-1 here), or `null` (Django: an error). */
function rfc2231(value: string): string | null {
  const split = value.split("'")
  if (split.length !== 3) return null
  const charset = (split[0] as string).toLowerCase().replace(/_/g, '-')
  const text = split[2] as string
  // Python's unquote returns text without "%" as it is, whatever the charset.
  if (!text.includes('%')) return text
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 37 /* % */ && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else if (c < 0x80) bytes.push(c)
    else return null // Django decodes the value as UTF-8 first: kept simple, such values are refused
  }
  if (['utf-8', 'utf8', 'u8', 'utf'].includes(charset)) return new TextDecoder('utf-8').decode(new Uint8Array(bytes))
  if (['latin-1', 'latin1', 'iso-8859-1', 'iso8859-1', 'l1', 'ascii', 'us-ascii'].includes(charset)) {
    if (charset.endsWith('ascii') && bytes.some((b) => b > 0x7f)) return bytes.map((b) => (b > 0x7f ? '\ufffd' : String.fromCharCode(b))).join('')
    // (Not String.fromCharCode(...bytes): a spread of 200,000 escapes overflows the call stack.)
    return bytes.map((b) => String.fromCharCode(b)).join('')
  }
  return null
}

/** One element of an Accept header (trimmed) as DRF reads it, or `null` where Django raises. */
export function acceptElement(text: string): AcceptElement | null {
  const parsed = parseHeader(text)
  if (parsed === null) return null
  const slash = parsed.type.indexOf('/')
  const main = slash === -1 ? parsed.type : parsed.type.slice(0, slash)
  const sub = slash === -1 ? '' : parsed.type.slice(slash + 1)
  const onlyQ = parsed.params.size === 0 || (parsed.params.size === 1 && parsed.params.has('q'))
  const precedence = main === '*' ? 0 : sub === '*' ? 1 : onlyQ ? 2 : 3
  return { main, sub, params: parsed.params, precedence, malformed: parsed.malformed }
}

/**
 * DRF's `_MediaType.match`: subtype and type agree, `*` either side. A parameter of the rendered type (our
 * `mediaTypes` may have them, DRF's JSON renderer has none) restricts only when the range gives it another value.
 */
export function matches(type: AvailableType, range: AcceptElement): boolean {
  for (const [name, value] of type.params) {
    const given = range.params.get(name)
    if (given !== undefined && given !== value) return false
  }
  if (type.subtype !== '*' && range.sub !== '*' && range.sub !== type.subtype) return false
  if (type.type !== '*' && range.main !== '*' && range.main !== type.type) return false
  return true
}

/** The elements of a header as DRF lists them: split at every `,`, each trimmed (the first `MAX_ELEMENTS`). */
export function acceptTexts(header: string): string[] {
  return header.split(',', MAX_ELEMENTS).map((text) => strip(text, STR_SPACE))
}

/**
 * The accepted type as DRF negotiates it (see the module comment), for the rendered `available` types in order of
 * preference, each with its text as configured; `null` when none is acceptable.
 */
export function negotiateList(header: string | null, available: readonly AvailableType[], texts: readonly string[]): AcceptedMediaType | null {
  const blank = header === null || /^[ \t]*$/.test(header)
  const elements: AcceptElement[] = []
  for (const text of acceptTexts(blank ? '*/*' : header)) {
    const parsed = acceptElement(text)
    if (parsed !== null && !parsed.malformed) elements.push(parsed)
  }
  for (let precedence = 3; precedence >= 0; precedence--) {
    for (const [i, type] of available.entries()) {
      const range = elements.find((e) => e.precedence === precedence && matches(type, e))
      if (range === undefined) continue
      const typePrecedence = type.params.size === 0 ? 2 : 3
      if (typePrecedence <= range.precedence) {
        // The range's parameters, over those of the rendered type.
        return { mediaType: `${type.type}/${type.subtype}`, params: type.params.size === 0 ? range.params : new Map([...type.params, ...range.params]) }
      }
      // DRF writes the range's parameters after the rendered type and reads the result again.
      const text = [texts[i] as string, ...[...range.params].map(([name, value]) => `${name}=${value}`)].join(';')
      const again = acceptElement(text)
      return { mediaType: `${type.type}/${type.subtype}`, params: again?.params ?? new Map() }
    }
  }
  return null
}
