/**
 * `check(app)`'s reading of handlers that take a request body their route
 * declares no layout for: a route whose responses migrate (its `bodies`
 * entry has a response layout some version changes) and whose handler reads
 * a JSON or form body (`c.req.json()`, `c.req.parseBody()`,
 * `c.req.formData()`, `c.req.valid('json')`, `c.req.valid('form')`, the
 * same through a `req` taken from the context, `c.req.raw.json()`, text
 * it parses as JSON: `JSON.parse(await c.req.text())`), with
 * no `request` layout: an older client's body reaches that handler in its
 * own version's fields, which the handler reads as the head's. Read as the
 * handler's source says, as the response checks are (history-checks.ts): a
 * best effort that errs toward naming the handler; a body the same in every
 * version is declared with a shape no change names, and a route whose response
 * layout reaches no shape an older request has in another form (its shapes only
 * gain enum values) is not named. Hono's validator
 * middleware (`validator()`, `zValidator()`, @hono/zod-openapi's) is not
 * read: one function serves every target, its source reads `c.req.json()`
 * whichever it checks (a `param` or `query` one too); the handler's
 * `c.req.valid('json')` says what it reads. And a handler that reads
 * a form (`parseBody()`, `formData()`, `valid('form')`) on a route whose
 * request layout migrates no form (`forms` not set): its older clients' forms
 * are refused with 415, its head clients' taken (but those of a type its
 * `unmigrated` lists, passed to it as sent).
 */
import type { ExchangeRoute } from '../pipeline/extension.ts'
import type { RoutePlan } from './http-steps.ts'
import { migratesSuccess } from './declared-media.ts'
import { Shape, type Layout } from './shape.ts'
import { plannedHandlers, type PlannedHandler } from './wrapped-handlers.ts'
import { middlewareAfter } from './middleware-order.ts'
import { quoted } from '../quote.ts'

