/**
 * The usage log in Cloudflare D1: calls counted per version, client, route
 * and UTC day in one table, written in batches through `waitUntil` so no
 * request waits on a write, and asked with SQL. D1 rather than Workers
 * Analytics Engine: the operator's question ("who called this version since
 * that date?") is a SQL query D1 answers everywhere, `wrangler dev` and the
 * tests included, while Analytics Engine is queried only through its remote
 * SQL API.
 */
import { callersOf, periodOf, tally, type UsageLog, type UsageRow, type VersionCall } from './usage.ts'

/** What `d1Usage` uses of a D1 statement (`D1PreparedStatement` fits). */
export interface D1UsageStatement {
  bind(...values: unknown[]): D1UsageStatement
  run(): Promise<unknown>
  all(): Promise<{ results: unknown[] }>
}

/** What `d1Usage` uses of a D1 database binding (`D1Database` fits). */
export interface D1UsageDatabase {
  prepare(query: string): D1UsageStatement
  batch(statements: D1UsageStatement[]): Promise<unknown>
}

/** Options of `d1Usage`. */
export interface D1UsageOptions {
  /**
   * Keeps the Worker alive until a batch is written, without the request
   * waiting: `waitUntil` from `cloudflare:workers`, or a request's
   * `ctx.waitUntil` bound to it.
   */
  readonly waitUntil: (promise: Promise<unknown>) => void
  /**
   * The table, made on first use when missing.
   * @default 'version_usage'
   */
  readonly table?: string | undefined
  /**
   * How long calls gather before one batch writes them, in milliseconds.
   * @default 0 (the calls of the same turn of the event loop)
   */
  readonly batchMs?: number | undefined
  /**
   * Told of a batch that could not be written (its calls are dropped).
   * @default console.error
   */
  readonly onError?: ((error: unknown) => void) | undefined
}

/**
 * A usage log in a D1 database (a `[[d1_databases]]` binding): `record`
 * only queues the call; the queue is written in one `batch` through
 * `waitUntil`. `callers` flushes the queue first.
 *
 * @example
 * ```ts
 * import { env, waitUntil } from 'cloudflare:workers'
 * const usage = d1Usage(env.USAGE, { waitUntil })
 * ```
 */
export function d1Usage(db: D1UsageDatabase, options: D1UsageOptions): UsageLog {
  const where = 'd1Usage'
  if (db === null || typeof db !== 'object' || typeof db.prepare !== 'function' || typeof db.batch !== 'function') {
    throw new Error(`${where}: db must be a D1 database binding, such as env.USAGE (a [[d1_databases]] entry of wrangler.toml).`)
  }
  if (options === null || typeof options !== 'object' || typeof options.waitUntil !== 'function') {
    throw new Error(`${where}: pass { waitUntil } (from 'cloudflare:workers', or ctx.waitUntil.bind(ctx)), so writes outlive the request without it waiting.`)
  }
  const { waitUntil, table = 'version_usage', batchMs = 0, onError = (error: unknown) => console.error(`${where}: a batch of usage was not written:`, error) } = options
  if (typeof table !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(table)) {
    throw new Error(`${where}: table must be an SQL name of letters, digits and "_" such as "version_usage", got ${JSON.stringify(table)}.`)
  }
  if (typeof batchMs !== 'number' || !(batchMs >= 0)) throw new Error(`${where}: batchMs must be a number of milliseconds, 0 or more.`)
  const create =
    `CREATE TABLE IF NOT EXISTS ${table} (version TEXT NOT NULL, client TEXT NOT NULL, route TEXT NOT NULL, day TEXT NOT NULL, ` +
    `calls INTEGER NOT NULL, deprecated INTEGER NOT NULL, first_at INTEGER NOT NULL, last_at INTEGER NOT NULL, PRIMARY KEY (version, client, route, day))`
  const upsert =
    `INSERT INTO ${table} (version, client, route, day, calls, deprecated, first_at, last_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ` +
    `ON CONFLICT (version, client, route, day) DO UPDATE SET calls = calls + excluded.calls, deprecated = max(deprecated, excluded.deprecated), ` +
    `first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)`
  const select = `SELECT version, client, route, day, calls, deprecated, first_at, last_at FROM ${table} WHERE version = ? AND last_at >= ? AND first_at <= ?`
  let ready: Promise<unknown> | undefined
  const prepared = (): Promise<unknown> => (ready ??= db.prepare(create).run().catch((error: unknown) => {
    ready = undefined
    throw error
  }))
  let queue = new Map<string, UsageRow>()
  let pending: Promise<void> | undefined

  async function flush(): Promise<void> {
    if (batchMs > 0) await new Promise((resolve) => setTimeout(resolve, batchMs))
    else await null
    const rows = [...queue.values()]
    queue = new Map()
    pending = undefined
    if (rows.length === 0) return
    try {
      await prepared()
      await db.batch(rows.map((r) => db.prepare(upsert).bind(r.version, r.client, r.route, r.day, r.calls, r.deprecated ? 1 : 0, r.firstAt, r.lastAt)))
    } catch (error) {
      onError(error)
    }
  }

  return {
    record(call: VersionCall) {
      tally(queue, call)
      if (pending === undefined) {
        pending = flush()
        waitUntil(pending)
      }
    },
    async callers(version, period = {}) {
      const { since, until } = periodOf(period, `${where}.callers`)
      if (pending !== undefined) await pending
      await prepared()
      const { results } = await db.prepare(select).bind(version, since, until).all()
      return callersOf(
        (results as Record<string, string | number>[]).map((r) => ({
          version: String(r['version']),
          client: String(r['client']),
          route: String(r['route']),
          day: String(r['day']),
          calls: Number(r['calls']),
          deprecated: Number(r['deprecated']) === 1,
          firstAt: Number(r['first_at']),
          lastAt: Number(r['last_at']),
        })),
      )
    },
  }
}
