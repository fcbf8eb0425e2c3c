/**
 * `Accept` header parsing by RFC 9110 §12.5.1, for vendor media types (`application/vnd.acme.v2+json`) and for
 * checking the media types an application renders; the negotiation that gives the version follows DRF
 * (./accept-list.ts).
 *
 * - Type, subtype and parameter names are case-insensitive (lower-cased);
 *   parameter values keep their case; quoted-string values are unescaped.
 * - A range whose syntax is broken (no `/`, `*` as a type with a subtype,
 *   an unterminated quote, a malformed `q`, text after an unquoted value) is
 *   skipped, not fatal. An empty value (`version=`) is the empty string.
 *
 * The scan is linear in the header length, and stops after `MAX_MEDIA_RANGES` list elements.
 */

/** One parsed media range of an `Accept` header. */
export interface MediaRange {
  readonly type: string
  readonly subtype: string
  /** Parameters other than `q`, names lower-cased. */
  readonly params: ReadonlyMap<string, string>
  /** The weight, 0 to 1. */
  readonly q: number
  /** 0 for `*\/*`, 1 for `type/*`, 2 for `type/subtype`, 3 with parameters (as DRF ranks them). */
  readonly precedence: number
}

/** A media type the application renders, parsed once. */
export interface AvailableType {
  /** `type/subtype`, lower-cased. */
  readonly mediaType: string
  readonly type: string
  readonly subtype: string
  readonly params: ReadonlyMap<string, string>
}

/** The result of negotiation: the accepted type and its parameters. */
export interface AcceptedMediaType {
  /** `type/subtype` of the available type that won. */
  readonly mediaType: string
  /** The parameters of the range that matched it (as DRF reads them, `q` among them), over those of the type. */
  readonly params: ReadonlyMap<string, string>
}

const TOKEN = (() => {
  const table = new Uint8Array(128)
  const chars = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1
  return table
})()

const NO_PARAMS: ReadonlyMap<string, string> = new Map()

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

const isToken = (c: number): boolean => c < 128 && TOKEN[c] === 1
const isSpace = (c: number): boolean => c === 32 || c === 9
/** Unquoted parameter values: tokens, leniently also obs-text (0x80-0xFF). */
const isValueChar = (c: number): boolean => isToken(c) || (c >= 0x80 && c <= 0xff)

/**
 * How many list elements of one header are read (valid or not): browsers
 * send fewer than ten; the bound keeps the work of a hostile header small.
 */
export const MAX_MEDIA_RANGES = 1000

/** Parses an `Accept` header into its valid media ranges, in header order (from its first `MAX_MEDIA_RANGES` elements). */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = []
  const length = header.length
  let i = 0
  for (let elements = 0; i < length && elements < MAX_MEDIA_RANGES; elements++) {
    const result = parseRange(header, i, true)
    if (result.range !== null) ranges.push(result.range)
    i = result.next
  }
  return ranges
}

/**
 * Parses one media type such as `application/json` or
 * `application/vnd.api+json; charset=utf-8` (no wildcards), or returns `null`.
 */
export function parseMediaType(text: string): AvailableType | null {
  const result = parseRange(text, 0, false)
  const range = result.range
  if (range === null || result.next < text.length || range.type === '*' || range.subtype === '*') return null
  // One type only: no list separator before or after it, and no weight.
  const trimmed = text.trim()
  if (trimmed.startsWith(',') || trimmed.endsWith(',') || range.params.has('q')) return null
  return { mediaType: `${range.type}/${range.subtype}`, type: range.type, subtype: range.subtype, params: range.params }
}

interface Parsed {
  readonly range: MediaRange | null
  readonly next: number
}

function parseRange(s: string, start: number, weighted: boolean): Parsed {
  const length = s.length
  let i = start
  while (i < length && (isSpace(s.charCodeAt(i)) || s.charCodeAt(i) === 44)) i++
  if (i >= length) return { range: null, next: length }
  const typeStart = i
  while (i < length && isToken(s.charCodeAt(i))) i++
  const type = s.slice(typeStart, i).toLowerCase()
  if (type === '' || s.charCodeAt(i) !== 47 /* / */) return skip(s, i)
  i++
  const subStart = i
  while (i < length && isToken(s.charCodeAt(i))) i++
  const subtype = s.slice(subStart, i).toLowerCase()
  if (subtype === '' || (type === '*' && subtype !== '*')) return skip(s, i)
  // Most ranges have no parameters: they share one empty map.
  let params: Map<string, string> | null = null
  let q = 1
  for (;;) {
    while (i < length && isSpace(s.charCodeAt(i))) i++
    if (i >= length || s.charCodeAt(i) === 44 /* , */) break
    if (s.charCodeAt(i) !== 59 /* ; */) return skip(s, i)
    i++
    while (i < length && isSpace(s.charCodeAt(i))) i++
    const nameStart = i
    while (i < length && isToken(s.charCodeAt(i))) i++
    if (i === nameStart) continue // an empty parameter, as in "a/b;" or "a/b; ;c=d"
    const name = s.slice(nameStart, i).toLowerCase()
    while (i < length && isSpace(s.charCodeAt(i))) i++
    if (s.charCodeAt(i) !== 61 /* = */) return skip(s, i)
    i++
    while (i < length && isSpace(s.charCodeAt(i))) i++
    let value: string
    if (s.charCodeAt(i) === 34 /* " */) {
      const quoted = readQuoted(s, i)
      if (quoted === null) return { range: null, next: length }
      value = quoted.value
      i = quoted.next
    } else {
      // An empty value (`version=`) is the empty string, as Django reads it.
      const valueStart = i
      while (i < length && isValueChar(s.charCodeAt(i))) i++
      value = s.slice(valueStart, i)
    }
    if (weighted && name === 'q') {
      if (!QVALUE.test(value)) return skip(s, i)
      q = Number(value)
    } else {
      ;(params ??= new Map()).set(name, value)
    }
  }
  const precedence = type === '*' ? 0 : subtype === '*' ? 1 : params !== null ? 3 : 2
  return { range: { type, subtype, params: params ?? NO_PARAMS, q, precedence }, next: i < length ? i + 1 : length }
}

/** Reads a quoted-string at `start` (the opening quote); `null` when it never closes. */
function readQuoted(s: string, start: number): { value: string; next: number } | null {
  let value = ''
  let chunk = start + 1
  for (let i = start + 1; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 92 /* \ */) {
      value += s.slice(chunk, i)
      i++
      chunk = i
    } else if (c === 34 /* " */) {
      return { value: value + s.slice(chunk, i), next: i + 1 }
    }
  }
  return null
}

/** Skips a malformed range: to just after the next comma outside quotes. */
function skip(s: string, from: number): Parsed {
  let inQuotes = false
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (inQuotes) {
      if (c === 92) i++
      else if (c === 34) inQuotes = false
    } else if (c === 34) {
      inQuotes = true
    } else if (c === 44) {
      return { range: null, next: i + 1 }
    }
  }
  return { range: null, next: s.length }
}