/** A read of the request body as JSON or as a form, in a handler's source: `c.req.json()`, a `req` destructured (`({ req }) => req.json()`), its `raw` Request's. */
const READS_BODY = /(?<![\w$])req\s*\.\s*(?:(?:raw\s*\.\s*)?(?:json|formData)|parseBody)\s*\(|(?<![\w$])req\s*\.\s*valid\s*\(\s*['"`](?:json|form)['"`]/

/**
 * A read of the request body as text (`c.req.text()`, `c.req.raw.text()`), taken for a read of JSON where the source
 * parses JSON too (`JSON.parse(await c.req.text())`); a handler reading text alone (a note, a CSV import) is not named.
 */
const READS_TEXT = /(?<![\w$])req\s*\.\s*(?:raw\s*\.\s*)?text\s*\(/
const PARSES_JSON = /(?<![\w$])JSON\s*\.\s*parse\s*\(/

/** A read of the request body as a form. */
const READS_FORM = /(?<![\w$])req\s*\.\s*(?:(?:raw\s*\.\s*)?formData|parseBody)\s*\(|(?<![\w$])req\s*\.\s*valid\s*\(\s*['"`]form['"`]/

/** The media types of a form. */
const FORM_TYPES: readonly string[] = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** Hono's validator middleware (hono/validator, and so zValidator and @hono/zod-openapi's): the call that hands its value on. */
const VALIDATOR = /\.addValidatedData\s*\(/

/** Methods whose body no runtime hands a handler. */
const BODILESS = new Set(['GET', 'HEAD'])

/**
 * The shapes a history changes, by name, each with the index of the newest version that changes it: `any` change,
 * and those that change an older request (`requests`: an added enum value leaves an older request as the head reads it).
 */
export interface ChangedShapes {
  readonly any: ReadonlyMap<string, number>
  readonly requests: ReadonlyMap<string, number>
}

/**
 * The sentences naming each handler of `routes` that reads a body its route
 * lays out nowhere, though the route's responses migrate. Plain routes by
 * their `METHOD /path` plan; the handlers `mountRoutes` wraps by their table
 * route's (`tablePlan`); a middleware registered after the versioning
 * `middleware` (`app.use`), for each route it runs for.
 */
export function unlaidRequests(
  routes: readonly { readonly method: string; readonly path: string; readonly handler?: unknown }[],
  plans: ReadonlyMap<string, RoutePlan>,
  tablePlan: (method: string, route: ExchangeRoute) => RoutePlan | undefined,
  changed: ChangedShapes,
  middleware?: unknown,
): string[] {
  const out = new Set<string>()
  for (const planned of plannedHandlers(routes, plans, tablePlan)) {
    judge(planned, changed, out)
    // A mountRoutes chain's middleware, read as a plain route's is (Hono registers each as a handler of the route).
    for (const fn of planned.before) judge({ ...planned, handler: fn }, changed, out)
  }
  // It reads the request after the versioning, as the route's handler does.
  for (const planned of middlewareAfter(routes, middleware, plans, tablePlan)) judge(planned, changed, out)
  return [...out]
}

/** The sentence about one handler of the app, if any. */
function judge({ method, what, key, plan, handler, who = `the handler of ${what}` }: PlannedHandler, changed: ChangedShapes, out: Set<string>): void {
  if (typeof handler !== 'function' || plan === undefined || BODILESS.has(method) || method === 'ALL') return
  const source = Function.prototype.toString.call(handler)
  // A validator's one source reads JSON for every target (a `param` validator on a DELETE too): its handler's `c.req.valid(...)` tells.
  if (VALIDATOR.test(source)) return
  if ((plan.layouts?.request ?? null) !== null) {
    // Forms are migrated for a layout of one shape alone (a form is one object of text fields).
    if (plan.forms || !(plan.layouts?.request instanceof Shape) || plan.request?.some((chain) => chain.steps.length > 0) !== true) return
    if (!READS_FORM.test(source)) return
    // A form of a type the route lists in unmigrated is passed to the handler as sent: only the others are refused.
    const refused = FORM_TYPES.filter((type) => plan.requestMedia?.test(type) !== true)
    if (refused.length === FORM_TYPES.length) out.add(`versionHistory: ${who} reads a form, and its route's request layout migrates JSON bodies only, so its older clients' forms are refused with 415 where its head clients' are taken; set forms: true in bodies[${quoted(key)}] to migrate them.`)
    for (const type of refused.length < FORM_TYPES.length ? refused : []) {
      out.add(`versionHistory: ${who} reads a form, and its route's request layout migrates JSON bodies only, so its older clients' forms sent as ${type} are refused with 415 where its head clients' are taken (those unmigrated lists are passed to it as sent); list '${type}' in bodies[${quoted(key)}].unmigrated too.`)
    }
    return
  }
  if (!migratesSuccess(plan) || !(READS_BODY.test(source) || (READS_TEXT.test(source) && PARSES_JSON.test(source)))) return
  // The body a handler reads is taken to be of its response's shapes: none an older request has in another form, nothing to say.
  const response = plan.layouts?.response ?? null
  if (response !== null && !reaches(response, changed.requests, new Set())) return
  out.add(
    `versionHistory: ${who} reads a request body, and its route declares no request layout though its responses change between versions, so older clients' bodies reach it in their own version's fields; declare the layout (bodies[${quoted(key)}].request), or a shape no change names if the body is the same in every version.`,
  )
}

/** Whether `layout` reaches (itself, its items, its fields, its shapes' nested layouts) a shape named in `names`. */
function reaches(layout: Layout, names: ReadonlyMap<string, number>, seen: Set<Layout>): boolean {
  if (seen.has(layout)) return false
  seen.add(layout)
  if (layout instanceof Shape) return names.has(layout.name) || [...layout.nested.values()].some((inner) => reaches(inner, names, seen))
  return (Array.isArray(layout) ? (layout as readonly Layout[]) : Object.values(layout as { readonly [field: string]: Layout })).some((inner) => reaches(inner, names, seen))
}
