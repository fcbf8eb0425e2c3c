/**
 * The changelog the version changes produce (`history.changelog()`: plain
 * JSON, newest version first), checked once against the documented
 * versions, and read here for what routes do across versions: which
 * versions have a route, its path and its status in each.
 *
 * `Changelog` and the types it is made of are the version changes' own
 * (`hono-api-versioning/changes`), re-exported.
 */

// Contract B (the changelog JSON): the version changes' own types. Instruction types this module does not know
// (the request-side ones) are read past.
import type { Changelog, ChangelogInstruction } from '../changes/changelog.ts'
import { markdownLine } from '../changes/markdown-text.ts'
import { plainRoute } from '../changes/route-changes.ts'
import { routeLife } from '../changes/route-life.ts'
import type { RouteHistory } from '../model/operations.ts'
import { quoted, quotedValue } from '../quote.ts'
import { positionIn } from '../model/version-positions.ts'
export type { Changelog, ChangelogInstruction } from '../changes/changelog.ts'

/** What `versionedOpenAPI` takes as its changelog: the JSON, or anything with a `changelog()` method that returns it (a version-changes history). */
export type ChangelogSource = Changelog | { changelog(): Changelog }

/**
 * The changelog of a source, read once (a history's `changelog()` is
 * called here) and checked against the documented order.
 */
export function changelogOf(source: ChangelogSource, order: readonly string[], where: string): Changelog {
  const history = source as { changelog?: unknown } | null
  if (history !== null && typeof history === 'object' && typeof history.changelog === 'function') {
    return checkChangelog((history.changelog as () => unknown).call(history), order, where)
  }
  return checkChangelog(source, order, where)
}

/** A route instruction at a version (its index in the newest-first order). */
interface RouteEvent {
  readonly at: number
  readonly instruction: ChangelogInstruction & { readonly route: string }
}

/** The route history of a changelog: its changes are the changelog's route instructions. */
export type ChangelogRouteHistory = RouteHistory<ChangelogInstruction & { readonly route: string }>

/**
 * Checks a changelog against the documented order (every version, newest
 * first): its versions must be known, in the same order, and its head the
 * newest. Throws a plain `Error` that says what to fix.
 */
function checkChangelog(changelog: unknown, order: readonly string[], where: string): Changelog {
  const example = "{ head: 'v2', versions: [{ version: 'v2', changes: [...] }] }"
  if (changelog === null || typeof changelog !== 'object') throw new Error(`${where}: changelog must be a version history (with a changelog() method) or the object its changelog() returns, such as ${example}.`)
  const { head, versions } = changelog as { head?: unknown; versions?: unknown }
  if (typeof head !== 'string' || !Array.isArray(versions)) throw new Error(`${where}: changelog must have a head version and a versions list, such as ${example}.`)
  if (head !== order[0]) {
    throw new Error(`${where}: the changelog's head is ${quoted(head)} but the newest documented version is ${quotedValue(order[0])}; document the versions the changelog describes, newest first.`)
  }
  let last = -1
  for (const entry of versions as unknown[]) {
    const { version, changes } = (entry ?? {}) as { version?: unknown; changes?: unknown }
    const at = typeof version === 'string' ? positionIn(order, version) : -1
    if (at === -1) throw new Error(`${where}: the changelog has version ${quotedValue(version)}, which is not one of the versions (${order.join(', ')}).`)
    if (at <= last) throw new Error(`${where}: the changelog lists ${quotedValue(version)} out of order; the versions go newest first (${order.join(', ')}).`)
    last = at
    if (!Array.isArray(changes)) throw new Error(`${where}: the changelog's version ${quotedValue(version)} must have a changes list.`)
    for (const change of changes as unknown[]) {
      const { description, instructions } = (change ?? {}) as { description?: unknown; instructions?: unknown }
      if (typeof description !== 'string' || !Array.isArray(instructions)) {
        throw new Error(`${where}: every change of the changelog's version ${quotedValue(version)} needs a description and an instructions list.`)
      }
    }
  }
  return changelog as Changelog
}

/** Whether an instruction concerns a route (it names one). */
function isRouteInstruction(instruction: ChangelogInstruction): instruction is ChangelogInstruction & { readonly route: string } {
  return typeof (instruction as { route?: unknown }).route === 'string' && instruction.type.startsWith('route.')
}

/**
 * The route instructions of a changelog, by route name, with the version
 * index each applies at. `normalize` turns a name into the key routes are
 * looked up by (plain routes' `METHOD /path` into their OpenAPI form).
 */
