/**
 * Whether and where a route exists in each version, decided once from its
 * `routeAdded`, `routeRemoved` and `pathChanged` instructions. The history's
 * route plans (the request path: a route an older version lacks answers 404)
 * and the model's operations (the documents, `openapi/app-model.ts`: read from
 * the changelog's JSON) both ask this function, so the server and its
 * documents cannot disagree on which version has a route. Its renamed query
 * parameters and request headers are checked here too, with its other events.
 */
import type { ChangelogInstruction } from './changelog.ts'
import { quoted, quotedValue } from '../quote.ts'

/** A route's instruction with the version step that made it (its index, oldest first). */
export interface RouteEvent {
  readonly step: number
  readonly entry: ChangelogInstruction
}

/** What a route's changes say about it, per version. */
export interface RouteLife {
  /** Whether it exists, per version index, oldest first (`null`: always). */
  readonly exists: readonly boolean[] | null
  /** Its path per version index (`null`: never changed). */
  readonly paths: readonly string[] | null
}

/** What each route change does, for sentences. */
const CHANGES: Readonly<Record<string, string>> = {
  'route.path.changed': 'changes its path',
  'route.status.changed': 'changes its status',
  'route.header.changed': 'changes a response header',
  'route.query.renamed': 'renames a query parameter',
  'route.request.header.renamed': 'renames a request header',
  'route.query.changed': 'changes the values of a query parameter',
  'route.request.header.changed': 'changes the values of a request header',
}

/**
 * Whether and where `route` exists in each of `versions` (oldest first) by
 * its `events`. Throws an `Error` starting with `where` when the events
 * contradict each other (added where it exists, removed where it does not,
 * twice in one version, in no version at all, changed in a version that, or
 * whose version before, lacks it, paths that do not chain).
 */
export function routeLife(route: string, events: readonly RouteEvent[], versions: readonly string[], where: string): RouteLife {
  const n = versions.length
  const lifecycle = events.filter((e) => e.entry.type === 'route.added' || e.entry.type === 'route.removed')
  let exists: boolean[] | null = null
  if (lifecycle.length > 0) {
    // Before its oldest event, the route is as that event does not leave it.
    const oldest = lifecycle.reduce((a, b) => (b.step < a.step ? b : a))
    let present = oldest.entry.type === 'route.removed'
    exists = []
    for (let v = 0; v < n; v++) {
      const here = lifecycle.filter((e) => e.step === v)
      if (here.length > 1) throw new Error(`${where}: route ${quoted(route)} is added or removed twice in version ${quotedValue(versions[v])}; one of the two is a mistake.`)
      const event = here[0]?.entry.type
      if (event === 'route.added') {
        if (present) throw new Error(`${where}: route ${quoted(route)} is added in version ${quotedValue(versions[v])}, but it already exists in the version before; remove one of the changes.`)
        present = true
      } else if (event === 'route.removed') {
        if (!present) throw new Error(`${where}: route ${quoted(route)} is removed in version ${quotedValue(versions[v])}, but it does not exist in the version before; remove one of the changes.`)
        present = false
      }
      exists.push(present)
    }
    if (!exists.some(Boolean)) throw new Error(`${where}: route ${quoted(route)} exists in no version (its changes remove it in the oldest version, ${quotedValue(versions[0])}, and never add it back); remove those changes, or add it back with routeAdded in the first version that serves it.`)
    checkChangesExist(route, events, exists, versions, where)
  }
  checkRenames(route, events, versions, where)
  checkValueChanges(route, events, versions, where)
  const moves = events.filter((e) => e.entry.type === 'route.path.changed')
  let paths: string[] | null = null
  if (moves.length > 0) {
    // From the head down: each move says the path in its version (newer) and in the one before (older).
    const newest = moves.reduce((a, b) => (b.step > a.step ? b : a)).entry as { newer: string }
    let current = newest.newer
    paths = new Array<string>(n)
    for (let v = n - 1; v >= 0; v--) {
      paths[v] = current
      const here = moves.filter((e) => e.step === v)
      if (here.length > 1) throw new Error(`${where}: route ${quoted(route)} changes path twice in version ${quotedValue(versions[v])}; one of the two is a mistake.`)
      const move = here[0]?.entry
      if (move?.type !== 'route.path.changed') continue
      if (move.newer !== current) {
        throw new Error(`${where}: route ${quoted(route)} moves to ${move.newer} in version ${quotedValue(versions[v])}, but a later change moves it from ${current}; make the paths agree.`)
      }
      current = move.older
    }
  }
  return { exists, paths }
}

/**
 * Refuses a change of `route` (other than its addition or removal) in a
 * version that, or whose version before, lacks it by `exists`: a change says
 * how the route differs from the version before, and needs it in both.
 */
