/**
 * Who calls which version: the call recorded per request, the recorder
 * interface, the operator's question and its pages, and an in-memory log
 * for tests and single-process servers.
 */

/** One request answered in a version, as the usage hook records it. */
export interface VersionCall {
  /** The version it was answered in, or the retired version its client is pinned to, for a call refused for it (`onRetiredPin: 'refuse'`). */
  readonly version: string
  /** The client's id, as `clientPins`' `client` option named it (never a raw credential with `bearerClient`). */
  readonly client: string
  /** The route pattern that answered (`/releases/products/:id`). */
  readonly route: string
  /** Whether the version was deprecated at the time (by the `policy` given to `clientPins`). */
  readonly deprecated: boolean
  /** When, in milliseconds since the epoch. */
  readonly at: number
}

/** Receives each call; `record` must return at once (it is never awaited). */
export interface UsageRecorder {
  record(call: VersionCall): void
}

/** A client that called a version in a period. */
export interface VersionCaller {
  readonly client: string
  /** Its calls in the period (whole UTC days: see `UsageLog.callers`). */
  readonly calls: number
  /** Its last call, in milliseconds since the epoch. */
  readonly lastSeen: number
  /** The routes it called, sorted. */
  readonly routes: readonly string[]
  /** Whether any of those calls was made while the version was deprecated. */
  readonly deprecated: boolean
}

/** A period (from `since` to `until`, inclusive, in milliseconds since the epoch or as `Date`s) and a page of it. */
export interface CallersQuery {
  /** @default 0 (the start of the log) */
  readonly since?: number | Date | undefined
  /** @default now */
  readonly until?: number | Date | undefined
  /** The most callers in the page, 1 to 1,000. @default 100 */
  readonly limit?: number | undefined
  /** The `next` of the previous page, to read the one after it. @default undefined (the first page) */
  readonly after?: string | undefined
}

/** One page of callers, most calls first, and the `after` of the next page (`null`: the last page). */
export interface CallersPage {
  readonly callers: VersionCaller[]
  readonly next: string | null
}

/** A recorder the operator can ask who called a version. */
export interface UsageLog extends UsageRecorder {
  /**
   * The clients that called `version` in the period, most calls first, one
   * page at a time. Calls are counted per UTC day: a day counts, whole, when
   * the period overlaps the span from its first call to its last (a period
   * between two calls of a day counts them both). Calls not yet written are
   * written first.
   */
  callers(version: string, query?: CallersQuery): Promise<CallersPage>
  /** Writes the calls counted in memory now (a scheduled handler, the end of a test); resolves when written. */
  flush(): Promise<void>
}

/** A day's count of one client's calls of one route in one version. */
export interface UsageRow {
  readonly version: string
  readonly client: string
  readonly route: string
  readonly day: string
  calls: number
  deprecated: boolean
  firstAt: number
  lastAt: number
}

/** Counts `call` in `rows`: one row per version, client, route and UTC day. */
export function tally(rows: Map<string, UsageRow>, call: VersionCall, key: string = rowKey(call)): void {
  const row = rows.get(key)
  if (row === undefined) {
    rows.set(key, { version: call.version, client: call.client, route: call.route, day: dayOf(call.at), calls: 1, deprecated: call.deprecated, firstAt: call.at, lastAt: call.at })
  } else {
    row.calls++
    row.deprecated ||= call.deprecated
    row.firstAt = Math.min(row.firstAt, call.at)
    row.lastAt = Math.max(row.lastAt, call.at)
  }
}

/** The row a call is counted in: its version, client, route and UTC day. */
export function rowKey(call: VersionCall): string {
  return keyOf(call.version, call.client, call.route, dayOf(call.at))
}

/** A row's key, as `rowKey` gives it for the calls counted in it. */
export const keyOfRow = (row: UsageRow): string => keyOf(row.version, row.client, row.route, row.day)

const keyOf = (version: string, client: string, route: string, day: string): string => `${version}\n${client}\n${route}\n${day}`

/** `row`'s calls added to `into` (the same version, client, route and day). */
export function merged(into: UsageRow, row: UsageRow): void {
  into.calls += row.calls
  into.deprecated ||= row.deprecated
  into.firstAt = Math.min(into.firstAt, row.firstAt)
  into.lastAt = Math.max(into.lastAt, row.lastAt)
}

/** The last day asked for, kept: calls of the same day (nearly all of them) format no date. */
let lastDay = { start: 0, end: 0, text: '1970-01-01' }

