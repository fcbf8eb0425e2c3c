/**
 * `hono-api-versioning/hono` as docs/changes.md uses it, until the core takes
 * the `changes` option (CONTRACTS.md A): `apiVersioning({ ..., changes })` is
 * the core's middleware behind the stand-in of test/changes-harness.ts.
 * Delete this file once the core wires `changes`.
 */
import type { MiddlewareHandler } from 'hono'
import type { VersionHistory } from '../src/changes/index.ts'
import { apiVersioning as coreApiVersioning, type ApiVersioningMiddleware, type ApiVersioningOptions } from '../src/hono/index.ts'
import type { BaseVersioning, RouteEntry, RouteTable } from '../src/index.ts'
import { changesMiddleware } from './changes-harness.ts'

export * from '../src/hono/index.ts'

export function apiVersioning<T extends RouteTable<RouteEntry>, S extends BaseVersioning>(
  options: ApiVersioningOptions<T, S> & { readonly changes?: VersionHistory<string> },
): ApiVersioningMiddleware<T, S> {
  const { changes, ...rest } = options
  const versioning = coreApiVersioning(rest as ApiVersioningOptions<T, S>)
  if (changes === undefined) return versioning
  const harness = changesMiddleware(changes, { scheme: rest.scheme, routes: rest.routes as unknown as RouteTable })
  const middleware: MiddlewareHandler = (c, next) => harness(c, () => (versioning as unknown as MiddlewareHandler)(c, next) as Promise<void>)
  return Object.assign(middleware, { routes: versioning.routes, scheme: versioning.scheme }) as unknown as ApiVersioningMiddleware<T, S>
}
