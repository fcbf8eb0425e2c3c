/**
 * The request bodies of each version's document, by the derivation request
 * validation runs (`requestValidation` of `hono-api-versioning/validation`):
 * the same head schemas, the same changelog undone the same way, so a body
 * valid against a version's documented request schema is one its validator
 * accepts, and one it refuses is invalid against the document. Each
 * version's request components are named `<Shape>Request`, beside the
 * response schemas of the same shapes.
 */
import type { Changelog } from '../changes/changelog.ts'
import { headFieldClash } from '../changes/head-fields.ts'
import type { RouteBodies } from '../changes/history-options.ts'
import { takesRouteRequestLayout } from '../changes/route-changes.ts'
import type { Layout } from '../changes/shape.ts'
import { bodySchema, partialSchema, reachable, schemasByVersion } from '../validation/older-schemas.ts'
import { headSchemas as headSchemasOf } from '../validation/head-schemas.ts'
import { normalizeRouteName } from './sources.ts'
import type { Json } from '../json/object.ts'
import { quoted } from '../quote.ts'

/** What `versionedOpenAPI`'s `requests` option takes: what `requestValidation` and `versionHistory` are given. */
export interface DocumentedRequests {
  /** The head JSON Schema of each shape a request carries, by shape name: the `schemas` given to `requestValidation`. */
  readonly schemas: Readonly<Record<string, object>>
  /** Where shapes sit in each route's bodies: the `bodies` given to `versionHistory` (only `request` layouts are read). */
  readonly bodies: Readonly<Record<string, RouteBodies>>
}

/** Where a route's request shapes sit, whether an older client's form body is migrated too (`forms: true`), and the media types passed to the handler as sent (`unmigrated`). */
export interface RequestLayout {
  readonly layout: Layout
  readonly forms: boolean
  readonly unmigrated: readonly string[]
}

/** The request bodies, read once. */
export interface RequestBodies {
  /** The request layout of an operation (its names, its method), and whether its route takes forms (`forms: true`), or `null`. */
  layoutOf(names: readonly string[], method: string): RequestLayout | null
  /**
   * The request body of `layout` at version index `at` (newest first), its
   * components (renamed `<name>Request`) added to `components`; and whether
   * that schema differs from the head's (the toolkit then checks and
   * migrates the body: 400, 415 and 422 are its answers). `partial` (a
   * PATCH): where the toolkit checks the body, it reads a partial update,
   * so the schema is the partial one the validator uses (no field
   * required), its components named `<name>PatchRequest`.
   */
  bodyAt(layout: Layout, at: number, components: Json, partial?: boolean): { readonly body: Json; readonly older: boolean }
  /** The shapes `schemas` gives a head schema of (its definitions included): their request bodies are derived from them. */
  readonly shapes: ReadonlySet<string>
}

const COMPONENTS = '#/components/schemas/'
const SUFFIX = 'Request'

const PATCH_SUFFIX = 'PatchRequest'

/** `schema` with each reference to a request component renamed to `<name><suffix>`. */
function renamed(schema: unknown, names: ReadonlySet<string>, suffix: string = SUFFIX): unknown {
  if (Array.isArray(schema)) return schema.map((item) => renamed(item, names, suffix))
  if (schema === null || typeof schema !== 'object') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    const target = key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS) ? value.slice(COMPONENTS.length) : null
    out[key] = target !== null && names.has(target) ? `${COMPONENTS}${target}${suffix}` : renamed(value, names, suffix)
  }
  return out
}

/**
 * Reads the `requests` option once: the head schemas, each version's
 * schemas (newest first) by the validation's derivation, and the routes'
 * request layouts. `order`: the versions, newest first. Throws a sentence
 * that says what to fix.
 */
