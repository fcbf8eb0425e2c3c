/**
 * Resolving a path to its route: the match (name, namespace, decoded params)
 * of a compiled route, with paths decoded exactly as Hono's router decodes them.
 */
import type { CompiledRoute } from './compile.ts'

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

/** The match of `compiled` for a path decoded by `decodePath`, or `null`. */
export function matchRoute(compiled: CompiledRoute, path: string): RouteMatch | null {
  let found = compiled.compiled.regexp.exec(path)
  let format: string | undefined
  if (found === null && compiled.format !== null) {
    found = compiled.format.regexp.exec(path)
    if (found !== null) format = found[compiled.format.group]
  }
  if (found === null) return null
  const params: Record<string, string> = Object.create(null) as Record<string, string>
  for (const param of compiled.compiled.params) {
    const raw = found[param.group]
    if (raw !== undefined) params[param.name] = tryDecode(raw, decodeURIComponent)
  }
  if (format !== undefined) params['format'] = format
  return { name: compiled.name, namespace: compiled.namespace, viewName: compiled.viewName, params, path: compiled.path }
}


/**
 * Decodes a pathname as Hono's router sees it: `decodeURI` (reserved
 * characters such as `%2F` stay escaped), with `%25` kept escaped so that
 * params are decoded exactly once.
 */
export function decodePath(pathname: string): string {
  return tryDecode(pathname.includes('%25') ? pathname.replace(/%25/g, '%2525') : pathname, decodeURI)
}

/** Decodes `text`; when that fails, each run of escapes on its own, keeping the runs that do not decode (as Hono does). */
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
