/**
 * Hono paths as OpenAPI paths: `/users/:id{[0-9]+}` is `/users/{id}` with a
 * path parameter `id` whose schema has the pattern `^(?:[0-9]+)$` (a
 * compiled path's form: routes/openapi-form.ts), a table route's in each of
 * its forms, a plain route's from its text.
 */
import { honoPathForm, openAPIForm, type OpenAPIPathParam } from '../routes/openapi-form.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import { compilePath, type CompiledPath } from '../routes/pattern.ts'

/** One OpenAPI path a route is served at. */
export interface OpenAPIPath {
  readonly path: string
  readonly params: readonly OpenAPIPathParam[]
  /** `''` for the route's path; `'short'` without its optional last param; `'format'` with a format suffix. */
  readonly variant: '' | 'short' | 'format'
}

/**
 * The OpenAPI paths of a table route: its path; without its optional last
 * param when it has one (OpenAPI path params are required); and with a
 * format suffix (`/users/{id}.{format}`) when it takes formats.
 */
export function routePaths(route: CompiledRoute): OpenAPIPath[] {
  const full = openAPIForm(route.compiled, true)
  const out: OpenAPIPath[] = [{ ...full, variant: '' }]
  const last = route.compiled.params[route.compiled.params.length - 1]
  if (last?.optional === true) out.push({ ...openAPIForm(route.compiled, false), variant: 'short' })
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
  return honoPathForm(honoPath).path
}

/**
 * The OpenAPI paths a plain route's Hono path serves: its path, and without
 * its optional last param when it has one (`/files/:name?` serves `/files`
 * too; OpenAPI path params are required), as a table route's `routePaths`.
 */
export function openAPIPathsOf(honoPath: string): string[] {
  const full = openAPIPathOf(honoPath)
  let compiled: CompiledPath
  try {
    compiled = compilePath(honoPath, 'openAPIPathsOf')
  } catch {
    return [full]
  }
  if (compiled.params[compiled.params.length - 1]?.optional !== true) return [full]
  return [full, openAPIForm(compiled, false).path]
}

/** A path with every parameter name blanked (`/users/{}`), to match paths whose parameter names differ. */
export function pathShape(path: string): string {
  return path.replace(/\{[^{}]*\}/g, '{}')
}
