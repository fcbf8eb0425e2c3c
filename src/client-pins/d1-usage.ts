/**
 * The usage log in Cloudflare D1: calls counted in memory per version,
 * client, route and UTC day, written in bounded batches through `waitUntil`
 * (one upsert per row), and asked with SQL. For local work and small apps;
 * at scale, `analyticsUsage` writes to Workers Analytics Engine instead.
 */
import { checkD1, tableOnce, type D1Database } from './d1.ts'
import { batcher, type BatchOptions } from './usage-buffer.ts'
import { checkQuery, pageOf, type UsageLog, type VersionCaller } from './usage.ts'

/** Options of `d1Usage`. */
export interface D1UsageOptions extends BatchOptions {
  /**
   * The table, made on first use when missing.
   * @default 'version_usage'
   */
  readonly table?: string | undefined
}

/** The statements of one D1 batch (one round trip, one transaction). */
const STATEMENTS_PER_BATCH = 100

/**
 * A usage log in a D1 database (a `[[d1_databases]]` binding): `record`
 * counts the call in memory; the rows are written in batches of up to 100
 * upserts through `waitUntil`. `callers` writes what is counted first.
 *
 * @example
 * ```ts
 * import { env, waitUntil } from 'cloudflare:workers'
 * const usage = d1Usage(env.USAGE, { waitUntil })
 * ```
 */
export function d1Usage(db: D1Database, options: D1UsageOptions): UsageLog {
  const where = 'd1Usage'
  const table = checkD1(where, db, options?.table ?? 'version_usage')
  const ready = tableOnce(
    db,
    `CREATE TABLE IF NOT EXISTS ${table} (version TEXT NOT NULL, client TEXT NOT NULL, route TEXT NOT NULL, day TEXT NOT NULL, ` +
      `calls INTEGER NOT NULL, deprecated INTEGER NOT NULL, first_at INTEGER NOT NULL, last_at INTEGER NOT NULL, PRIMARY KEY (version, client, route, day))`,
  )
  const upsert =
    `INSERT INTO ${table} (version, client, route, day, calls, deprecated, first_at, last_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ` +
    `ON CONFLICT (version, client, route, day) DO UPDATE SET calls = calls + excluded.calls, deprecated = max(deprecated, excluded.deprecated), ` +
    `first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)`
  // One page of callers, most calls first: the cursor (?4 calls, ?5 client) is the last caller of the page before.
  const select =
    `SELECT client, SUM(calls) AS calls, MAX(last_at) AS last_seen, MAX(deprecated) AS deprecated, json_group_array(DISTINCT route) AS routes ` +
    `FROM ${table} WHERE version = ?1 AND last_at >= ?2 AND first_at <= ?3 GROUP BY client ` +
    `HAVING ?4 IS NULL OR SUM(calls) < ?4 OR (SUM(calls) = ?4 AND client > ?5) ORDER BY calls DESC, client ASC LIMIT ?6`
  const batches = batcher(where, options, 10_000, ['table'], async (rows) => {
    await ready()
    for (let i = 0; i < rows.length; i += STATEMENTS_PER_BATCH) {
      const chunk = rows.slice(i, i + STATEMENTS_PER_BATCH)
      await db.batch(chunk.map((r) => db.prepare(upsert).bind(r.version, r.client, r.route, r.day, r.calls, r.deprecated ? 1 : 0, r.firstAt, r.lastAt)))
    }
  })

  return {
    record: batches.record,
    flush: batches.flush,
    async callers(version, query = {}) {
      const { since, until, limit, after } = checkQuery(query, `${where}.callers`)
      await batches.flush()
      await ready()
      const { results } = await db
        .prepare(select)
        .bind(version, since, until, after?.calls ?? null, after?.client ?? '', limit + 1)
        .all()
      const callers = (results as Record<string, unknown>[]).map(
        (r): VersionCaller => ({
          client: String(r['client']),
          calls: Number(r['calls']),
          lastSeen: Number(r['last_seen']),
          routes: (JSON.parse(String(r['routes'])) as string[]).sort(),
          deprecated: Number(r['deprecated']) === 1,
        }),
      )
      return pageOf(callers, limit)
    },
  }
}
