/**
 * `versionedOpenAPI`: one OpenAPI 3.1 document per version, from the route
 * table alone or from the user's own head-version document, each made once,
 * on first use.
 */
import { UNPLACED, type VersionPlacement } from '../routes/placement.ts'
import type { RouteTable } from '../routes/table.ts'
import type { VersionPolicy } from '../lifecycle/policy.ts'
import type { RouteBodies } from '../changes/history-options.ts'
import type { ApiModel } from '../model/api-model.ts'
import { apiModelOf } from '../model/operations.ts'
import { checkAcceptTypes } from './accept-types.ts'
import { appOperations, appRoutesOf, insidePrefix, tablePrefixOf, underPrefix, type DocumentedApp } from './app-routes.ts'
import { versionSpace } from '../model/version-space.ts'
import { buildDocument, deepFreeze, operationsModel, type BuildContext } from './build.ts'
import { reachableComponents, refsIn } from '../json/refs.ts'
import { changelogOf, routeHistory, type ChangelogSource } from './changelog.ts'
import { historyBodies, historyMigrations } from './migrations.ts'
import { checkAppHistory } from './unmigrated.ts'
import { checkServerUrl } from './server-url.ts'
import { middlewareBases } from '../routes/mounted-apps.ts'
import { withMountedNames } from './mounted-names.ts'
import { normalizeDocument } from './normalize.ts'
import { sunsetsOf, type ContractContext } from './operation-contracts.ts'
import { placementOf } from './placement.ts'
import { requestBodies, type DocumentedRequests } from './requests.ts'
import { LINKED } from './response-headers.ts'
import { SERVERS } from './document-servers.ts'
import { errorBodyOf, type ErrorFormat } from './responses.ts'
import { checkAppMiddleware } from './app-middleware.ts'
import { checkStreamed, streamedBodies } from './streams.ts'
import { checkMethods, documentOperations, normalizeRouteName, tableOperations, type SourceOperation } from './sources.ts'
import type { HttpMethod, OpenAPIDocument, OpenAPIInput } from './types.ts'
import { planVersions, type DocumentedVersion } from './versions.ts'
import { headFieldClash } from '../changes/head-fields.ts'
import type { Json } from '../json/object.ts'
import { bare, quoted, quotedValue } from '../quote.ts'
import { checkOptionNames, isRecord } from '../options.ts'

/** What the documents read of a scheme: any scheme of this package fits. */
export interface DocumentedScheme {
  readonly kind: string
  readonly allowedVersions: readonly (string | null)[] | null
  readonly defaultVersion: string | null
  readonly versionParam: string
  /** Where the version travels (every scheme of this package says; a scheme of your own may not). */
  readonly placement?: VersionPlacement | undefined
  resolveVersion(version: string | null): string | null | undefined
}

