/**
 * An operation's request body in one version's document, where its route
 * has a `request` layout (requests.ts): the schema that version's
 * validation derives, under each media type the head document gives and
 * the toolkit reads in that version (JSON, and forms where the route takes
 * them; one it passes on as sent, `unmigrated`, keeps the head's), so a client following the document sends what the handler reads.
 * In any older version (`asSentBody`), a media type passed on as sent has the head's schema, its changed
 * components written in from the head's.
 */
import type { BodyContract, ContractSchema, VersionBody } from '../model/api-model.ts'
import type { RequestBodies, RequestLayout } from './requests.ts'
import type { Json } from '../json/object.ts'
import { isJsonPatchType, isJsonType, mediaType } from '../changes/media-types.ts'

const FORMS: ReadonlySet<string> = new Set(['multipart/form-data', 'application/x-www-form-urlencoded'])

/** Whether a media type is JSON the toolkit migrates, as the server reads it (`application/json`, `application/merge-patch+json`; a JSON Patch's operations it refuses, 415). */
function isJson(type: string): boolean {
  return isJsonType(type) && !isJsonPatchType(type)
}

/**
 * The body of `found` at version index `at`, over the head document's own
 * request body (`given`, or `undefined`), for an operation of `method`;
 * `null` where that version has none to document: a DELETE the head
 * documents without a body, in a version whose body the toolkit does not
 * check (it reads none there). `partial`: a PATCH's partial update.
 */
export function layoutBody(requests: RequestBodies, found: RequestLayout, method: string, at: number, given: Json | undefined, partial: boolean): { readonly body: VersionBody; readonly older: boolean } | null {
  const components: Json = {}
  const { body, older } = requests.bodyAt(found.layout, at, components, partial)
  const own = (given ?? {}) as Json
  const bodiless = given === undefined && method.toUpperCase() === 'DELETE'
  if (bodiless && !older) return null
  const givenContent = (own['content'] ?? {}) as Record<string, Json>
  const content: Json = {}
  // Whether a media type documents the derived schema: its components are added only then.
  let derived = false
  for (const [type, media] of Object.entries(givenContent)) {
    const form = FORMS.has(mediaType(type))
    // The head version passes every body through as sent: each media type keeps its place, and a schema the
    // document gives is the app's own (a PATCH's partial body, say). An older one's body is read by the toolkit
    // (JSON, and forms where the route takes them) and migrated, or passed on as sent (unmigrated); it refuses the others (415).
    if (!older && media['schema'] !== undefined) content[type] = media
    else if (isJson(type) || (form && found.forms)) {
      // An older schema: the head's examples do not fit it.
      const { example: _example, examples: _examples, ...kept } = media
      content[type] = { ...(older ? kept : media), schema: body }
      derived = true
    }
    else if (!older || sentAsIs(found.unmigrated, mediaType(type))) content[type] = media
  }
  if (Object.keys(content).length === 0) {
    content['application/json'] = { schema: body }
    derived = true
  }
  // A DELETE has a body only where a client sends one (the toolkit checks it then); other methods as the head says, else required.
  const required = bodiless ? false : typeof own['required'] === 'boolean' ? own['required'] : true
  const contract = { ...own, required, content } as BodyContract
  return { body: { body: contract, components: (derived ? components : {}) as Readonly<Record<string, ContractSchema>> }, older }
}

/**
 * The head document's own request body `given` (no `requests` layout
 * derives it) in a version whose body the toolkit migrates: the media types
 * it reads there (JSON but a JSON Patch, and forms where the route takes
 * them, `forms`), and those it passes to the handler as sent (`unmigrated`,
 * media types and ranges such as `text/*`), the others left out, as it
 * answers them 415. A body with none of those (or given by reference) is kept
 * as it is.
 */
export function readBodyTypes(given: BodyContract, forms: boolean, unmigrated: readonly string[] = []): BodyContract {
  const content = (given as Json)['content']
  if (content === null || typeof content !== 'object') return given
  const read = Object.entries(content as Json).filter(([type]) => {
    const essence = mediaType(type)
    return isJson(essence) || (forms && FORMS.has(essence)) || sentAsIs(unmigrated, essence)
  })
  return read.length === 0 || read.length === Object.keys(content).length ? given : ({ ...given, content: Object.fromEntries(read) } as BodyContract)
}

