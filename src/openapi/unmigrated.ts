/**
 * The check that an older version's document never shows a shape its
 * answers do not have: where a version's changes alter a component schema
 * an operation's response refers to, the history must migrate that
 * response there (a `bodies` entry of its route), or the version gets the
 * head's shape while its document shows the older one. Run once, when the
 * documents of an app are made from a history (a changelog's JSON says
 * nothing of what is migrated; without the app, the documents may describe
 * a server that migrates by other means); it throws a sentence naming the
 * route and the fix.
 */
import { HISTORY_PLANS, isPlanned } from '../changes/history-plans.ts'
import { unservedRoutes } from '../changes/history-checks.ts'
import { asHistoryNames } from '../routes/mounted-apps.ts'
import type { BuildContext } from './context.ts'
import { schemasAt } from './build.ts'
import { reachableComponents, refsIn } from '../json/refs.ts'
import type { Json } from '../json/object.ts'
import type { MigrationAt } from '../model/api-model.ts'
import type { RequestBodies } from './requests.ts'
import type { SourceOperation } from './sources.ts'
import { unreachedShape } from '../changes/layout-reach.ts'
import { historyLayouts } from './migrations.ts'
import { openAPIPathOf } from './paths.ts'
import { shapesOf, type AnyShape, type Layout } from '../changes/shape.ts'
import { isObject } from '../json/object.ts'
import { quoted } from '../quote.ts'

const SCHEMAS = '#/components/schemas/'

/** The layouts a history migrates an operation's bodies along (migrations.ts `historyLayouts`). */
type LayoutsOf = NonNullable<ReturnType<typeof historyLayouts>>

/**
 * Throws where an operation answers a version with a shape that version's
 * changes alter and the history does not migrate; or where the history
 * migrates its request body in a version whose document would show the
 * head's (a body that refers to no shape the version changes, and that
 * `requests` does not derive: `derived`).
 */
function checkMigratedResponses(context: BuildContext, where: string, derived: RequestBodies | null, layoutsOf: LayoutsOf | null, parameterShapes: ReadonlySet<string>, registered: (source: SourceOperation) => string | null): void {
  const head = context.head
  if (head === null) return
  if (context.plan.order.length < 2) return
  checkComponentShapes(context, where, new Set([...parameterShapes, ...derivedOnly(context, derived, layoutsOf)]))
  const components = (head['components'] ?? {}) as Json
  const headSchemas = (components['schemas'] ?? {}) as Json
  const order = context.plan.order
  for (let at = 1; at < order.length; at++) {
    const version = order[at] as string
    const schemas = schemasAt(context, at)
    const changed = new Set(Object.keys(headSchemas).filter((name) => schemas[name] !== headSchemas[name]))
    for (const source of context.operations) {
      const served = context.served.get(source)?.at(version) ?? null
      if (served === null) continue
      const migration = served.migration
      checkRequestBody(source, migration, changed, components, version, derived, where)
      // Where the route has a layout for a body, each place its schema refers to a changed shape must be one the layout reaches.
      const layouts = layoutsOf?.(source) ?? null
      checkLayoutReach(context, source, 'request', source.operation['requestBody'], layouts?.request, changed, version, where)
      for (const [status, response] of Object.entries((source.operation['responses'] ?? {}) as Json)) {
        const refs = reachableComponents(refsIn(response), components)
        const shape = [...refs].find((ref) => ref.startsWith(SCHEMAS) && changed.has(ref.slice(SCHEMAS.length)))
        if (shape === undefined) {
          // The reverse: the history migrates this success body here, its schema describes one (inline), yet refers to no changed component.
          const inline = /^2/.test(status) && migration?.down.body != null && JSON.stringify(response).includes('"properties"')
          if (inline) {
            throw new Error(
              `${where}: ${source.method.toUpperCase()} ${source.path} answers ${status} with a schema that refers to no shape version ${version} changes, but the history migrates that body there: its document would show the head's shape to version ${version}. Make each shape of the route's bodies layout a component schema of the same name (zod: .openapi('Name'); hono-openapi: .meta({ id: 'Name' })) and refer to it, or map it with shapes: { Shape: 'Component' }.`,
            )
          }
          continue
        }
        const error = /^[45]/.test(status)
        const down = migration?.down ?? null
        const layoutOfStatus = error ? layouts?.error : (layouts?.response ?? (status === 'default' ? layouts?.error : null))
        checkLayoutReach(context, source, status, response, layoutOfStatus, changed, version, where)
        const migrated = down !== null && (error ? down.error !== null : down.body !== null || down.items !== null || (status === 'default' && down.error !== null))
        // A layout that reaches the shape (checked above) migrates it; a version whose changes do no work on it going
        // down (a fieldRemoved without older: older answers lack the field, which their document lists as optional) has no step.
        if (migrated || layoutOfStatus != null) continue
        // A plain route as a history names it: as the app registers it (`GET /users/:id`), not its OpenAPI path.
        const route = source.routes[0]?.name ?? registered(source) ?? `${source.method.toUpperCase()} ${source.path}`
        const layout = error ? 'error' : 'response'
        throw new Error(
          `${where}: ${source.method.toUpperCase()} ${source.path} answers ${status} with ${shape.slice(SCHEMAS.length)}, whose shape in version ${version} differs from the head's, but the history migrates no ${layout} body of that route there: version ${version} would get the head's shape while its document shows the older one. Give the route a bodies entry in versionHistory ({ bodies: { '${route}': { ${layout}: <the shape> } } }).`,
        )
      }
    }
  }
}