/** Options of `versionedOpenAPI`. */
export interface VersionedOpenAPIOptions {
  /** The scheme the API is versioned with: it says where each document puts the version. */
  readonly scheme: DocumentedScheme
  /**
   * The route table: with no `document`, the documents are made from it
   * alone; with one, it tells which versions each documented path exists
   * in, and gives path parameters their patterns. Required with
   * `NamespaceVersioning`.
   */
  readonly routes?: RouteTable<any> | undefined
  /**
   * Your own document of the newest version (OpenAPI 3.0 or 3.1, from
   * hono-openapi, @hono/zod-openapi, chanfana or by hand): each version's
   * document keeps its descriptions, schemas and examples, and lacks what
   * that version lacks. Its component schemas are rewritten for older
   * versions by the `changelog`.
   */
  readonly document?: OpenAPIInput | undefined
  /** The version policy (`versionPolicy(...)`): deprecated versions are marked, and versions past their sunset left out (when it refuses them) or flagged. */
  readonly policy?: VersionPolicy | undefined
  /**
   * The changelog of the version changes: the history itself (any object
   * with a `changelog()` method, read once here) or the JSON its
   * `changelog()` returns. It gives route and shape changes, and each
   * document's changelog.
   */
  readonly changelog?: ChangelogSource | undefined
  /**
   * The versions to document, newest first.
   * @default the scheme's allowedVersions and defaultVersion, newest first
   */
  readonly versions?: readonly string[] | undefined
  /** The documents' title and description (Markdown). @default the document's, or title 'API' */
  readonly info?: { readonly title?: string | undefined; readonly description?: string | undefined } | undefined
  /**
   * The server the API is reached at, with `{version}` where a host name
   * carries the version (`https://{version}.example.com`): required with
   * `HostNameVersioning`.
   * @default the document's servers, if any
   */
  readonly serverUrl?: string | undefined
  /**
   * The app that serves the routes (its routes registered): each documented
   * path has the methods it registers there, and where `mountRoutes`
   * answers other methods with 405, the path says so.
   * @default none (the methods of your document, or of `methods`)
   */
  readonly app?: DocumentedApp | undefined
  /**
   * The methods of each route, by its namespaced or own name, for documents
   * made from the table alone: an explicit override of the app's, within
   * what it serves (a method no handler of `app` serves at the route's path
   * is refused; leave a served one out with `hide`).
   * @default the app's methods of the route, or ['get'] for every route
   */
  readonly methods?: Readonly<Record<string, readonly HttpMethod[]>> | undefined
  /**
   * The component schema of each shape the changelog names, when it is not
   * the shape's own name.
   * @default each shape's own name
   */
  readonly shapes?: Readonly<Record<string, string>> | undefined
  /**
   * How the middleware answers its own rejections (404, 406, 400, 410, 415,
   * 422): `'detail'` for the default `errorResponse` (`{"detail": ...}`,
   * `application/json`), `'problem-details'` for `problemDetails()`
   * (`application/problem+json`). Each operation documents the statuses
   * the toolkit may answer it with, with that body.
   * @default 'detail'
   */
  readonly errors?: ErrorFormat | undefined
  /**
   * The request bodies: the head schemas given to `requestValidation` and
   * the `bodies` given to `versionHistory`. Each version's request schema is
   * derived as its validation derives it, so the two cannot disagree.
   * @default none (request bodies as your document gives them)
   */
  readonly requests?: DocumentedRequests | undefined
  /**
   * The `bodies` given to `versionHistory`: a route with an `items` layout
   * answers a stream, documented with each version's item schema under the
   * streamed media type your document gives it.
   * @default `requests.bodies`, else the `bodies` of the history given as `changelog`
   */
  readonly bodies?: Readonly<Record<string, RouteBodies>> | undefined
  /**
   * Client pins (`clientPins`): the security scheme that names a client (a
   * bearer key by default). A pinned client that sends no version gets its
   * pinned one, so every document then requires its version parameter.
   * @default none
   */
  readonly pins?: PinsDocumentation | undefined
  /**
   * Operations served but left out of every document, on purpose: route
   * names (`'health'`, every method), a route name for one method
   * (`'POST product-list'`), or a plain route (`'GET /internal/:id'`).
   * Every other served route is documented.
   * @default none
   */
  readonly hide?: readonly string[] | undefined
}

/** How `versionedOpenAPI` documents client pins. */
export interface PinsDocumentation {
  /** The name of the security scheme. @default 'clientKey' */
  readonly name?: string | undefined
  /** The OpenAPI security scheme that carries the client's key. @default { type: 'http', scheme: 'bearer' } */
  readonly scheme?: Readonly<Record<string, unknown>> | undefined
}

/** The documents of every version. */
export interface VersionedOpenAPI {
  /**
   * The documented versions, newest first, by the policy's clock (a version
   * past its sunset drops out, or is flagged, when the sunset passes).
   */
  readonly versions: readonly DocumentedVersion[]
  /** The document of `version`, made once, then shared (deeply frozen). Throws when the version has none. */
  document(version: string): OpenAPIDocument
  /** The model the documents are made from: each operation, and whether and at which path each version serves it (`versionedOpenAPI` sets it; documents of your own may leave it out). */
  readonly model?: ApiModel | undefined
}

