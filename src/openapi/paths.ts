/**
 * Hono paths as OpenAPI paths: `/users/:id{[0-9]+}` is `/users/{id}` with a
 * path parameter `id` whose schema has the pattern `^(?:[0-9]+)$`.
 */
import { compilePath, type CompiledPath } from '../routes/pattern.ts'
import type { CompiledRoute } from '../routes/compile.ts'

/** A path parameter of an OpenAPI path: its name, and its pattern unless it is Hono's default (any segment). */
export interface OpenAPIPathParam {
  readonly name: string
  readonly pattern: string | null
}

/** One OpenAPI path a route is served at. */
export interface OpenAPIPath {
  readonly path: string
  readonly params: readonly OpenAPIPathParam[]
  /** `''` for the route's path; `'short'` without its optional last param; `'format'` with a format suffix. */
  readonly variant: '' | 'short' | 'format'
}

const DEFAULT_PATTERN = '[^/]+'

/** `^(?:pattern)$`, the JSON Schema pattern of a Hono param pattern; `null` for Hono's default. */
export function schemaPattern(pattern: string): string | null {
  return pattern === DEFAULT_PATTERN ? null : `^(?:${pattern})$`
}

/** The OpenAPI form of a compiled path, with or without its optional last param. */
function fromCompiled(compiled: CompiledPath, withOptional: boolean): { path: string; params: OpenAPIPathParam[] } {
  const { params, literals } = compiled
  let path = literals[0] as string
  const out: OpenAPIPathParam[] = []
  params.forEach((param, i) => {
    if (param.optional && !withOptional) {
      path += literals[i + 1] as string
      return
    }
    path += `${param.optional ? '/' : ''}{${param.name}}${literals[i + 1] as string}`
    out.push({ name: param.name, pattern: param.pattern })
  })
  return { path: path === '' ? '/' : path, params: out }
}

/**
 * The OpenAPI paths of a table route: its path; without its optional last
 * param when it has one (OpenAPI path params are required); and with a
 * format suffix (`/users/{id}.{format}`) when it takes formats.
 */
export function routePaths(route: CompiledRoute): OpenAPIPath[] {
  const full = fromCompiled(route.compiled, true)
  const out: OpenAPIPath[] = [{ ...full, variant: '' }]
  const last = route.compiled.params[route.compiled.params.length - 1]
  if (last?.optional === true) out.push({ ...fromCompiled(route.compiled, false), variant: 'short' })
  if (route.format !== null) {
    const slash = route.format.trailingSlash
    const body = slash ? full.path.slice(0, -1) : full.path
    out.push({ path: `${body}.{format}${slash ? '/' : ''}`, params: [...full.params, { name: 'format', pattern: route.format.pattern }], variant: 'format' })
  }
  return out
}

/**
 * The OpenAPI form of a Hono path given as text (a plain route's
 * `METHOD /path` in a changelog): parameters become `{name}`. Paths the
 * route table cannot compile (wildcards) are converted segment by segment.
 */
export function openAPIPathOf(honoPath: string): string {
  try {
    return fromCompiled(compilePath(honoPath, 'openAPIPathOf'), true).path
  } catch {
    return honoPath.replace(/:([A-Za-z0-9_]+)(?:\{[^/]*\})?\??/g, '{$1}')
  }
}

/** A path with every parameter name blanked (`/users/{}`), to match paths whose parameter names differ. */
export function pathShape(path: string): string {
  return path.replace(/\{[^{}]*\}/g, '{}')
}
