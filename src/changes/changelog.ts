/**
 * The changelog a history generates (`history.changelog()`):
 * plain JSON, newest version first, and, through `changelog`, its Markdown
 * rendering and, with the route table's `versioned()` limits added, one
 * changelog of everything declared.
 */
import { checkOptions, isRecord } from '../options.ts'
import type { RouteTable } from '../routes/table.ts'
import { markdownLine } from './markdown-text.ts'

/** How the shape or route of a version differs from the version before it. */
export type ChangelogInstruction =
  | { readonly type: 'field.renamed'; readonly shape: string; readonly older: string; readonly newer: string }
  | { readonly type: 'field.added'; readonly shape: string; readonly field: string }
  | { readonly type: 'field.removed'; readonly shape: string; readonly field: string; readonly schema?: object; readonly required?: boolean }
  | { readonly type: 'field.changed'; readonly shape: string; readonly field: string; readonly olderSchema?: object; readonly olderRequired?: boolean }
  | { readonly type: 'enum.added'; readonly shape: string; readonly field: string; readonly values: readonly (string | number)[] }
  | { readonly type: 'shape.converted'; readonly shape: string; readonly olderSchema?: object }
  | { readonly type: 'route.added'; readonly route: string }
  | { readonly type: 'route.removed'; readonly route: string }
  | { readonly type: 'route.path.changed'; readonly route: string; readonly older: string; readonly newer: string }
  | { readonly type: 'route.status.changed'; readonly route: string; readonly older: number; readonly newer: number }
  | { readonly type: 'route.header.changed'; readonly route: string; readonly header: string; readonly description?: string }
  | { readonly type: 'route.query.renamed'; readonly route: string; readonly older: string; readonly newer: string }
  | { readonly type: 'route.request.header.renamed'; readonly route: string; readonly older: string; readonly newer: string }
  | { readonly type: 'route.query.changed'; readonly route: string; readonly name: string; readonly description?: string; readonly olderSchema?: object; readonly olderRequired?: boolean }
  | { readonly type: 'route.request.header.changed'; readonly route: string; readonly header: string; readonly description?: string; readonly olderSchema?: object; readonly olderRequired?: boolean }

/** One change of a version in the changelog. */
export interface ChangelogChange {
  /** The stable id of the change (given, or derived from its description). */
  readonly id: string
  /** The human description. */
  readonly description: string
  readonly instructions: readonly ChangelogInstruction[]
}

/** One version in the changelog: what it changed relative to the version before it. */
export interface ChangelogVersion {
  readonly version: string
  readonly changes: readonly ChangelogChange[]
}

/** A history's changelog, newest version first. */
export interface Changelog {
  /** The newest version. */
  readonly head: string
  readonly versions: readonly ChangelogVersion[]
}

/** Options of `changelog`. */
export interface ChangelogOptions {
  /**
   * The route table (`defineRoutes`): a route its `versioned([...])` limit
   * serves from some version on is added there, one it stops serving is
   * removed there, besides the history's own route changes.
   * @default undefined (the history's changes alone)
   */
  readonly routes?: RouteTable | undefined
  /**
   * `'markdown'`: the changelog rendered as Markdown, a section per version
   * (newest first), each change's description as a bullet, what it changed
   * beneath it.
   * @default 'json'
   */
  readonly format?: 'json' | 'markdown' | undefined
  /**
   * The Markdown's title (with `format: 'markdown'`).
   * @default 'Changelog'
   */
  readonly title?: string | undefined
}

/**
 * The changelog of a history (or of the JSON its `changelog()` returns),
 * newest version first: as JSON, or as Markdown with `format: 'markdown'`;
 * with `routes`, the routes the table's `versioned()` limits add or remove
 * in a version too. A function of its own, so a Worker that serves no
 * changelog carries none of it.
 *
 * @example
 * ```ts
 * const json = changelog(history, { routes })
 * const text = changelog(history, { routes, format: 'markdown', title: 'Catalog API changelog' })
 * ```
 */
export function changelog(source: Changelog | { changelog(): Changelog }, options: ChangelogOptions & { readonly format: 'markdown' }): string
export function changelog(source: Changelog | { changelog(): Changelog }, options?: ChangelogOptions & { readonly format?: 'json' | undefined }): Changelog
export function changelog(source: Changelog | { changelog(): Changelog }, options: ChangelogOptions = {}): Changelog | string {
  const where = 'changelog'
  const log = typeof (source as { changelog?: unknown } | null)?.changelog === 'function' ? (source as { changelog(): Changelog }).changelog() : source
  if (log === null || typeof log !== 'object' || typeof (log as Changelog).head !== 'string' || !Array.isArray((log as Changelog).versions)) {
    throw new Error(`${where}: pass a version history (versionHistory({ versions })) or the JSON its changelog() returns.`)
  }
  if (!isRecord(options)) throw new Error(`${where}: options must be an object such as { routes, format: 'markdown' }.`)
  // A misspelt option (`fromat`) would give JSON where Markdown was asked for, silently.
  checkOptions(options, where, ['routes', 'format', 'title'])
  const { routes, format = 'json', title } = options
  if (routes !== undefined && !Array.isArray((routes as { routes?: unknown } | null)?.routes)) {
    throw new Error(`${where}: routes must be a route table (defineRoutes([...])).`)
  }
  if (format !== 'json' && format !== 'markdown') throw new Error(`${where}: format must be 'json' or 'markdown'.`)
  if (title !== undefined && (format !== 'markdown' || typeof title !== 'string')) throw new Error(`${where}: title must be a string, given with format: 'markdown'.`)
  const full = routes === undefined ? (log as Changelog) : changelogWithRoutes(log as Changelog, routes)
  return format === 'json' ? full : changelogMarkdown(full, title === undefined ? {} : { title })
}