/** The sentence of an app that registers none of the documented paths (`documented`: the document's, else the table's): the first few of each side, and what to give. */
const noPathServed = (documented: readonly string[], served: DocumentedApp['routes'], where: string): string => {
  const few = (paths: readonly string[]): string => [...new Set(paths)].slice(0, 3).map((p) => bare(p)).join(', ') || 'no route'
  return `${where}: app registers none of the documented paths (${few(documented)}), and serves ${few(served.filter((r) => r.method !== 'ALL').map((r) => r.path))}; give the app that serves them (the root app, whose routes have their full paths), or write the document's paths as it serves them (under the prefix app.route() mounts them at).`
}

const OPTION_NAMES = ['scheme', 'routes', 'document', 'app', 'policy', 'changelog', 'versions', 'info', 'serverUrl', 'methods', 'shapes', 'errors', 'requests', 'bodies', 'pins', 'hide']

/** The operations without those `hide` names; each name must name one. */
function hidden(operations: readonly SourceOperation[], hide: unknown, where: string): readonly SourceOperation[] {
  if (hide === undefined) return operations
  if (!Array.isArray(hide) || hide.some((h) => typeof h !== 'string')) throw new Error(`${where}: hide must be a list of route names or "METHOD /path", such as ['health', 'POST product-list'].`)
  const matches = (source: SourceOperation, name: string): boolean => {
    const method = /^([A-Za-z]+) (.+)$/.exec(name)
    const key = method === null ? name : normalizeRouteName(name)
    if (method === null) return source.names.includes(key)
    const own = (method[1] as string).toLowerCase()
    return own === source.method && (source.names.includes(key) || source.names.includes(method[2] as string))
  }
  for (const name of hide as string[]) {
    if (!operations.some((o) => matches(o, name))) throw new Error(`${where}: hide names ${quoted(name)}, which no documented operation has; give a route name, "METHOD name" or "METHOD /path".`)
  }
  return operations.filter((o) => !(hide as string[]).some((name) => matches(o, name)))
}

/** The security scheme and requirement of pinned clients, checked. */
function pinsOf(pins: unknown, where: string): { schemes: Json; security: readonly Json[] } | null {
  if (pins === undefined) return null
  const { name = 'clientKey', scheme = { type: 'http', scheme: 'bearer' } } = (pins ?? {}) as { name?: unknown; scheme?: unknown }
  if (!isRecord(pins) || typeof name !== 'string' || !/^[A-Za-z0-9._-]+$/.test(name) || scheme === null || typeof scheme !== 'object' || typeof (scheme as Json)['type'] !== 'string') {
    throw new Error(`${where}: pins must be an object such as { name: 'clientKey', scheme: { type: 'http', scheme: 'bearer' } }.`)
  }
  const description =
    'Names the client. A request that names no version is answered in the version this client is pinned to (a new client is pinned to the version of its first request); a request that names a version gets that version.'
  return { schemes: { [name]: { description, ...(scheme as Json) } }, security: [{ [name]: [] }, {}] }
}

/**
 * Makes the OpenAPI 3.1 documents of every version: for each version, the
 * routes that answer in it (their `versioned()` limits, their namespace,
 * the changelog's route changes), with path parameters, operationIds from
 * route names, and the version where the scheme puts it (concrete paths for
 * URL path and namespace; the header, query parameter or media type fixed
 * to that version; the host name's server). Deprecated versions mark their
 * operations deprecated and document the Deprecation, Sunset and Link
 * headers. Options are checked here; each document is made on first use.
 *
 * @example
 * ```ts
 * const routes = defineRoutes([include('/:version{v[12]}', [route('user-list', '/users'), versioned(['v2'], route('team-list', '/teams'))])])
 * const docs = versionedOpenAPI({ scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }), routes })
 * Object.keys(docs.document('v1').paths) // ['/v1/users']
 * Object.keys(docs.document('v2').paths) // ['/v2/users', '/v2/teams']
 * ```
 */
