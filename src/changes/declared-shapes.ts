/**
 * `check(app)`'s reading of the schemas an @hono/zod-openapi route declares:
 * a success response or request body that refers (through `$ref`s, however
 * deep) to a component a version changes, on a route whose `bodies` entry
 * lays out no such body, is answered to that version's clients in the
 * head's shape, or handed to its handler in theirs. The documents refuse
 * the same when they are made from the app (openapi/unmigrated.ts); an app
 * that serves @hono/zod-openapi's own document instead learns it here.
 * Read from the app's own document (`app.getOpenAPI31Document`, found by its
 * shape: nothing here imports @hono/zod-openapi); a shape's name is its
 * component's (shape.ts).
 */
import type { RoutePlan } from './http-steps.ts'
import type { ChangedShapes } from './unlaid-requests.ts'
import { isFormType, isJsonType, mediaType } from './media-types.ts'
import { framingOf } from './streams.ts'
import { middlewareBases, pathsInside } from '../routes/mounted-apps.ts'
import { honoPath } from '../routes/openapi-form.ts'
import { isObject, type Json } from '../json/object.ts'
import { pointerTokens } from '../json/pointer.ts'
import { reachableComponents, refsIn } from '../json/refs.ts'
import { quoted } from '../quote.ts'

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']

/**
 * The sentences naming each route of `app`'s @hono/zod-openapi document
 * whose declared bodies refer to a shape some version older than the
 * shape's last change serves, where its plan (`plans`, by `METHOD /path` as
 * Hono registers it, or as a sub-app with its own middleware does) lays out
 * no such body. `changed`: each changed shape's name, with the index of
 * the newest version that changes it (the versions before it differ from the head), for responses, and for requests
 * (a shape whose changes leave an older request as the head reads it, such as added enum values, is not).
 */
export function declaredShapeChecks(
  app: { readonly routes: readonly { readonly method: string; readonly path: string; readonly handler?: unknown }[] },
  plans: ReadonlyMap<string, RoutePlan>,
  changed: ChangedShapes,
  where: string,
): string[] {
  if (changed.any.size === 0) return []
  const document = documentOf(app)
  if (document === null) return []
  const components = isObject(document['components']) && isObject(document['components']['schemas']) ? document['components']['schemas'] : {}
  const reach = reachOf(components)
  const bases = middlewareBases(app.routes)
  const out: string[] = []
  for (const [openPath, item] of Object.entries(isObject(document['paths']) ? document['paths'] : {})) {
    if (!isObject(item)) continue
    // "/users/{id}" is registered on Hono as "/users/:id" (the document's paths carry the app's base path already).
    const path = honoPath(openPath)
    for (const lower of METHODS) {
      const operation = item[lower]
      if (!isObject(operation)) continue
      const method = lower.toUpperCase()
      const keys = [path, ...pathsInside(path, bases)].map((p) => `${method} ${p}`)
      // Named as the history names it: as Hono registers it, or under a sub-app with its own middleware, as there.
      const key = keys.find((k) => plans.has(k)) ?? (keys[keys.length - 1] as string)
      const plan = plans.get(key)
      /** The first changed shape (`changedUntil`: of responses or of requests) `schema` reaches that a version serving the route has in another form, or `null`. */
      const changedIn = (schema: unknown, changedUntil: ReadonlyMap<string, number>): string | null => {
        for (const name of reach(schema)) {
          const until = changedUntil.get(name)
          if (until !== undefined && servedBefore(plan, until)) return name
        }
        return null
      }
      for (const [status, response] of Object.entries(isObject(operation['responses']) ? operation['responses'] : {})) {
        if (!/^2\d\d$/.test(status) || status === '206' || !isObject(response) || !isObject(response['content'])) continue
        for (const [declared, media] of Object.entries(response['content'])) {
          const type = mediaType(declared)
          const stream = framingOf(type) !== null && !(type === 'text/plain')
          if (!stream && !isJsonType(type)) continue
          if (stream ? (plan?.items ?? null) !== null : (plan?.layouts?.response ?? null) !== null) continue
          const shape = isObject(media) ? changedIn(media['schema'], changed.any) : null
          if (shape === null) continue
          out.push(
            `${where}: ${quoted(key)} declares its ${status} response (${type}) with ${quoted(shape)}, which an older version it serves has in another shape, but the history lays out no ${stream ? 'stream items' : 'response'} for it, so those clients get the head's shape; declare bodies[${quoted(key)}].${stream ? 'items' : 'response'}.`,
          )
        }
      }
      const body = operation['requestBody']
      for (const [declared, media] of Object.entries(isObject(body) && isObject(body['content']) ? body['content'] : {})) {
        const type = mediaType(declared)
        const form = isFormType(type)
        if (!form && !isJsonType(type)) continue
        const laid = (plan?.layouts?.request ?? null) !== null
        if (laid && (!form || plan?.forms === true)) continue
        const shape = isObject(media) ? changedIn(media['schema'], changed.requests) : null
        if (shape === null) continue
        // A form of a type the route lists in unmigrated is not refused: it reaches the handler as sent.
        const sentAsIs = plan?.requestMedia?.test(type) === true
        out.push(
          laid && sentAsIs
            ? `${where}: ${quoted(key)} declares its request body as a form (${type}) with ${quoted(shape)}, which an older version it serves has in another shape, and its unmigrated passes those clients' forms to the handler as sent, unmigrated; take the form out of bodies[${quoted(key)}].unmigrated and set forms: true there to migrate them.`
            : laid
              ? `${where}: ${quoted(key)} declares its request body as a form (${type}) with ${quoted(shape)}, which an older version it serves has in another shape, and the history migrates its JSON bodies only, so those clients' forms are refused with 415; set forms: true in bodies[${quoted(key)}].`
              : `${where}: ${quoted(key)} declares its request body (${type}) with ${quoted(shape)}, which an older version it serves has in another shape, but the history lays out no request body for it, so those clients' bodies reach the handler in their own version's fields; declare bodies[${quoted(key)}].request.`,
        )
      }
    }
  }
  return out
}

/** Whether the route of `plan` is served in some version before `until` (no plan: in every version). */
function servedBefore(plan: RoutePlan | undefined, until: number): boolean {
  const exists = plan?.exists ?? null
  if (exists === null) return until > 0
  for (let v = 0; v < until && v < exists.length; v++) if (exists[v] === true) return true
  return false
}

/** The app's @hono/zod-openapi document (OpenAPI 3.1), or `null`: not such an app, or one whose registry does not make one. */
function documentOf(app: object): Json | null {
  const make = (app as { getOpenAPI31Document?: unknown }).getOpenAPI31Document
  if (typeof make !== 'function') return null
  try {
    const document: unknown = make({ openapi: '3.1.0', info: { title: 'check', version: 'check' } })
    return isObject(document) ? document : null
  } catch {
    // A registry its own generator refuses: the app's document fails too, where the app serves it.
    return null
  }
}

/** The names of the component schemas `schema` refers to, however deep (json/refs.ts, as the documents follow them). */
function reachOf(components: Json): (schema: unknown) => readonly string[] {
  return (schema) =>
    [...reachableComponents(refsIn(schema), { schemas: components })].flatMap((ref) => {
      const [, kind, name] = pointerTokens(ref) ?? []
      return kind === 'schemas' && name !== undefined ? [name] : []
    })
}
