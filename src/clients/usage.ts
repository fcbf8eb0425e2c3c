/**
 * Who calls which version: the call recorded per request, the recorder
 * interface, and an in-memory log for tests and single-process servers.
 */

/** One request answered in a version, as the usage hook records it. */
export interface VersionCall {
  /** The version it was answered in. */
  readonly version: string
  /** The client, as `clientPins`' `client` option named it. */
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

/** A period: from `since` to `until`, inclusive, in milliseconds since the epoch or as `Date`s. */
export interface UsagePeriod {
  /** @default 0 (the start of the log) */
  readonly since?: number | Date | undefined
  /** @default now */
  readonly until?: number | Date | undefined
}

/** A recorder the operator can ask who called a version. */
export interface UsageLog extends UsageRecorder {
  /**
   * The clients that called `version` in `period`, most calls first. Calls
   * are counted per UTC day: a day counts when its first or last call falls
   * in the period.
   */
  callers(version: string, period?: UsagePeriod): Promise<VersionCaller[]>
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
export function tally(rows: Map<string, UsageRow>, call: VersionCall): void {
  const day = dayOf(call.at)
  const key = JSON.stringify([call.version, call.client, call.route, day])
  const row = rows.get(key)
  if (row === undefined) {
    rows.set(key, { version: call.version, client: call.client, route: call.route, day, calls: 1, deprecated: call.deprecated, firstAt: call.at, lastAt: call.at })
  } else {
    row.calls++
    row.deprecated ||= call.deprecated
    row.firstAt = Math.min(row.firstAt, call.at)
    row.lastAt = Math.max(row.lastAt, call.at)
  }
}

/** The UTC day of `ms` (`2026-11-24`). */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The period as milliseconds; throws on a date that is not one. */
export function periodOf(period: UsagePeriod, where: string): { since: number; until: number } {
  const ms = (value: number | Date | undefined, fallback: number): number => {
    const n = value === undefined ? fallback : value instanceof Date ? value.getTime() : value
    if (typeof n !== 'number' || Number.isNaN(n)) throw new Error(`${where}: since and until must be dates or milliseconds since the epoch.`)
    return n
  }
  return { since: ms(period.since, 0), until: ms(period.until, Date.now()) }
}

/** Folds day rows of one version into callers, most calls first. */
export function callersOf(rows: Iterable<UsageRow>): VersionCaller[] {
  const byClient = new Map<string, { calls: number; lastSeen: number; routes: Set<string>; deprecated: boolean }>()
  for (const row of rows) {
    const entry = byClient.get(row.client) ?? { calls: 0, lastSeen: 0, routes: new Set<string>(), deprecated: false }
    entry.calls += row.calls
    entry.lastSeen = Math.max(entry.lastSeen, row.lastAt)
    entry.routes.add(row.route)
    entry.deprecated ||= row.deprecated
    byClient.set(row.client, entry)
  }
  return [...byClient]
    .map(([client, e]) => ({ client, calls: e.calls, lastSeen: e.lastSeen, routes: [...e.routes].sort(), deprecated: e.deprecated }))
    .sort((a, b) => b.calls - a.calls || (a.client < b.client ? -1 : 1))
}

/**
 * A usage log in memory, counted per version, client, route and UTC day.
 *
 * @example
 * ```ts
 * const usage = memoryUsage()
 * await usage.callers('2025-01-01', { since: Date.now() - 30 * 86_400_000 })
 * ```
 */
export function memoryUsage(): UsageLog {
  const rows = new Map<string, UsageRow>()
  return {
    record(call) {
      tally(rows, call)
    },
    callers(version, period = {}) {
      const { since, until } = periodOf(period, 'memoryUsage.callers')
      const inPeriod = [...rows.values()].filter((r) => r.version === version && r.lastAt >= since && r.firstAt <= until)
      return Promise.resolve(callersOf(inPeriod))
    },
  }
}
