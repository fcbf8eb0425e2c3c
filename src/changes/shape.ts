/**
 * Shapes: the names a history gives to the JSON objects its changes act on
 * (`Product`), with where other shapes sit inside them, and layouts: where
 * shapes sit in a body (the body itself, `[Product]`, `{ items: [Product] }`).
 */
import type { InferOutput, StandardSchemaV1 } from './standard-schema.ts'
import { checkOptionNames, isRecord } from '../options.ts'
import { quoted, quotedValue } from '../quote.ts'

/**
 * Where shapes sit in a JSON value:
 * - a shape: the value is one (`Product`);
 * - `[layout]`: the value is an array of such values (`[Product]`);
 * - an object of layouts: the value is an object whose fields hold them
 *   (`{ items: [Product] }`); its other fields are left alone.
 */
export type Layout = AnyShape | readonly [Layout] | { readonly [field: string]: Layout }

/** Any shape, whatever its head type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyShape = Shape<any, string>

/** The field names of a shape the compiler knows: those of its head type, and the older names declared with it. */
export type FieldOf<T, O extends string> = (keyof T & string) | O

/** Options of `shape()`. */
export interface ShapeOptions<T> {
  /**
   * Where other shapes sit inside this one, by field name in the head
   * version: `{ category: Category, variants: [Variant] }`. Renames of these
   * fields in older versions are followed.
   * @default {} (none)
   */
  readonly nested?: { readonly [K in keyof T & string]?: Layout } | undefined
}

/**
 * A named JSON object shape whose head (newest) form is `T`. `O` lists
 * field names it had only in older versions that changes of intermediate
 * versions name (a field renamed twice: `shape<Product, 'label'>(...)`).
 */
export class Shape<T = Record<string, unknown>, O extends string = never> {
  /** The name (OpenAPI maps it to the component schema of that name). */
  readonly name: string
  /** Where other shapes sit inside it, by head field name. */
  readonly nested: ReadonlyMap<string, Layout>
  /** Types only: the head type and the older names. */
  declare readonly '~types'?: { readonly head: T; readonly older: O } | undefined

  constructor(name: string, nested: ReadonlyMap<string, Layout>) {
    this.name = name
    this.nested = nested
  }
}

/**
 * Declares a shape. Give the head type as a type argument, or a Standard
 * Schema (zod and others) whose output type it is; field names in changes
 * are then checked by the compiler. Without either, any name goes.
 *
 * @example
 * ```ts
 * interface Product { id: number; title: string; category: Category }
 * const Category = shape<Category>('Category')
 * const Product = shape<Product>('Product', { nested: { category: Category } })
 * const Order = shape('Order', OrderSchema) // a zod schema
 * ```
 */
export function shape<S extends StandardSchemaV1>(name: string, schema: S, options?: ShapeOptions<InferOutput<S>>): Shape<InferOutput<S>>
export function shape<T extends object = Record<string, unknown>, O extends string = never>(name: string, options?: ShapeOptions<T>): Shape<T, O>
export function shape(name: string, second?: unknown, third?: unknown): AnyShape {
  if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
    throw new Error(`shape: the name must be an identifier such as "Product" (OpenAPI uses it as a schema name), got ${quotedValue(name)}.`)
  }
  const isSchema = second !== null && typeof second === 'object' && '~standard' in second
  const options = (isSchema ? third : second) as ShapeOptions<Record<string, unknown>> | undefined
  if (options !== undefined && !isRecord(options)) {
    throw new Error(`shape(${quoted(name)}): options must be an object such as { nested: { category: Category } }.`)
  }
  if (options !== undefined) checkOptionNames(options, `shape(${quoted(name)})`, ['nested'])
  const nested = new Map<string, Layout>()
  const given = options?.nested
  if (given !== undefined) {
    if (!isRecord(given)) {
      throw new Error(`shape(${quoted(name)}): nested must map field names to layouts, such as { category: Category, tags: [Tag] } (an object, not a Map).`)
    }
    for (const [field, layout] of Object.entries(given)) {
      if (layout === undefined) continue
      if (field === '__proto__') throw new Error(PROTO(`shape(${quoted(name)}): nested`))
      checkLayout(layout, `shape(${quoted(name)}): nested.${field}`)
      nested.set(field, layout)
    }
  }
  return new Shape(name, nested)
}

/** Checks a layout given by a user (throws a sentence that says what to fix). */
export function checkLayout(layout: unknown, where: string): asserts layout is Layout {
  if (layout instanceof Shape) return
  if (Array.isArray(layout)) {
    if (layout.length !== 1) throw new Error(`${where}: an array layout holds exactly one layout, such as [Product], got ${layout.length} entries.`)
    checkLayout(layout[0], `${where}[0]`)
    return
  }
  if (layout === null || typeof layout !== 'object' || Object.getPrototypeOf(layout) !== Object.prototype) {
    throw new Error(`${where}: a layout is a shape, [layout] or an object of layouts such as { items: [Product] }, got ${describe(layout)}.`)
  }
  const entries = Object.entries(layout)
  if (entries.length === 0) throw new Error(`${where}: an object layout names at least one field, such as { items: [Product] }.`)
  for (const [field, inner] of entries) {
    if (field === '__proto__') throw new Error(PROTO(where))
    checkLayout(inner, `${where}.${field}`)
  }
}

/** Why a layout cannot name a field `__proto__` (instruction.ts `checkObjectField` says the same of instructions). */
const PROTO = (where: string): string =>
  `${where}: a field cannot be named "__proto__", which JavaScript objects take for their prototype rather than a field; give the field another name in the API.`

/** The shapes a layout names, nested ones included (each once). */
export function shapesOf(layout: Layout, into: Set<AnyShape> = new Set()): Set<AnyShape> {
  if (layout instanceof Shape) {
    if (into.has(layout)) return into
    into.add(layout)
    for (const inner of layout.nested.values()) shapesOf(inner, into)
  } else if (Array.isArray(layout)) {
    shapesOf(layout[0] as Layout, into)
  } else {
    for (const inner of Object.values(layout)) shapesOf(inner as Layout, into)
  }
  return into
}

/** The JSON value a layout describes, in the head version. */
export type LayoutValue<L> =
  L extends Shape<infer T, string>
    ? T
    : L extends readonly [infer I]
      ? readonly LayoutValue<I>[]
      : L extends object
        ? { readonly [K in keyof L]?: LayoutValue<L[K]> | null } & { readonly [field: string]: unknown }
        : unknown

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'function') return 'a function'
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object that is not a plain object'
  return typeof value
}

/** The JSON Schema of a layout, its shapes as references to their component schemas (the older one a converter or a changed field makes, for documents). */
export function layoutSchema(layout: Layout): object {
  if (Array.isArray(layout)) return { type: 'array', items: layoutSchema(layout[0] as Layout) }
  if (layout instanceof Shape) return { $ref: `#/components/schemas/${layout.name}` }
  const properties: Record<string, object> = {}
  for (const [field, inner] of Object.entries(layout)) properties[field] = layoutSchema(inner as Layout)
  return { type: 'object', properties }
}
