/**
 * Streamed answers in the documents: a route whose `bodies` entry (as given
 * to `versionHistory`) has an `items` layout answers a stream of JSON items,
 * migrated one at a time. The toolkit frames a stream by the media type the
 * handler answers with (its `Content-Type`), which only the head document
 * can say: each of the operation's success media types that is a stream of
 * items (`application/x-ndjson`, `application/jsonl`, `application/json-seq`,
 * `text/event-stream`, `text/plain`) is documented with that version's item
 * schema. OpenAPI 3.1 has no item schema for sequential media (3.2's Media
 * Type Object has `itemSchema`): the item schema is `x-itemSchema`, 3.2's
 * name, and `schema` is the string the body is, described.
 */
import type { RouteBodies } from '../changes/history-options.ts'
import { Shape, type Layout } from '../changes/shape.ts'
import { framingOf, type Framing } from '../changes/streams.ts'
import { normalizeRouteName, type SourceOperation } from './sources.ts'
import type { Json } from '../json/object.ts'
import { pointerRef } from '../json/pointer.ts'

/** The item layouts of the streamed routes, read once. */
export interface StreamedBodies {
  /** The item layout of an operation (by its names and method), or `null`. */
  itemsOf(names: readonly string[], method: string): Layout | null
}

const WHAT: Record<Framing, string> = {
  lines: 'JSON Lines: one JSON item per line',
  sequence: 'A JSON text sequence (RFC 7464): one JSON item per record',
  events: 'Server-sent events: the data of each event is one JSON item',
}

/** The `items` layouts of `bodies` (the `bodies` given to `versionHistory`), by route name; `null` when none has one. */
export function streamedBodies(bodies: unknown, where: string): StreamedBodies | null {
  if (bodies === undefined) return null
  if (bodies === null || typeof bodies !== 'object' || Array.isArray(bodies)) throw new Error(`${where}: bodies must be the bodies given to versionHistory, such as { 'GET /people.ndjson': { items: Person } }.`)
  const layouts = new Map<string, Layout>()
  for (const [key, entry] of Object.entries(bodies as Record<string, RouteBodies>)) {
    if (entry?.items !== undefined) layouts.set(normalizeRouteName(key.replace(/^([A-Za-z]+) (?!\/)/, (_, m: string) => `${m.toUpperCase()} `)), entry.items)
  }
  if (layouts.size === 0) return null
  return {
    itemsOf(names, method) {
      const upper = method.toUpperCase()
      for (const name of names) {
        const own = name.startsWith(`${upper} `) ? layouts.get(name) : (layouts.get(`${upper} ${name}`) ?? layouts.get(name))
        if (own !== undefined) return own
      }
      return null
    },
  }
}

/** The schema of an item of `layout`: its shapes as references to their component schemas (`{}` for a shape with none). */
function itemSchema(layout: Layout, shapes: Readonly<Record<string, string>>, components: Json): Json {
  if (layout instanceof Shape) {
    const name = shapes[layout.name] ?? layout.name
    return Object.hasOwn(components, name) ? { $ref: pointerRef(['components', 'schemas', name]) } : {}
  }
  if (Array.isArray(layout)) return { type: 'array', items: itemSchema(layout[0] as Layout, shapes, components) }
  const properties: Json = {}
  for (const [field, inner] of Object.entries(layout)) properties[field] = itemSchema(inner as Layout, shapes, components)
  return { type: 'object', properties }
}

/** Whether `responses` (an operation's) has a success media type that is a stream of items. */
function streamedTypes(responses: Json): string[] {
  const types: string[] = []
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2/.test(status) || response === null || typeof response !== 'object') continue
    for (const type of Object.keys(((response as Json)['content'] ?? {}) as Json)) if (framingOf(type.toLowerCase()) !== null) types.push(type)
  }
  return types
}

/** Checks, at construction, that each streamed operation's document says the media type its handler sends. */
export function checkStreamed(streams: StreamedBodies | null, operations: readonly SourceOperation[], where: string): void {
  if (streams === null) return
  for (const source of operations) {
    if (streams.itemsOf(source.names, source.method) === null) continue
    if (streamedTypes((source.operation['responses'] ?? {}) as Json).length === 0) {
      throw new Error(
        `${where}: ${source.method.toUpperCase()} ${source.path} answers a stream of items (its bodies have an items layout), so document its success response with the media type its handler sends: application/x-ndjson, application/jsonl, application/json-seq or text/event-stream (in the head document, with any schema).`,
      )
    }
  }
}

/** `responses` with each streamed success media type's item schema in a version whose component schemas are `components`. */
export function withItems(responses: Json, layout: Layout, shapes: Readonly<Record<string, string>>, components: Json): Json {
  const out: Json = { ...responses }
  const item = itemSchema(layout, shapes, components)
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2/.test(status) || response === null || typeof response !== 'object' || '$ref' in response) continue
    const content = { ...(((response as Json)['content'] ?? {}) as Json) }
    for (const [type, media] of Object.entries(content)) {
      const framing = framingOf(type.toLowerCase())
      if (framing === null) continue
      const description = `${WHAT[framing]}, as \`x-itemSchema\` describes it (OpenAPI 3.2's \`itemSchema\`); the items are migrated to this version one at a time.`
      content[type] = { ...((media ?? {}) as Json), schema: { type: 'string', description }, 'x-itemSchema': item }
    }
    out[status] = { ...(response as Json), content }
  }
  return out
}