/**
 * Throws where the history migrates `source`'s request body in `version`
 * (`migration`), its document's body refers to no component schema that
 * version changes (`changed`), and `derived` does not give the version's
 * own body: a body the app documents with a component of its own (a
 * PATCH's partial schema) would be the head's in the older document.
 */
function checkRequestBody(source: SourceOperation, migration: MigrationAt | null, changed: ReadonlySet<string>, components: Json, version: string, derived: RequestBodies | null, where: string): void {
  const body = source.operation['requestBody']
  if (body === undefined || migration === null || (migration.up.body === null && migration.up.partialBody === null)) return
  if (derived?.layoutOf(source.names, source.method) != null) return
  const refs = [...reachableComponents(refsIn(body), components)].filter((ref) => ref.startsWith(SCHEMAS)).map((ref) => ref.slice(SCHEMAS.length))
  if (refs.some((name) => changed.has(name))) return
  const given = refs.length === 0 ? 'an inline schema' : refs.join(', ')
  throw new Error(
    `${where}: ${source.method.toUpperCase()} ${source.path}'s request body refers to no shape version ${version} changes (${given}), but the history migrates that body there: its document would show the head's body to version ${version}. Give versionedOpenAPI requests ({ schemas, bodies }, as requestValidation and versionHistory take them), which derive each version's body, or refer to the component schema of the shape the route's request layout names.`,
  )
}

/**
 * Throws where a history names a plain route (`GET /users/:id`) the app
 * does not register as written (`/users/:id{[0-9]+}`): the server does not
 * migrate that route's exchanges, so its older documents would show what
 * its older clients do not get (what `check(app)` warns of).
 */
function checkNamedRoutes(history: unknown, app: { readonly routes?: unknown } | null, where: string): void {
  if (!isPlanned(history) || app === null || !Array.isArray(app.routes)) return
  // Under a sub-app that runs its own versionMiddleware, a history names a route as that sub-app registers it too.
  const routes = app.routes as { method: string; path: string }[]
  const unserved = unservedRoutes(asHistoryNames(routes), history[HISTORY_PLANS]().plans.keys())
  if (unserved.length === 0) return
  // A pathChanged's older path is one the older versions are documented (and answered) at: the app must register it.
  const moved = /\bpath\.changed\b/.test(JSON.stringify((history as { changelog?: () => unknown }).changelog?.() ?? null))
  const hint = moved ? ' (A pathChanged of a plain route documents its older path in the older versions: register that path on the app too.)' : ''
  throw new Error(`${where}: the documents would show older shapes or paths the app does not serve. ${unserved.join(' ')}${hint}`)
}

/** The history the app runs says what it migrates: an older document never shows a shape or path its answers do not have. */
export function checkAppHistory(context: BuildContext, history: unknown, app: unknown, where: string, derived: RequestBodies | null): void {
  checkNamedRoutes(history, app as { readonly routes?: unknown }, where)
  // Read only to word a refusal.
  const registered = (source: SourceOperation): string | null => {
    const listed = (app as { readonly routes?: unknown } | null)?.routes
    const routes = Array.isArray(listed) ? asHistoryNames(listed as { method: string; path: string }[]) : []
    const method = source.method.toUpperCase()
    const found = routes.find((r) => r.method === method && openAPIPathOf(r.path) === source.path)
    return found === undefined ? null : `${method} ${found.path}`
  }
  checkMigratedResponses(context, where, derived, historyLayouts(history), isPlanned(history) ? history[HISTORY_PLANS]().parameterShapes : new Set(), registered)
}

/**
 * The shapes whose bodies `requests` derives in every version and that no
 * success, error or streamed answer of a documented operation holds: each
 * version's request body is written from `requests.schemas`, so the head
 * document needs no component schema of them (hono-openapi writes a PATCH's
 * `.partial()` inline).
 */
function derivedOnly(context: BuildContext, derived: RequestBodies | null, layoutsOf: LayoutsOf | null): string[] {
  if (derived === null || layoutsOf === null) return []
  const requested = new Set<string>()
  const answered = new Set<string>()
  for (const source of context.operations) {
    const layouts = layoutsOf(source)
    if (layouts === null) continue
    if (layouts.request !== null) for (const shape of shapesOf(layouts.request)) requested.add(shape.name)
    for (const layout of [layouts.response, layouts.error, (layouts as { items?: Layout | null }).items ?? null]) {
      if (layout !== null) for (const shape of shapesOf(layout)) answered.add(shape.name)
    }
  }
  return [...requested].filter((name) => !answered.has(name) && derived.shapes.has(name))
}

