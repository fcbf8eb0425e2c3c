/**
 * Resolving a path to its route: the match (name, namespace, decoded params)
 * of a compiled route, with paths decoded exactly as Hono's router decodes them.
 */
import type { CompiledRoute } from './compile.ts'
import type { CompiledPath } from './pattern.ts'

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
        if (raw !== undefined) params[param.name] = tryDecode(raw, decodeURIComponent)
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

/** Decodes `text`; when that fails, each run of escapes on its own, keeping the runs that do not decode (as Hono does). */
function tryDecode(text: string, decode: (s: string) => string): string {
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