export function checkChangesExist(route: string, events: readonly RouteEvent[], exists: readonly boolean[], versions: readonly string[], where: string): void {
  for (const { step, entry } of events) {
    if (entry.type === 'route.added' || entry.type === 'route.removed') continue
    const missing = !exists[step - 1] ? step - 1 : !exists[step] ? step : null
    if (missing === null) continue
    throw new Error(
      `${where}: route ${quoted(route)} ${CHANGES[entry.type] ?? 'changes'} in version ${quotedValue(versions[step])}, but it does not exist in version ${quotedValue(versions[missing])}; a route's change needs the route in its version and the one before: remove the change or move it to a version that has the route.`,
    )
  }
}

/**
 * Refuses renamed query parameters and request headers that contradict each
 * other, as fields' renames are: a name renamed away that a later change (or
 * another of the same version) renames again, and a name given to two
 * parameters (in one version, or while it is still the name of another).
 */
function checkRenames(route: string, events: readonly RouteEvent[], versions: readonly string[], where: string): void {
  for (const [type, what, fold] of RENAMED) {
    // Per name: the version step it was renamed away in, and the step it became a name in.
    const away = new Map<string, number>()
    const named = new Map<string, number>()
    for (const { step, entry } of [...events].sort((a, b) => a.step - b.step)) {
      if (entry.type !== type) continue
      const { older, newer } = entry as { older: string; newer: string }
      const gone = away.get(fold(older))
      if (gone !== undefined) {
        throw new Error(
          `${where}: route ${quoted(route)} renames the ${what} ${quoted(older)} in version ${quotedValue(versions[step])}, but ${gone === step ? 'renames it to another name in the same version' : `it was renamed to another name in version ${quotedValue(versions[gone])}`}; fix one of the two changes.`,
        )
      }
      // One version's renames run one after another: a name one of them gives and another takes away would chain them.
      const chained = named.get(fold(older)) === step ? older : away.get(fold(newer)) === step ? newer : null
      if (chained !== null) {
        throw new Error(
          `${where}: route ${quoted(route)} renames the ${what} ${quoted(older)} to ${quoted(newer)} in version ${quotedValue(versions[step])}, but another rename of the same version ${chained === older ? 'gives' : 'takes away'} the name ${quoted(chained)}, and one after the other they would pass a value on under a third name, or lose it; a version renames each name once, as it does a field: fix one of the two changes.`,
        )
      }
      const taken = named.get(fold(newer))
      if (taken !== undefined) {
        throw new Error(
          `${where}: route ${quoted(route)} renames the ${what} ${quoted(older)} to ${quoted(newer)} in version ${quotedValue(versions[step])}, but ${quoted(newer)} ${taken === step ? 'is the new name of another in the same version' : `is already a name in the version before (given in version ${quotedValue(versions[taken])})`}; fix one of the two changes.`,
        )
      }
      away.set(fold(older), step)
      named.delete(fold(older))
      named.set(fold(newer), step)
      away.delete(fold(newer))
    }
  }
}

/** The renames `checkRenames` checks: the instruction, what it renames, how its names compare, and the value change of the same kind. */
const RENAMED: readonly (readonly [string, string, (name: string) => string, string])[] = [
  ['route.query.renamed', 'query parameter', (name) => name, 'route.query.changed'],
  ['route.request.header.renamed', 'request header', (name) => name.toLowerCase(), 'route.request.header.changed'],
]

/**
 * Refuses value changes (`queryParamChanged`, `requestHeaderChanged`) that
 * contradict the route's renames or each other: a value change names its
 * parameter as its version has it, so not by a name a rename of the same or
 * an earlier version took away (a version's renames run before its value
 * changes), and a parameter's values change once per version.
 */
function checkValueChanges(route: string, events: readonly RouteEvent[], versions: readonly string[], where: string): void {
  for (const [type, what, fold, changed] of RENAMED) {
    const away = new Map<string, number>()
    const valued = new Map<string, number>()
    const ordered = [...events].sort((a, b) => a.step - b.step || Number(a.entry.type === changed) - Number(b.entry.type === changed))
    for (const { step, entry } of ordered) {
      if (entry.type === type) {
        const { older, newer } = entry as { older: string; newer: string }
        away.set(fold(older), step)
        away.delete(fold(newer))
        continue
      }
      if (entry.type !== changed) continue
      const name = (entry as { name?: string; header?: string }).name ?? (entry as { header: string }).header
      const gone = away.get(fold(name))
      if (gone !== undefined) {
        throw new Error(
          `${where}: route ${quoted(route)} changes the values of the ${what} ${quoted(name)} in version ${quotedValue(versions[step])}, but ${gone === step ? 'renames it in the same version, before its values change' : `it was renamed to another name in version ${quotedValue(versions[gone])}`}; name the ${what} as that version has it.`,
        )
      }
      if (valued.get(fold(name)) === step) throw new Error(`${where}: route ${quoted(route)} changes the values of the ${what} ${quoted(name)} twice in version ${quotedValue(versions[step])}; one of the two is a mistake.`)
      valued.set(fold(name), step)
    }
  }
}
