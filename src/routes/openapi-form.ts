/**
 * A compiled route path in OpenAPI's syntax (`/users/:id{[0-9]+}` is
 * `/users/{id}`, its param's pattern `^(?:[0-9]+)$` as a JSON Schema has
 * it): below both the documents (openapi/paths.ts) and the model's light
 * part (model/table-model.ts, hono/app-operations.ts), which write a table
 * route's path, and a plain route's, the same way.
 */
import { compilePath, type CompiledPath } from './pattern.ts'

/** A path parameter of an OpenAPI path: its name, and its pattern unless it is Hono's default (any segment). */
export interface OpenAPIPathParam {
  readonly name: string
  readonly pattern: string | null
}

const DEFAULT_PATTERN = '[^/]+'

/**
 * The Hono path of an @hono/zod-openapi path, as OpenAPIHono registers it: `/users/{id}` is `/users/:id`, and
 * `/{version{v[12]}}` (a patterned param of the prefix `app.route()` mounted a sub-app under, which OpenAPIHono
 * writes `:version{v[12]}`) is `/:version{v[12]}`. A param name holds no `/`, `{` or `}`: this pattern cannot
 * backtrack as OpenAPIHono's own `/{(.+?)}` can, on the paths an app declares.
 */
export function honoPath(openAPIPath: string): string {
  return openAPIPath.replaceAll(/\/\{([^/{}]+)(\{[^/]*\})?\}/g, '/:$1$2')
}

/** `^(?:pattern)$`, the JSON Schema pattern of a Hono param pattern; `null` for Hono's default. */
export function schemaPattern(pattern: string): string | null {
  return pattern === DEFAULT_PATTERN ? null : `^(?:${pattern})$`
}

/** The OpenAPI form of a compiled path, with or without its optional last param (its pattern as Hono has it). */
export function openAPIForm(compiled: CompiledPath, withOptional: boolean): { path: string; params: OpenAPIPathParam[] } {
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
 * The OpenAPI form of a path as Hono registers it (`/users/:id{[0-9]+}` is
 * `/users/{id}`, with its param); a path the route table cannot compile (a
 * wildcard) is converted segment by segment, without params.
 */
export function honoPathForm(honoPath: string): { path: string; params: OpenAPIPathParam[] } {
  try {
    return openAPIForm(compilePath(honoPath, 'honoPathForm'), true)
  } catch {
    return { path: honoPath.replace(/:([A-Za-z0-9_]+)(?:\{[^/]*\})?\??/g, '{$1}'), params: [] }
  }
}