export function requestBodies(given: unknown, changelog: Changelog | null, order: readonly string[], taken: ReadonlySet<string>, where: string): RequestBodies | null {
  if (given === undefined) return null
  const example = '{ schemas: { Product: ProductInput }, bodies: { "POST product-list": { request: Product } } }'
  const { schemas, bodies } = (given ?? {}) as { schemas?: unknown; bodies?: unknown }
  if (schemas === null || typeof schemas !== 'object' || Array.isArray(schemas) || bodies === null || typeof bodies !== 'object' || Array.isArray(bodies)) {
    throw new Error(`${where}: requests must give the schemas requestValidation takes and the bodies versionHistory takes, such as ${example}.`)
  }
  for (const [name, schema] of Object.entries(schemas)) {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) throw new Error(`${where}: requests.schemas.${name} must be a JSON Schema object or a Standard JSON Schema (a zod schema).`)
  }
  // As requestValidation reads them: a zod schema's JSON Schema, its own definitions ($defs) made components.
  const head = headSchemasOf(schemas as Record<string, unknown>, `${where}: requests`)
  for (const name of Object.keys(head)) {
    for (const suffix of [SUFFIX, PATCH_SUFFIX]) {
      if (taken.has(name + suffix)) throw new Error(`${where}: requests.schemas.${name} would be documented as ${quoted(name + suffix)}, which your document already has; rename one of them.`)
    }
  }
  const clash = changelog === null ? null : headFieldClash(head, changelog, (shape) => shape, `${where}: requests`)
  if (clash !== null) throw new Error(clash)
  const names = new Set(Object.keys(head))
  const oldestFirst = [...order].reverse()
  const byVersion = changelog === null ? oldestFirst.map(() => head) : schemasByVersion(head, changelog, oldestFirst)
  const layouts = new Map<string, RequestLayout>()
  for (const [key, entry] of Object.entries(bodies as Record<string, RouteBodies>)) {
    if (entry?.request !== undefined) layouts.set(normalizeRouteName(key.replace(/^([A-Za-z]+) (?!\/)/, (_, m: string) => `${m.toUpperCase()} `)), { layout: entry.request, forms: entry.forms === true, unmigrated: Array.isArray(entry.unmigrated) ? entry.unmigrated : [] })
  }
  const headSchemas = new Map<Layout, string>()
  const defsAt = (at: number): Json => byVersion[oldestFirst.length - 1 - at] ?? head
  return {
    shapes: names,
    layoutOf(operationNames, method) {
      const upper = method.toUpperCase()
      for (const name of operationNames) {
        if (name.startsWith(`${upper} `)) {
          const plain = layouts.get(name)
          if (plain !== undefined) return plain
        }
        const own = layouts.get(`${upper} ${name}`)
        if (own !== undefined) return own
      }
      // As the server reads it: a route's layout is not a GET's, a HEAD's or a DELETE's body.
      if (!takesRouteRequestLayout(upper)) return null
      for (const name of operationNames) {
        const any = layouts.get(name)
        if (any !== undefined) return any
      }
      return null
    },
    bodyAt(layout, at, components, partial = false) {
      const defs = defsAt(at)
      const body = bodySchema(layout, names)
      const used = reachable(body, defs)
      const text = JSON.stringify([...used].sort().map((n) => [n, defs[n]]))
      let headText = headSchemas.get(layout)
      if (headText === undefined) {
        const headDefs = defsAt(0)
        headSchemas.set(layout, (headText = JSON.stringify([...reachable(body, headDefs)].sort().map((n) => [n, headDefs[n]]))))
      }
      const older = text !== headText
      if (partial && older) {
        for (const name of used) components[name + PATCH_SUFFIX] = renamed(partialSchema(defs[name] as Json), names, PATCH_SUFFIX)
        return { body: renamed(partialSchema(body), names, PATCH_SUFFIX) as Json, older }
      }
      for (const name of used) components[name + SUFFIX] = renamed(defs[name], names)
      return { body: renamed(body, names) as Json, older }
    },
  }
}
