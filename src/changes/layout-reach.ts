/**
 * Where a route's layout puts shapes, against where a schema refers to them:
 * an older version's schema (its document's, its request validation's)
 * rewrites a changed component wherever it is referred to, while the server
 * migrates a shape only where the route's layout (and each shape's `nested`)
 * says one sits. Walked together once, at construction: the first place the
 * schema refers to a changed component that the layout puts no shape of that
 * name, where an older version's body would be described (or checked) in its
 * own terms but pass the migration untouched.
 */
import { Shape, type AnyShape, type Layout } from './shape.ts'
import { isObject, type Json } from '../json/object.ts'

const SCHEMAS = '#/components/schemas/'

/** A place the schema refers to a changed component the layout does not migrate. */
export interface UnreachedShape {
  /** The component schema's name. */
  readonly component: string
  /** The JSON path of the place in the body (`$.price`, `$.tags[*]`). */
  readonly at: string
  /** The shape that holds that place and the field it sits in, where one does (the `nested` to declare). */
  readonly holder: { readonly shape: string; readonly field: string; readonly list: boolean } | null
  /** Whether the place is inside a shape of the same component (a recursive schema: no layout can reach it). */
  readonly cyclic: boolean
  /** The route layout that reaches the place, where no shape holds it (`[User]`, `{ items: [User] }`); `null` where a shape or a map does. */
  readonly layout: string | null
}

/**
 * The first place in `schema` (a head response schema, its `$ref`s into
 * `components`) that refers to a component `changed` names and that `layout`
 * puts no shape of that component at (`componentOf` maps a shape to its
 * component's name); `null` where every such place is migrated.
 */
export function unreachedShape(schema: unknown, layout: unknown, components: Json, changed: ReadonlySet<string>, componentOf: (shape: AnyShape) => string): UnreachedShape | null {
  const seen = new Map<string, Set<unknown>>()
  const schemas = (components['schemas'] ?? {}) as Json

  // The components of the shapes the walk is inside.
  const inside: string[] = []

  function walk(node: unknown, at: Layout | undefined, path: string, holder: UnreachedShape['holder'], depth: number): UnreachedShape | null {
    if (!isObject(node) || depth > 256) return null
    const ref = node['$ref']
    if (typeof ref === 'string' && ref.startsWith(SCHEMAS)) {
      const name = ref.slice(SCHEMAS.length).replace(/~1/g, '/').replace(/~0/g, '~')
      const own = at instanceof Shape && componentOf(at) === name
      if (!own && changed.has(name)) return { component: name, at: path, holder, cyclic: inside.includes(name), layout: inside.length === 0 ? layoutAt(path, name) : null }
      // Each component is walked once per layout it is reached with (a recursive schema ends).
      const layouts = seen.get(name) ?? new Set<unknown>()
      if (layouts.has(at)) return null
      seen.set(name, layouts.add(at))
      if (own) inside.push(name)
      const found = walk(schemas[name], at, path, holder, depth + 1)
      if (own) inside.pop()
      return found
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const branches = node[key]
      if (!Array.isArray(branches)) continue
      for (const branch of branches) {
        const found = walk(branch, at, path, holder, depth + 1)
        if (found !== null) return found
      }
    }
    const properties = node['properties']
    if (isObject(properties)) {
      for (const [field, inner] of Object.entries(properties)) {
        const child = at instanceof Shape ? at.nested.get(field) : isFieldLayout(at) ? at[field] : undefined
        const place = at instanceof Shape ? { shape: at.name, field, list: isObject(inner) && (inner['type'] === 'array' || (Array.isArray(inner['type']) && inner['type'].includes('array'))) } : null
        const found = walk(inner, child, `${path}.${field}`, place, depth + 1)
        if (found !== null) return found
      }
    }
    const itemLayout = Array.isArray(at) ? (at[0] as Layout) : undefined
    for (const items of [node['items'], ...(Array.isArray(node['prefixItems']) ? node['prefixItems'] : [])]) {
      const found = walk(items, itemLayout, `${path}[*]`, holder, depth + 1)
      if (found !== null) return found
    }
    // A map's values (additionalProperties, patternProperties) are no place a layout names.
    const patterns = isObject(node['patternProperties']) ? Object.values(node['patternProperties']) : []
    for (const values of [node['additionalProperties'], ...patterns]) {
      const found = walk(values, undefined, `${path}.*`, null, depth + 1)
      if (found !== null) return found
    }
    return null
  }

  return walk(schema, (layout ?? undefined) as Layout | undefined, '$', null, 0)
}

/** Whether `layout` is an object of field layouts (`{ items: [Product] }`). */
function isFieldLayout(layout: Layout | undefined): layout is { readonly [field: string]: Layout } {
  return layout !== undefined && layout !== null && !(layout instanceof Shape) && !Array.isArray(layout)
}

/** The layout that puts `shape` at `path` (`$`, `$.items[*]`) from the body's root, or `null` where a map's values (`.*`) are on the way. */
function layoutAt(path: string, shape: string): string | null {
  const tokens: readonly string[] = path.slice(1).match(/\.[^.[]+|\[\*\]/g) ?? []
  if (tokens.includes('.*')) return null
  return tokens.reduceRight((inner, token) => (token === '[*]' ? `[${inner}]` : `{ ${/^[A-Za-z_$][\w$]*$/.test(token.slice(1)) ? token.slice(1) : JSON.stringify(token.slice(1))}: ${inner} }`), shape)
}