export function routeHistory(changelog: Changelog | null, order: readonly string[], normalize: (name: string) => string, where: string): ChangelogRouteHistory {
  const byName = new Map<string, RouteEvent[]>()
  for (const { version, changes } of changelog?.versions ?? []) {
    const at = positionIn(order, version)
    for (const change of changes) {
      for (const instruction of change.instructions) {
        if (!isRouteInstruction(instruction)) continue
        const key = normalize(instruction.route)
        const list = byName.get(key)
        if (list === undefined) byName.set(key, [{ at, instruction }])
        else list.push({ at, instruction })
      }
    }
  }
  // By names list (each operation has one, made once): its events, worked out on first use.
  const cache = new WeakMap<readonly string[], readonly RouteEvent[]>()
  const none: readonly RouteEvent[] = []
  function eventsOf(names: readonly string[]): readonly RouteEvent[] {
    let events = cache.get(names)
    if (events === undefined) {
      const found: RouteEvent[] = []
      for (const name of names) found.push(...(byName.get(name) ?? []))
      // Newest first; within a version, its value changes (which name the version's names) before its renames, and the
      // last declared first (undone in reverse).
      events = found.length === 0 ? none : found.map((e, i) => [e, i] as const).sort((a, b) => a[0].at - b[0].at || renamesLast(a[0]) - renamesLast(b[0]) || b[1] - a[1]).map(([e]) => e)
      cache.set(names, events)
    }
    return events
  }
  // By names list: whether the operation exists in each version (oldest first), from each name's events, decided by
  // the same function as the history's request path (changes/route-life.ts); `null`: in every version.
  const oldestFirst = [...order].reverse()
  const lifeOf = (name: string) => routeLife(name, (byName.get(name) ?? []).map((e) => ({ step: order.length - 1 - e.at, entry: e.instruction })), oldestFirst, where)
  // A plain route a pathChanged moves answers at an older path only in the versions that have that path, as the
  // history's plans say (changes/route-plans.ts): the operation an app registers there (`GET /items/:id`, kept for
  // the older versions) goes by that name, which no change names. Oldest first, by the older path's name.
  const movedFrom = new Map<string, readonly boolean[]>()
  for (const [name, events] of byName) {
    const plain = plainRoute(events[0]?.instruction.route ?? '')
    if (plain === null || !events.some((e) => e.instruction.type === 'route.path.changed')) continue
    const life = lifeOf(name)
    const head = life.paths?.[oldestFirst.length - 1]
    for (const path of new Set(life.paths ?? [])) {
      if (path === head) continue
      movedFrom.set(normalize(`${plain[0]} ${path}`), oldestFirst.map((_, v) => (life.exists === null || life.exists[v] === true) && life.paths?.[v] === path))
    }
  }
  const lives = new WeakMap<readonly string[], readonly boolean[] | null>()
  function existence(names: readonly string[]): readonly boolean[] | null {
    if (lives.has(names)) return lives.get(names) as readonly boolean[] | null
    let exists: boolean[] | null = null
    for (const name of new Set(names)) {
      // A route answers a version only where every name it goes by exists (the table's route and its method's, an older path's).
      for (const own of [byName.has(name) ? lifeOf(name).exists : null, movedFrom.get(name) ?? null]) {
        if (own !== null) exists = oldestFirst.map((_, v) => (exists === null || exists[v] === true) && own[v] === true)
      }
    }
    lives.set(names, exists)
    return exists
  }
  return {
    exists: (names, at) => existence(names)?.[order.length - 1 - at] ?? true,
    changesAbove(names, at) {
      const events = eventsOf(names)
      if (events.length === 0) return []
      return events
        .filter((e) => e.at < at && ABOVE.has(e.instruction.type))
        .map((e) => e.instruction)
    },
  }
}

/** The route changes `changesAbove` gives: what turns the head's operation into an older version's. */
const ABOVE: ReadonlySet<string> = new Set(['route.path.changed', 'route.status.changed', 'route.header.changed', 'route.query.renamed', 'route.request.header.renamed', 'route.query.changed', 'route.request.header.changed'])

/** 0 for a parameter's value change, 1 for any other event: undone first in its version, as it runs last there. */
const renamesLast = (event: RouteEvent): number => (event.instruction.type === 'route.query.changed' || event.instruction.type === 'route.request.header.changed' ? 0 : 1)

/** A shape instruction, with the description of its change. */
export interface SchemaStep {
  readonly instruction: ChangelogInstruction
  readonly description: string
}

/**
 * The shape instructions of `version` (the changes it introduced), in the
 * order that undoes them: the last declared first. Undone on the schemas of
 * `version`, they give those of the version before it.
 */
export function schemaStepsOf(changelog: Changelog | null, version: string): readonly SchemaStep[] {
  if (changelog === null) return []
  let byVersion = schemaSteps.get(changelog)
  if (byVersion === undefined) {
    // Every version's at once: a document of the oldest version reads each version's, and a search per version was n².
    const made = new Map<string, readonly SchemaStep[]>()
    for (const entry of changelog.versions) {
      const steps = [...(made.get(entry.version) ?? [])].reverse()
      for (const change of entry.changes) {
        for (const instruction of change.instructions) if (!instruction.type.startsWith('route.')) steps.push({ instruction, description: change.description })
      }
      made.set(entry.version, steps.reverse())
    }
    schemaSteps.set(changelog, (byVersion = made))
  }
  return byVersion.get(version) ?? []
}

/** Each changelog's shape instructions by version, in the order that undoes them (`schemaStepsOf`). */
const schemaSteps = new WeakMap<Changelog, ReadonlyMap<string, readonly SchemaStep[]>>()

/**
 * The changelog in Markdown, for the description of the document of
 * version index `at`: the changes of that version and of every older one,
 * newest first, each change as a bullet with its description.
 */
export function changelogMarkdown(changelog: Changelog | null, order: readonly string[], at: number): string {
  const sections: string[] = []
  for (const { version, changes } of changelog?.versions ?? []) {
    const index = positionIn(order, version)
    if (index < at || changes.length === 0) continue
    // Each description one line of Markdown, no raw HTML: docs pages render it as HTML.
    const bullets = changes.map((change) => `- ${markdownLine(change.description)}`)
    sections.push(`### ${markdownLine(version)}${index === at ? ' (this version)' : ''}\n\n${bullets.join('\n')}`)
  }
  return sections.length === 0 ? '' : `## Changelog\n\n${sections.join('\n\n')}`
}