/** The UTC day of `ms` (`2026-11-24`). */
function dayOf(ms: number): string {
  if (ms >= lastDay.start && ms < lastDay.end) return lastDay.text
  const start = Math.floor(ms / 86_400_000) * 86_400_000
  if (!Number.isFinite(start)) return new Date(ms).toISOString().slice(0, 10)
  lastDay = { start, end: start + 86_400_000, text: new Date(start).toISOString().slice(0, 10) }
  return lastDay.text
}

/** A checked query: the period in milliseconds, the page size, and where the page starts (`null`: the first). */
export interface CheckedQuery {
  readonly since: number
  readonly until: number
  readonly limit: number
  readonly after: { readonly calls: number; readonly client: string } | null
}

/** The query checked; a mistake throws a `RangeError` with a sentence saying what to fix (an operator's endpoint answers it with a 400). */
export function checkQuery(query: CallersQuery, where: string): CheckedQuery {
  if (query === null || typeof query !== 'object') throw new RangeError(`${where}: the query must be an object such as { since, until, limit, after }.`)
  const ms = (value: number | Date | undefined, fallback: number): number => {
    const n = value === undefined ? fallback : value instanceof Date ? value.getTime() : value
    if (typeof n !== 'number' || Number.isNaN(n)) throw new RangeError(`${where}: since and until must be dates or milliseconds since the epoch.`)
    return n
  }
  const { limit = 100, after } = query
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new RangeError(`${where}: limit must be a whole number from 1 to 1000.`)
  let cursor: CheckedQuery['after'] = null
  if (after !== undefined) {
    const parsed = typeof after === 'string' ? /^([0-9]{1,15})\.([\x21-\x7e]{1,96})$/.exec(after) : null
    if (parsed === null) throw new RangeError(`${where}: after must be the next of a previous page.`)
    cursor = { calls: Number(parsed[1]), client: parsed[2] as string }
  }
  return { since: ms(query.since, 0), until: ms(query.until, Date.now()), limit, after: cursor }
}

/** The `after` that continues past `caller`. */
const cursorOf = (caller: VersionCaller): string => `${caller.calls}.${caller.client}`

/** Whether `caller` comes after the cursor in the order of the pages (most calls first, then by client). */
const pastCursor = (caller: VersionCaller, after: CheckedQuery['after']): boolean =>
  after === null || caller.calls < after.calls || (caller.calls === after.calls && caller.client > after.client)

/** Folds day rows of one version into the page `query` asks for, most calls first. */
export function callersOf(rows: Iterable<UsageRow>, query: CheckedQuery): CallersPage {
  const byClient = new Map<string, { calls: number; lastSeen: number; routes: Set<string>; deprecated: boolean }>()
  for (const row of rows) {
    const entry = byClient.get(row.client) ?? { calls: 0, lastSeen: 0, routes: new Set<string>(), deprecated: false }
    entry.calls += row.calls
    entry.lastSeen = Math.max(entry.lastSeen, row.lastAt)
    entry.routes.add(row.route)
    entry.deprecated ||= row.deprecated
    byClient.set(row.client, entry)
  }
  const all = [...byClient]
    .map(([client, e]) => ({ client, calls: e.calls, lastSeen: e.lastSeen, routes: [...e.routes].sort(), deprecated: e.deprecated }))
    .filter((caller) => pastCursor(caller, query.after))
    .sort((a, b) => b.calls - a.calls || (a.client < b.client ? -1 : 1))
  return pageOf(all, query.limit)
}

/** The first `limit` of `sorted` (which may hold one more, to tell whether a next page exists). */
export function pageOf(sorted: VersionCaller[], limit: number): CallersPage {
  const callers = sorted.slice(0, limit)
  const last = callers[callers.length - 1]
  return { callers, next: sorted.length > limit && last !== undefined ? cursorOf(last) : null }
}

/**
 * A usage log in memory, counted per version, client, route and UTC day.
 *
 * @example
 * ```ts
 * const usage = memoryUsage()
 * ;(await usage.callers('2025-01-01', { since: Date.now() - 30 * 86_400_000 })).callers // → []
 * ```
 */
export function memoryUsage(): UsageLog {
  const rows = new Map<string, UsageRow>()
  return {
    record(call) {
      tally(rows, call)
    },
    async callers(version, query = {}) {
      const checked = checkQuery(query, 'memoryUsage.callers')
      return callersOf(
        [...rows.values()].filter((r) => r.version === version && r.lastAt >= checked.since && r.firstAt <= checked.until),
        checked,
      )
    },
    flush: () => Promise.resolve(),
  }
}