export function versionedOpenAPI(options: VersionedOpenAPIOptions): VersionedOpenAPI {
  const where = 'versionedOpenAPI'
  if (!isRecord(options)) throw new Error(`${where}: pass options such as { scheme, routes } or { scheme, document }.`)
  checkOptionNames(options, where, OPTION_NAMES)
  const { scheme, document: input, policy, changelog: rawChangelog, versions, info, shapes = {} } = options
  if (scheme === null || typeof scheme !== 'object' || typeof scheme.kind !== 'string' || typeof scheme.resolveVersion !== 'function') {
    throw new Error(`${where}: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }).`)
  }
  const routes = options.routes ?? null
  if (routes !== null && (typeof routes !== 'object' || !Array.isArray((routes as { routes?: unknown }).routes))) {
    throw new Error(`${where}: routes must be a route table made with defineRoutes([...]).`)
  }
  if (routes === null && input === undefined) throw new Error(`${where}: give routes (a table made with defineRoutes), a head-version document, or both.`)
  const placement = placementOf(scheme)
  if (placement.namespace && routes === null) throw new Error(`${where}: with NamespaceVersioning, give routes: the namespace of each route tells its version.`)
  if (policy !== undefined && (policy === null || typeof policy !== 'object' || typeof policy.describe !== 'function')) {
    throw new Error(`${where}: policy must be a version policy made with versionPolicy({...}).`)
  }
  if (info !== undefined && (!isRecord(info) || (info.title !== undefined && typeof info.title !== 'string') || (info.description !== undefined && typeof info.description !== 'string'))) {
    throw new Error(`${where}: info must be an object such as { title: 'Catalog API', description: 'Markdown text' }.`)
  }
  if (!isRecord(shapes) || Object.values(shapes).some((s) => typeof s !== 'string')) {
    throw new Error(`${where}: shapes must map shape names to component schema names, such as { Product: 'ProductOut' }.`)
  }
  const plan = planVersions(scheme, versions, policy, where)
  const changelog = rawChangelog === undefined ? null : changelogOf(rawChangelog, plan.order, where)
  const methods = checkMethods(options.methods, routes, where)
  if (input !== undefined && options.methods !== undefined) throw new Error(`${where}: methods applies to documents made from the table alone; your document already gives each path its methods.`)

  const head = input === undefined ? null : normalizeDocument(input, where)
  const app = appRoutesOf(options.app, where)
  const serverUrl = checkServerUrl(options.serverUrl, placement, scheme, plan.order, where)
  // A table a sub-app serves (app.route('/api', sub)) is served under its prefix, which its operations' paths take.
  const prefix = tablePrefixOf(app, head, options.serverUrl)
  const inside = head === null || prefix === null ? null : insidePrefix(head, prefix)
  const errorBody = errorBodyOf(options.errors, where)
  const headSchemaNames = new Set(Object.keys(((head?.['components'] as Json | undefined)?.['schemas'] ?? {}) as Json))
  const requests = requestBodies(options.requests, changelog, plan.order, headSchemaNames, where)
  const pins = pinsOf(options.pins, where)
  const content = placement.accept === null ? [] : placement.accept.mediaTypes
  const all = head === null ? tableOperations(routes as RouteTable, methods, content, app, where) : documentOperations(inside?.head ?? head, routes)
  const bases = app === null ? [] : middlewareBases((options.app as DocumentedApp).routes)
  const fromApp = withMountedNames(underPrefix(head === null || app === null ? all : appOperations(all, app), prefix, inside?.moved), bases)
  if (app !== null && (routes?.routes.length ?? 0) + all.length > 0 && fromApp.length === 0) throw new Error(noPathServed([...all.map((o) => o.path), ...(routes?.routes.map((r) => r.path) ?? [])], (options.app as DocumentedApp).routes, where))
  const operations = hidden(fromApp, options.hide, where)
  checkAppMiddleware(options.app, options, operations.map((o) => o.path), where)
  // The items of streams: the bodies given, else those the history (the changelog) was given.
  const streams = streamedBodies(options.bodies ?? (options.requests as { bodies?: unknown } | undefined)?.bodies ?? historyBodies(rawChangelog), where)
  checkStreamed(streams, operations, where)
  const headInfo = (head?.['info'] ?? {}) as Json
  const unnamed = { defaultVersion: scheme.defaultVersion, pinned: pins !== null }
  // Each operation's request and response contracts in a version are worked out from these, once, for the model.
  const headSchemas = ((head?.['components'] as Json | undefined)?.['schemas'] ?? {}) as Json
  const clash = changelog === null ? null : headFieldClash(headSchemas, changelog, (shape) => shapes[shape] ?? shape, where)
  if (clash !== null) throw new Error(clash)
  const history = routeHistory(changelog, plan.order, normalizeRouteName, where)
  const migrations = historyMigrations(rawChangelog)
  const contracts: ContractContext = { order: plan.order, placement, unnamed, serverUrl, history, shapes, headSchemas, headComponents: (head?.['components'] ?? {}) as Json, requests, streams, errorBody, sunsets: sunsetsOf(plan.policy), migrations }
  const space = versionSpace(scheme, { versions: [...plan.order].reverse(), policy })
  const served = operationsModel(operations, space, scheme.placement ?? UNPLACED, contracts, migrations, routes === null ? options.app : undefined)
  checkAcceptTypes(operations.filter((o) => served.get(o)?.neutral !== true), placement, (head?.['components'] ?? {}) as Json, where)
  const model = apiModelOf(space, scheme.placement ?? UNPLACED, [...served.values()])
  const context: BuildContext = {
    plan,
    operations,
    placement,
    defaultVersion: scheme.defaultVersion,
    served,
    changelog,
    head,
    headReachable: head === null ? new Set() : reachableComponents([...refsIn(head['paths']), ...refsIn(head['webhooks'])], (head['components'] ?? {}) as Json),
    refs: new Map(head === null ? [] : operations.map((o) => [o, refsIn(o.operation)])),
    schemas: new Map(),
    info: {
      title: info?.title ?? (typeof headInfo['title'] === 'string' ? headInfo['title'] : 'API'),
      description: info?.description ?? (typeof headInfo['description'] === 'string' ? headInfo['description'] : null),
    },
    serverUrl,
    shapes,
    unnamed,
    errorBody,
    app,
    security: pins?.security ?? null,
    securitySchemes: pins?.schemes ?? null,
  }
  if (migrations !== null && app !== null) checkAppHistory(context, rawChangelog, options.app, where, requests)
  const made = new Map<string, { readonly entry: DocumentedVersion; readonly links: readonly string[]; readonly document: OpenAPIDocument }>()
  // Where openAPILink serves these documents, for the Link it adds to answers (a new list on each new path).
  let links: readonly string[] = []
  const documents: VersionedOpenAPI = {
    get versions() {
      return plan.documented()
    },
    model,
    document(version) {
      const documented = plan.documented()
      const entry = documented.find((d) => d.version === version)
      if (entry === undefined) {
        throw new Error(`${where}: version ${quotedValue(version)} has no document; the documented versions are ${documented.map((d) => bare(d.version)).join(', ') || 'none'}.`)
      }
      let found = made.get(version)
      // A document is made once, and again only when its version's entry changed (a sunset passed) or openAPILink was given these documents since.
      if (found?.entry !== entry || found.links !== links) {
        found = { entry, links, document: deepFreeze(buildDocument(context, entry, links)) as unknown as OpenAPIDocument }
        made.set(version, found)
      }
      return found.document
    },
  }
  Object.defineProperties(documents, {
    [LINKED]: {
      value: (path: string) => {
        if (!links.includes(path)) links = [...links, path]
      },
    },
    // A version's servers, as its document has them (build.ts), without making it: the docs page's policy reads every version's.
    [SERVERS]: { value: (version: string) => (serverUrl !== null ? [{ url: serverUrl.replace('{version}', version) }] : head?.['servers']) },
  })
  return documents
}
