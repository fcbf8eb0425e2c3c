/**
 * Resolving a path to its route: the match (name, namespace, decoded params)
 * of a compiled route, with paths decoded exactly as Hono's router decodes them.
 */
import type { CompiledRoute } from './compile.ts'
import type { CompiledPath } from './pattern.ts'
import { tryDecode } from '../http/query.ts'

/** The route a path resolved to. */
export interface RouteMatch {
  /** The route's own name. */
  readonly name: string
  /** The namespace the route is included under (`api:v1`), or `null`. */
  readonly namespace: string | null
  /** The namespaced name. */
  readonly viewName: string
  /** Decoded parameter values, including `format` when a suffix matched. */
  readonly params: Readonly<Record<string, string>>
  /** The full path pattern that matched. */
  readonly path: string
}

/**
 * The first of `routes`, in order, whose path matches `pathname`
 * (percent-decoded as Hono's router decodes it: `decodeURI`, so reserved
 * characters such as `%2F` stay escaped, with `%25` kept escaped so that
 * params are decoded exactly once) and whose params, decoded, still fit their patterns (Django decodes the path
 * before matching: `a%2Fb` is `a/b`, which `[^/]+` refuses), or `null`.
 */
export function resolvePath(routes: readonly CompiledRoute[], pathname: string): RouteMatch | null {
  const path = tryDecode(pathname.includes('%25') ? pathname.replace(/%25/g, '%2525') : pathname, decodeURI)
  for (const route of routes) {
    const { compiled, format } = route
    let found = compiled.regexp.exec(path)
    let suffix: string | undefined
    if (found === null && format !== null) {
      // The suffix is the last group.
      found = format.regexp.exec(path)
      suffix = found?.[found.length - 1]
    }
    if (found !== null) {
      const params: Record<string, string> = Object.create(null) as Record<string, string>
      for (const param of compiled.params) {
        const raw = found[param.group]
        if (raw !== undefined) params[param.name] = decodeParam(raw)
      }
      if (pathname.includes('%') && !fitsPatterns(compiled, params)) continue
      if (suffix !== undefined) params['format'] = suffix
      return { name: route.name, namespace: route.namespace, viewName: route.viewName, params, path: route.path }
    }
  }
  return null
}

/** Whether decoded params still fit their patterns (an encoded slash, decoded, is a slash `[^/]+` refuses, as in Django). */
export function fitsPatterns(compiled: CompiledPath, params: Readonly<Record<string, string>>): boolean {
  for (const param of compiled.params) {
    const value = params[param.name]
    if (value !== undefined && !param.test.test(value)) return false
  }
  return true
}

/**
 * A param's value decoded as Django decodes a path: escapes to bytes, the bytes as UTF-8, and each byte that is not
 * part of a well-formed sequence written again as `%XX` (Django's `repercent_broken_unicode`), so `%62%B8` is `b%B8`
 * (Hono keeps a run of escapes that does not decode as written).
 */
export function decodeParam(raw: string): string {
  if (!raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    // Below: the rare value with a stray "%" or bytes that are not UTF-8.
  }
  const bytes = new TextEncoder().encode(raw.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))
  const out: number[] = []
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number
    if (b === 37 /* % */) {
      out.push(Number.parseInt(String.fromCharCode(bytes[i + 1] as number, bytes[i + 2] as number), 16))
      i += 2
    } else out.push(b)
  }
  let text = ''
  for (let i = 0; i < out.length; ) {
    const n = wellFormed(out, i)
    if (n > 0) {
      text += utf8.decode(new Uint8Array(out.slice(i, i + n)))
      i += n
    } else {
      // The lead byte and the continuation bytes that fit it: one error (Python's), each byte written as %XX.
      const bad = Math.max(1, -n)
      for (let j = i; j < i + bad; j++) text += `%${(out[j] as number).toString(16).toUpperCase().padStart(2, '0')}`
      i += bad
    }
  }
  return text
}

const utf8 = new TextDecoder()

/** The length of the well-formed UTF-8 sequence at `i`, or minus the length of its longest well-formed prefix. */
function wellFormed(bytes: readonly number[], i: number): number {
  const b = bytes[i] as number
  if (b < 0x80) return 1
  const [need, low, high] = b >= 0xc2 && b <= 0xdf ? [1, 0x80, 0xbf] : b === 0xe0 ? [2, 0xa0, 0xbf] : b === 0xed ? [2, 0x80, 0x9f] : b >= 0xe1 && b <= 0xef ? [2, 0x80, 0xbf] : b === 0xf0 ? [3, 0x90, 0xbf] : b === 0xf4 ? [3, 0x80, 0x8f] : b >= 0xf1 && b <= 0xf3 ? [3, 0x80, 0xbf] : [0, 0, 0]
  if (need === 0) return -1
  for (let k = 1; k <= need; k++) {
    const c = bytes[i + k]
    if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return -k
  }
  return need + 1
}
