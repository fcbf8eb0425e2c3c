/**
 * The usage log in Workers Analytics Engine, for production: made for
 * high-cardinality counting, written without a round trip. Calls are
 * counted in memory per version, client, route and UTC day and written as
 * one data point per row (`writeDataPoint`) in batches; the operator's
 * question is the SQL API query `callersQuery` gives.
 *
 * A data point: `indexes: [client]`, `blobs: [version, client, route, day]`,
 * `doubles: [calls, deprecated (0 or 1), first call, last call (ms since the epoch)]`.
 */
import { batcher, type BatchOptions } from './usage-buffer.ts'
import { callersOf, checkQuery, type CallersQuery, type UsageLog, type UsageRow } from './usage.ts'

/** What `analyticsUsage` uses of an Analytics Engine dataset binding (`AnalyticsEngineDataset` fits). */
export interface AnalyticsDataset {
  writeDataPoint(point: { indexes?: string[]; blobs?: string[]; doubles?: number[] }): void
}

/** Options of `analyticsUsage`. */
export interface AnalyticsUsageOptions extends BatchOptions {
  /** The dataset's name (`dataset` of its `[[analytics_engine_datasets]]` entry): what the SQL queries read. */
  readonly dataset: string
  /**
   * Runs a query through the Analytics Engine SQL API and gives its rows
   * (`data` of the JSON answer), for `callers`; without it, `callers` refuses
   * and the app runs `callersQuery` itself.
   * @default undefined
   */
  readonly sql?: ((query: string) => Promise<readonly Record<string, unknown>[]>) | undefined
}

/** A usage log in Analytics Engine, with the operator's query as SQL text. */
export interface AnalyticsUsage extends UsageLog {
  /** The SQL API query listing who called `version` in the period (one row per client and route; `callers` folds them). */
  callersQuery(version: string, query?: CallersQuery): string
}

/** An Analytics Engine invocation writes at most 250 data points. */
const POINTS_PER_INVOCATION = 250

/** The most rows one `callersQuery` answers with (its LIMIT): a full answer may have left rows out. */
const ROWS_PER_QUERY = 10_000

/** Versions a query names: what a version can be, quoted without escapes. */
const QUOTABLE = /^[A-Za-z0-9._:+-]{1,64}$/

/**
 * A usage log in an Analytics Engine dataset (an `[[analytics_engine_datasets]]`
 * binding); `env` and `waitUntil` come from `cloudflare:workers`.
 *
 * @example
 * ```ts
 * const usage = analyticsUsage(env.USAGE_EVENTS, { dataset: 'version_usage', waitUntil })
 * ```
 */
export function analyticsUsage(binding: AnalyticsDataset, options: AnalyticsUsageOptions): AnalyticsUsage {
  const where = 'analyticsUsage'
  if (binding === null || typeof binding !== 'object' || typeof binding.writeDataPoint !== 'function') {
    throw new Error(`${where}: binding must be an Analytics Engine dataset binding, such as env.USAGE_EVENTS (an [[analytics_engine_datasets]] entry of wrangler.toml).`)
  }
  const dataset = options?.dataset
  if (typeof dataset !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(dataset)) {
    throw new Error(`${where}: dataset must be the dataset's name of letters, digits and "_", such as "version_usage".`)
  }
  const { sql } = options
  if (sql !== undefined && typeof sql !== 'function') throw new Error(`${where}: sql must be a function (query) => Promise<rows> that runs the Analytics Engine SQL API.`)
  // At most 250 points a batch, an invocation's limit: calls that do not fit wait for the next batch.
  const batches = batcher(where, options, POINTS_PER_INVOCATION, ['dataset', 'sql'], write, POINTS_PER_INVOCATION)
  // Async, so a refusal goes to onError rather than into a request. A point the binding refuses (blobs over its limit)
  // loses that row alone: the others are written, then the first refusal is reported.
  async function write(rows: UsageRow[]): Promise<void> {
    let refused: unknown
    for (const r of rows) {
      try {
        binding.writeDataPoint({ indexes: [r.client], blobs: [r.version, r.client, r.route, r.day], doubles: [r.calls, r.deprecated ? 1 : 0, r.firstAt, r.lastAt] })
      } catch (error) {
        refused ??= error
      }
    }
    if (refused !== undefined) throw refused
  }

  function callersQuery(version: string, query: CallersQuery = {}): string {
    const { since, until } = checkQuery(query, `${where}.callersQuery`)
    if (typeof version !== 'string' || !QUOTABLE.test(version)) throw new RangeError(`${where}.callersQuery: version must be 1 to 64 letters, digits and . _ : + -.`)
    // _sample_interval: Analytics Engine samples at high volume; each point stands for that many.
    return [
      'SELECT blob2 AS client, blob3 AS route, SUM(_sample_interval * double1) AS calls, MAX(double4) AS last_seen, MAX(double2) AS deprecated',
      `FROM ${dataset}`,
      `WHERE blob1 = '${version}' AND double4 >= ${Math.floor(since)} AND double3 <= ${Math.floor(until)}`,
      'GROUP BY client, route',
      'ORDER BY calls DESC',
      `LIMIT ${ROWS_PER_QUERY}`,
    ].join('\n')
  }

  return {
    record: batches.record,
    flush: batches.flush,
    callersQuery,
    async callers(version, query = {}) {
      if (sql === undefined) throw new Error(`${where}.callers: give the sql option (a function running the Analytics Engine SQL API), or run callersQuery(version, query) yourself.`)
      const text = callersQuery(version, query)
      const checked = checkQuery(query, `${where}.callers`)
      await batches.flush()
      const answer: unknown = await sql(text)
      // The SQL API answers { meta, data, rows, ... }: sql gives its data. Anything else is said, never read as rows.
      if (!Array.isArray(answer) || !answer.every((row) => row !== null && typeof row === 'object')) {
        const got = Array.isArray(answer) ? 'a list holding something other than rows' : answer === null ? 'null' : typeof answer === 'object' ? 'an object' : `a ${typeof answer}`
        throw new TypeError(`${where}.callers: sql must resolve to the rows of the SQL API's answer, its data (return (await response.json()).data), not ${got}.`)
      }
      // A list of callers that silently leaves some out is no evidence for retiring a version.
      if (answer.length >= ROWS_PER_QUERY) {
        throw new RangeError(
          `${where}.callers: the period holds 10,000 client and route rows or more, past what one SQL API query answers, so some callers would be left out; ask for a shorter period (since, until).`,
        )
      }
      const rows = (answer as readonly Record<string, unknown>[]).map(
        (row): UsageRow => ({
          version,
          client: String(row['client']),
          route: String(row['route']),
          day: '',
          calls: Math.round(Number(row['calls'])),
          deprecated: Number(row['deprecated']) === 1,
          firstAt: 0,
          lastAt: Number(row['last_seen']),
        }),
      )
      return callersOf(rows, checked)
    },
  }
}