/**
 * Whether media type `essence` is one a route's `unmigrated` (`text/csv`, `text/*`, any) passes to the handler as
 * sent: never a JSON Patch, which the toolkit reads as JSON and refuses (415) whatever range covers it.
 */
function sentAsIs(unmigrated: readonly string[], essence: string): boolean {
  if (essence === 'application/json-patch+json') return false
  return unmigrated.some((given) => {
    const range = given.toLowerCase()
    return range === '*/*' || range === essence || (range.endsWith('/*') && essence.startsWith(range.slice(0, -1)))
  })
}

const SCHEMAS = '#/components/schemas/'
/** The suffix of the component an as-sent body's recursive head schema is given under (the version's own name is its older form). */
const AS_SENT = 'AsSent'

/**
 * `schema` with each reference to a component schema the version changes (`changed`) written in from the head's
 * (`headSchemas`), those inside it too; one inside its own expansion (a recursive schema) refers to the head's form
 * given as a component `<Name>AsSent`, added to `components`.
 */
function headWrittenIn(schema: unknown, changed: ReadonlySet<string>, headSchemas: Json, components: Json, open: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(schema)) return schema.map((item) => headWrittenIn(item, changed, headSchemas, components, open))
  if (schema === null || typeof schema !== 'object') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    // Values, not schemas; and maps whose keys are names (a field may be called "$ref"), each value a schema.
    if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples' || key === 'example') out[key] = value
    else if ((key === 'properties' || key === 'patternProperties') && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, headWrittenIn(inner, changed, headSchemas, components, open)]))
    } else if (key !== '$ref') out[key] = headWrittenIn(value, changed, headSchemas, components, open)
  }
  const ref = (schema as Json)['$ref']
  const name = typeof ref === 'string' && ref.startsWith(SCHEMAS) ? ref.slice(SCHEMAS.length) : null
  if (typeof ref !== 'string') return out
  if (name === null || !changed.has(name) || !Object.hasOwn(headSchemas, name)) return { ...out, $ref: ref }
  if (open.has(name)) {
    if (!Object.hasOwn(components, name + AS_SENT)) {
      components[name + AS_SENT] = {}
      components[name + AS_SENT] = headWrittenIn(headSchemas[name], changed, headSchemas, components, new Set([name])) as Json
    }
    return { ...out, $ref: SCHEMAS + name + AS_SENT }
  }
  const target = headWrittenIn(headSchemas[name], changed, headSchemas, components, new Set([...open, name]))
  // Beside other keywords, the reference is one more schema the value must fit.
  return Object.keys(out).length === 0 ? target : { ...out, allOf: [...(Array.isArray(out['allOf']) ? out['allOf'] : []), target] }
}

/**
 * An older version's request body `given` with each media type the toolkit passes to the handler as sent (the
 * route's `unmigrated`; not JSON, nor a form where it reads forms, `forms`) described by the head's schema: the
 * body the handler really reads, where the version's components (`changed`: those it changes) would give the older
 * form. Components a recursive head schema needs go into `components`.
 */
export function asSentBody(given: Json, forms: boolean, unmigrated: readonly string[], changed: ReadonlySet<string>, headSchemas: Json, components: Json): Json {
  const content = given['content']
  if (changed.size === 0 || unmigrated.length === 0 || content === null || typeof content !== 'object' || Array.isArray(content)) return given
  let out: Json | null = null
  for (const [type, media] of Object.entries(content as Json)) {
    const essence = mediaType(type)
    if (isJson(essence) || (forms && FORMS.has(essence)) || !sentAsIs(unmigrated, essence) || media === null || typeof media !== 'object' || (media as Json)['schema'] === undefined) continue
    const schema = headWrittenIn((media as Json)['schema'], changed, headSchemas, components)
    if (JSON.stringify(schema) === JSON.stringify((media as Json)['schema'])) continue
    out ??= { ...(content as Json) }
    out[type] = { ...(media as Json), schema }
  }
  return out === null ? given : { ...given, content: out }
}