/**
 * Renders a changelog as Markdown: a section per version (newest first),
 * each change's description as a bullet, what it changed beneath it.
 */
export function changelogMarkdown(changelog: Changelog, options: { readonly title?: string } = {}): string {
  const lines: string[] = [`# ${markdownLine(options.title ?? 'Changelog')}`]
  for (const { version, changes } of changelog.versions) {
    lines.push('', `## ${markdownLine(version)}${version === changelog.head ? ' (latest)' : ''}`, '')
    if (changes.length === 0) {
      lines.push(changelog.versions[changelog.versions.length - 1]?.version === version ? 'The first version.' : 'No changes.')
      continue
    }
    for (const change of changes) {
      lines.push(`- ${markdownLine(change.description)}`)
      for (const instruction of change.instructions) lines.push(`  - ${sentence(instruction)}`)
    }
  }
  return `${lines.join('\n')}\n`
}

/**
 * `changelog` with what the route table declares besides the history: a
 * route that a `versioned([...])` limit serves from some version on is
 * added there, one it stops serving is removed there (each once per route
 * name, unless the history says so already). The history's own route
 * changes (`routeAdded`, `routeRemoved`, `pathChanged`) are in it already.
 */
export function changelogWithRoutes(changelog: Changelog, table: RouteTable): Changelog {
  const newestFirst = changelog.versions.map((v) => v.version)
  const oldestFirst = [...newestFirst].reverse()
  const said = new Set<string>()
  for (const { version, changes } of changelog.versions) {
    for (const change of changes) for (const i of change.instructions) if ('route' in i) said.add(`${version} ${i.route}`)
  }
  const added = new Map<string, ChangelogChange[]>()
  const seen = new Set<string>()
  for (const route of table.routes) {
    const versions = route.limit?.versions ?? null
    if (versions === null || route.limit?.neutral === true || seen.has(route.name)) continue
    seen.add(route.name)
    for (let i = 1; i < oldestFirst.length; i++) {
      const version = oldestFirst[i] as string
      const now = versions.has(version)
      if (now === versions.has(oldestFirst[i - 1] as string) || said.has(`${version} ${route.name}`)) continue
      const type = now ? 'route.added' : 'route.removed'
      const list = added.get(version) ?? []
      list.push({ id: `${route.name}-${now ? 'added' : 'removed'}`, description: `${now ? 'Adds' : 'Removes'} \`${route.path}\`.`, instructions: [{ type, route: route.name }] })
      added.set(version, list)
    }
  }
  if (added.size === 0) return changelog
  return { head: changelog.head, versions: changelog.versions.map((v) => ({ version: v.version, changes: [...v.changes, ...(added.get(v.version) ?? [])] })) }
}

/** A name as a code span, on one line (a line break there would end the bullet), its backticks written as quotes. */
const code = (text: string | number): string => `\`${String(text).replace(/`/g, "'").replace(/[\r\n]+/g, ' ')}\``

/** What one instruction says, as a sentence about the older version. */
function sentence(i: ChangelogInstruction): string {
  switch (i.type) {
    case 'field.renamed':
      return `${code(i.shape)}: field ${code(i.older)} renamed to ${code(i.newer)}.`
    case 'field.added':
      return `${code(i.shape)}: field ${code(i.field)} added.`
    case 'field.removed':
      return `${code(i.shape)}: field ${code(i.field)} removed.`
    case 'field.changed':
      return `${code(i.shape)}: field ${code(i.field)} changed type or format.${olderRequiredText(i.olderRequired)}`
    case 'enum.added':
      return `${code(i.shape)}: field ${code(i.field)} can be ${i.values.map(code).join(', ')}.`
    case 'shape.converted':
      return `${code(i.shape)} changed shape.`
    case 'route.added':
      return `Route ${code(i.route)} added.`
    case 'route.removed':
      return `Route ${code(i.route)} removed.`
    case 'route.path.changed':
      return `Route ${code(i.route)} moved from ${code(i.older)} to ${code(i.newer)}.`
    case 'route.status.changed':
      return `Route ${code(i.route)} answers ${i.newer} instead of ${i.older}.`
    case 'route.header.changed':
      return `Route ${code(i.route)}: response header ${code(i.header)} changed${i.description === undefined ? '' : `: ${markdownLine(i.description)}`}.`
    case 'route.query.renamed':
      return `Route ${code(i.route)}: query parameter ${code(i.older)} renamed to ${code(i.newer)}.`
    case 'route.request.header.renamed':
      return `Route ${code(i.route)}: request header ${code(i.older)} renamed to ${code(i.newer)}.`
    case 'route.query.changed':
      return `Route ${code(i.route)}: query parameter ${code(i.name)} takes other values${i.description === undefined ? '' : `: ${markdownLine(i.description)}`}.${olderRequiredText(i.olderRequired)}`
    case 'route.request.header.changed':
      return `Route ${code(i.route)}: request header ${code(i.header)} takes other values${i.description === undefined ? '' : `: ${markdownLine(i.description)}`}.${olderRequiredText(i.olderRequired)}`
  }
}

/** What a parameter change's `olderRequired` says of older versions, for a changelog line. */
function olderRequiredText(olderRequired: boolean | undefined): string {
  return olderRequired === undefined ? '' : olderRequired ? ' Older versions require it.' : ' Older versions may leave it out.'
}
