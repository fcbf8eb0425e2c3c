/**
 * The success media types an @hono/zod-openapi route declares
 * (`createRoute({ responses: { 200: { content: { 'text/csv': ... } } } })`)
 * that its route's layouts cannot migrate: an older client answered in one
 * would get a 500 (response-bodies.ts `successBody`), while the route's
 * older documents list it; and the request body media types it declares
 * that its request layout refuses for older clients (415: neither JSON, nor
 * a form it migrates, nor one it lists in `unmigrated`), while the head
 * takes them. Read from the app's registry
 * (`app.openAPIRegistry.definitions`, found by its shape: nothing here
 * imports @hono/zod-openapi), for `check(app)`.
 */
import { mergePath } from 'hono/utils/url'
import { existsAt, type RoutePlan } from './http-steps.ts'
import { isFormType, isJsonPatchType, isJsonType } from './media-types.ts'
import { framingOf } from './streams.ts'
import { mediaType } from './media-types.ts'
import { middlewareBases, pathsInside } from '../routes/mounted-apps.ts'
import { honoPath } from '../routes/openapi-form.ts'
import { quotedValue } from '../quote.ts'

/** A route definition of @hono/zod-openapi's registry, as far as its success media types go. */
interface RouteDefinition {
  readonly type?: unknown
  readonly route?: { readonly method?: unknown; readonly path?: unknown; readonly responses?: unknown; readonly request?: unknown }
}

/** The route definitions of the app's registry, else none. */
function definitionsOf(app: object): readonly RouteDefinition[] {
  const registry = (app as { openAPIRegistry?: { definitions?: unknown } }).openAPIRegistry
  return registry !== null && typeof registry === 'object' && Array.isArray(registry.definitions) ? (registry.definitions as RouteDefinition[]) : []
}

/** Whether `plan` migrates a success body (or stream items) in a version that has its route: only there can a body its layouts cannot read fail. */
export function migratesSuccess(plan: RoutePlan): boolean {
  return [plan.response, plan.items].some((chains) => chains?.some((chain, v) => chain.steps.length > 0 && existsAt(plan, v)) === true)
}

/** Whether `plan` migrates or checks an older request body in a version that has its route: only there is a body of another media type refused (415). */
function readsRequests(plan: RoutePlan): boolean {
  const stepped = (list: readonly { readonly steps: readonly unknown[] }[] | null) => list?.some((chain, v) => chain.steps.length > 0 && existsAt(plan, v)) === true
  const checked = (list: readonly unknown[] | null) => list?.some((check, v) => check !== null && existsAt(plan, v)) === true
  return stepped(plan.request) || stepped(plan.partialRequest) || checked(plan.checks) || checked(plan.partialChecks)
}

/** The media types of a route definition's declared request body (`request.body.content`), without parameters, lowercase. */
function requestTypes(request: unknown): readonly string[] {
  const body = request !== null && typeof request === 'object' ? (request as { body?: unknown }).body : undefined
  const content = body !== null && typeof body === 'object' ? (body as { content?: unknown }).content : undefined
  return content === null || typeof content !== 'object' ? [] : Object.keys(content).map(mediaType)
}

/** Why a declared success media type cannot be migrated by `media`'s layouts, or `null` when it can (or is sent as it is). */
function misfitOf(type: string, media: NonNullable<RoutePlan['media']>): string | null {
  if (media.unmigrated?.(type) === true) return null
  if (isJsonType(type)) return media.json ? null : 'its layouts are of stream items only; declare its response layout'
  const framing = framingOf(type)
  if (framing !== null && (framing !== 'lines' || type !== 'text/plain' || media.items)) return media.items ? null : 'it is a stream without an items layout; declare one'
  return `its layouts are of JSON; list '${type}' in its unmigrated (sent to every version as it is), or leave it out of the route's responses`
}

/**
 * The sentences naming each @hono/zod-openapi route of `app` whose declared
 * success response media type its plan (`plans`, by `METHOD /path` as Hono
 * registers it, or as a sub-app with its own middleware does) cannot migrate.
 */
export function declaredMediaChecks(app: { readonly routes: readonly { readonly method: string; readonly path: string }[] }, plans: ReadonlyMap<string, RoutePlan>, where: string): string[] {
  const out: string[] = []
  const base = (app as { _basePath?: unknown })._basePath
  const bases = middlewareBases(app.routes)
  for (const definition of definitionsOf(app)) {
    const route = definition?.type === 'route' ? definition.route : undefined
    if (typeof route?.path !== 'string' || typeof route.method !== 'string') continue
    // "/users/{id}" is registered on Hono as "/users/:id", under the app's base path.
    const path = mergePath(typeof base === 'string' ? base : '/', honoPath(route.path))
    const method = route.method.toUpperCase()
    const key = [path, ...pathsInside(path, bases)].map((p) => `${method} ${p}`).find((k) => plans.has(k))
    const plan = key === undefined ? undefined : plans.get(key)
    if (plan === undefined) continue
    // A form the route does not migrate is named by declared-shapes.ts where its schema holds a changed shape.
    if (readsRequests(plan) && method !== 'GET' && method !== 'HEAD') {
      for (const type of requestTypes(route.request)) {
        if (isJsonPatchType(type)) {
          out.push(`${where}: ${quotedValue(key)} declares its request body as ${type}, which older clients are refused with 415 while the head takes it: JSON Patch names the older version's fields in its operations' paths, which no layout migrates; take changes as application/merge-patch+json, or leave it out of the route's request body.`)
          continue
        }
        if (isJsonType(type) || isFormType(type) || plan.requestMedia?.test(type) === true) continue
        out.push(`${where}: ${quotedValue(key)} declares its request body as ${type}, which older clients are refused with 415 while the head takes it: its request layout reads JSON${plan.forms ? ' and forms' : ''} only; list '${type}' in bodies[${quotedValue(key)}].unmigrated (passed to the handler as sent in every version), or leave it out of the route's request body.`)
      }
    }
    const media = plan.media
    if (media === null || media === undefined || route.responses === null || typeof route.responses !== 'object') continue
    if (!migratesSuccess(plan)) continue
    for (const [status, response] of Object.entries(route.responses as Record<string, unknown>)) {
      if (!/^2/.test(status) || status === '206') continue
      const content = response !== null && typeof response === 'object' ? (response as { content?: unknown }).content : undefined
      if (content === null || typeof content !== 'object') continue
      for (const declared of Object.keys(content)) {
        const type = mediaType(declared)
        const why = misfitOf(type, media)
        if (why !== null) out.push(`${where}: ${quotedValue(key)} declares its ${status} response as ${type}, which older clients get as a 500: ${why}.`)
      }
    }
  }
  return out
}
