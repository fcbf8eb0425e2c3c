/**
 * The head's examples an older document's components would still show in
 * the head's shape, left out there: an `example` or `examples` inside a
 * component schema whose value holds a component that version changes (the
 * changed component's own examples are migrated with it, by
 * changes/schema-changes.ts), a media type's examples inside a response or
 * request body component (as older-responses.ts does for an operation's),
 * and the `components.examples` entries only those referred to; and a
 * parameter's examples (an operation's or a component) where its schema
 * refers to a changed one.
 */
import { referred, withoutStaleExamples } from './older-responses.ts'
import { isObject, type Json } from '../json/object.ts'
import { refName } from '../json/pointer.ts'

/** The keywords of a schema whose values are values, not schemas. */
const VALUES: ReadonlySet<string> = new Set(['example', 'examples', 'const', 'enum', 'default'])

/**
 * The names of the components of `kind` (`schemas`, `examples`) that
 * `node`'s `$ref`s name, directly (not followed), added to `out`; with
 * `values: false`, not those in the values of a schema's `example`,
 * `examples`, `const`, `enum` and `default`.
 */
function refsOf(node: unknown, kind: string, out: Set<string>, values = false): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsOf(item, kind, out, values)
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = refName(value, ['components', kind])
        if (name !== null) out.add(name)
      } else if (values || !VALUES.has(key)) refsOf(value, kind, out, values)
    }
  }
  return out
}

/**
 * Per component schema, whether a value of it may hold a component
 * `changed` names (through references, itself aside unless it refers to
 * itself): its examples would show that one in the head's shape.
 */
function holdsChanged(schemas: Json, changed: ReadonlySet<string>): (node: unknown) => boolean {
  const memo = new Map<string, boolean>()
  const reaches = (name: string, seen: Set<string>): boolean => {
    const known = memo.get(name)
    if (known !== undefined) return known
    if (changed.has(name)) return true
    if (seen.has(name)) return false
    // Only a walk that started here has seen all it reaches (inside a cycle, a part of it was cut short).
    const first = seen.size === 0
    seen.add(name)
    const found = [...refsOf(schemas[name], 'schemas', new Set())].some((inner) => Object.hasOwn(schemas, inner) && reaches(inner, seen))
    if (first || found) memo.set(name, found)
    return found
  }
  return (node) => [...refsOf(node, 'schemas', new Set())].some((name) => Object.hasOwn(schemas, name) && reaches(name, new Set()))
}

/** `schema` without the examples of each node whose value may hold a changed component (`stale`); the same object when it has none. */
function withoutStaleSchemaExamples(schema: unknown, stale: (node: unknown) => boolean): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map((item) => withoutStaleSchemaExamples(item, stale))
    return items.some((item, i) => item !== schema[i]) ? items : schema
  }
  if (!isObject(schema)) return schema
  let out: Json | null = null
  for (const [key, value] of Object.entries(schema)) {
    if (VALUES.has(key)) continue
    const inner = withoutStaleSchemaExamples(value, stale)
    if (inner !== value) (out ??= { ...schema })[key] = inner
  }
  if (('example' in schema || 'examples' in schema) && stale(schema)) {
    const { example: _example, examples: _examples, ...rest } = out ?? schema
    return rest
  }
  return out ?? schema
}

/**
 * A version's `components` (a new object, its groups copied) with the
 * head's stale examples left out: `changed` names the component schemas
 * that version changes; `document` is that version's document (its paths
 * made), `head` the head's. A `components.examples` entry the head refers
 * to that nothing of this document refers to any more goes.
 */
export function withoutStaleComponentExamples(components: Json, changed: ReadonlySet<string>, document: Json, head: Json | null): void {
  if (changed.size === 0) return
  const schemas = isObject(components['schemas']) ? components['schemas'] : {}
  const stale = holdsChanged(schemas, changed)
  for (const [name, schema] of Object.entries(schemas)) {
    const kept = withoutStaleSchemaExamples(schema, stale)
    if (kept !== schema) schemas[name] = kept
  }
  for (const kind of ['responses', 'requestBodies']) {
    const group = components[kind]
    if (!isObject(group)) continue
    for (const [name, entry] of Object.entries(group)) group[name] = withoutStaleExamples(entry, changed, schemas)
  }
  const parameters = components['parameters']
  if (isObject(parameters)) {
    const names = Object.keys(parameters)
    withoutStaleParameterExamples(Object.values(parameters), changed, schemas).forEach((parameter, i) => (parameters[names[i] as string] = parameter))
  }
  const examples = components['examples']
  if (!isObject(examples) || head === null) return
  const used = refsOf([document['paths'], document['webhooks'], Object.entries(components).filter(([kind]) => kind !== 'examples')], 'examples', new Set(), true)
  const headUsed = refsOf([head['paths'], head['webhooks'], Object.entries((head['components'] ?? {}) as Json).filter(([kind]) => kind !== 'examples')], 'examples', new Set(), true)
  for (const name of Object.keys(examples)) if (headUsed.has(name) && !used.has(name)) delete examples[name]
}

/** `parameters` without the examples of each one whose schema refers to a component schema `changed` names (through `schemas`); the same list when none has. */
export function withoutStaleParameterExamples<T>(parameters: readonly T[], changed: ReadonlySet<string>, schemas: Json): readonly T[] {
  if (changed.size === 0) return parameters
  const out = parameters.map((parameter) => {
    if (!isObject(parameter)) return parameter
    if (isObject(parameter['content'])) return withoutStaleExamples(parameter, changed, schemas)
    if (!('example' in parameter || 'examples' in parameter) || ![...referred(parameter['schema'], schemas)].some((name) => changed.has(name))) return parameter
    const { example: _example, examples: _examples, ...rest } = parameter
    return rest as T
  })
  return out.some((p, i) => p !== parameters[i]) ? out : parameters
}