/**
 * Throws where the changelog changes a shape the head document has no
 * component schema of, while it has component schemas (an inline shape,
 * inside another or alone: its older form cannot be written), and a route
 * whose body the history migrates is documented. The shapes of the
 * parameters the history's validation checks (`parameterShapes`) are
 * written as each version's parameters, read from the check, not as
 * component schemas.
 */
function checkComponentShapes(context: BuildContext, where: string, parameterShapes: ReadonlySet<string>): void {
  const headSchemas = ((context.head?.['components'] as Json | undefined)?.['schemas'] ?? {}) as Json
  if (Object.keys(headSchemas).length === 0) return
  const migrated = context.operations.some((source) => context.plan.order.slice(1).some((version) => context.served.get(source)?.at(version)?.migration?.down.body != null))
  if (!migrated) return
  for (const entry of context.changelog?.versions ?? []) {
    for (const change of entry.changes) {
      for (const instruction of change.instructions) {
        const shape = (instruction as { shape?: unknown }).shape
        if (typeof shape !== 'string' || parameterShapes.has(shape) || Object.hasOwn(headSchemas, context.shapes[shape] ?? shape)) continue
        throw new Error(
          `${where}: the change ${quoted(change.description.trim())} of version ${entry.version} changes shape ${shape}, which the document has no component schema of (an inline schema, whose older form cannot be written): make ${shape} a component schema of that name and refer to it (zod: .openapi('${shape}'); hono-openapi: .meta({ id: '${shape}' })), or map it with shapes: { ${shape}: 'Component' }.`,
        )
      }
    }
  }
}

/**
 * Throws where `response` (a head response of `source`, or its request body
 * where `status` is `'request'`, whose `layout` the history migrates in
 * `version`) refers to a component schema the version changes at a place the
 * layout puts no shape: the document would show the older shape there, the
 * server pass the head's (or the older one) on. JSON bodies only (a stream's
 * items are documented by `x-itemSchema`, made from the layout).
 */
function checkLayoutReach(context: BuildContext, source: SourceOperation, status: string, response: unknown, layout: unknown, changed: ReadonlySet<string>, version: string, where: string): void {
  if (layout === null || layout === undefined) return
  const components = (context.head?.['components'] ?? {}) as Json
  const group = status === 'request' ? 'requestBodies' : 'responses'
  const resolved = isObject(response) && typeof response['$ref'] === 'string' ? (((components[group] ?? {}) as Json)[String(response['$ref']).split('/').pop() ?? ''] as unknown) : response
  const content = isObject(resolved) && isObject(resolved['content']) ? resolved['content'] : {}
  const componentOf = (shape: AnyShape): string => context.shapes[shape.name] ?? shape.name
  for (const [type, media] of Object.entries(content)) {
    if (!/json$/i.test(type.split(';')[0]?.trim() ?? '') || !isObject(media)) continue
    const missed = unreachedShape(media['schema'], layout, components, changed, componentOf)
    if (missed === null) continue
    const kind = status === 'request' ? 'request' : /^[45]/.test(status) ? 'error' : 'response'
    const holder = missed.holder
    const field = holder === null ? '' : /^[A-Za-z_$][\w$]*$/.test(holder.field) ? holder.field : JSON.stringify(holder.field)
    const fix =
      holder === null
        ? missed.layout === null
          ? `No layout reaches it there (a map's values, or a field of an object no shape holds): refer to another component there, or make what holds it a shape that declares it nested.`
          : `Give the route the layout that holds it: versionHistory({ bodies: { '${source.routes[0]?.name ?? `${source.method.toUpperCase()} ${source.path.replace(/\{([^{}]+)\}/g, ':$1')}`}': { ${kind}: ${missed.layout} } } }).`
        : missed.cyclic
          ? `A shape cannot be nested in itself (its nested shapes are read when it is made), so no version migrates it there: refer to another component at ${holder.shape}.${holder.field} (one no version changes, as that field is sent).`
          : `Declare where it sits in ${holder.shape}: shape('${holder.shape}', { nested: { ${field}: ${holder.list ? `[${missed.component}]` : missed.component} } }).`
    const what =
      kind === 'request'
        ? `'s request body holds ${missed.component} at ${missed.at}, whose shape in version ${version} differs from the head's, but the route's request layout puts no shape there: version ${version}'s body would reach the handler unmigrated while its document shows the older one.`
        : ` answers ${status} with ${missed.component} at ${missed.at}, whose shape in version ${version} differs from the head's, but the route's ${kind} layout puts no shape there: version ${version} would get the head's ${missed.component} while its document shows the older one.`
    throw new Error(`${where}: ${source.method.toUpperCase()} ${source.path}${what} ${fix}`)
  }
}
