/**
 * Client pins in Cloudflare D1: one row per client, the first pin written
 * with `INSERT ... ON CONFLICT DO NOTHING`, so it never overwrites a pin
 * written meanwhile (an upgrade, another isolate's first pin). D1 has one
 * primary: every write and (without read replicas) every read goes there,
 * and what it commits is read by every isolate at once.
 */
import { checkOptions } from '../options.ts'
import { checkD1, tableOnce, type D1Database } from './d1.ts'
import { firstPin, pinOfRow, type Pin, type PinStore } from './pin-store.ts'

/** Options of `d1PinStore`. */
export interface D1PinStoreOptions {
  /**
   * The table, made on first use when missing.
   * @default 'client_pins'
   */
  readonly table?: string | undefined
}

/**
 * A pin store in a D1 database (a `[[d1_databases]]` binding), with atomic
 * first pins. Read it through Workers KV with `readThrough` when reads
 * should not all reach the primary.
 *
 * @example
 * ```ts
 * import { env } from 'cloudflare:workers'
 * const store = d1PinStore(env.USAGE)
 * ```
 */
export function d1PinStore(db: D1Database, options: D1PinStoreOptions = {}): PinStore {
  const where = 'd1PinStore'
  if (options === null || typeof options !== 'object') throw new Error(`${where}: options must be an object such as { table: "client_pins" }.`)
  checkOptions(options, where, ['table'])
  const { table: given = 'client_pins' } = options
  const table = checkD1(where, db, given)
  // The index on version answers "who is pinned to this version" (before retiring it) without reading every pin.
  const ready = tableOnce(
    db,
    `CREATE TABLE IF NOT EXISTS ${table} (client TEXT PRIMARY KEY NOT NULL, version TEXT NOT NULL, previous TEXT, moved_at INTEGER)`,
    `CREATE INDEX IF NOT EXISTS "${given}_version" ON ${table} (version, client)`,
  )
  const select = `SELECT version, previous, moved_at FROM ${table} WHERE client = ?`
  const insert = `INSERT INTO ${table} (client, version) VALUES (?, ?) ON CONFLICT (client) DO NOTHING`
  const upsert =
    `INSERT INTO ${table} (client, version, previous, moved_at) VALUES (?, ?, ?, ?) ` +
    `ON CONFLICT (client) DO UPDATE SET version = excluded.version, previous = excluded.previous, moved_at = excluded.moved_at`
  const read = async (client: string): Promise<Pin | null> => pinOfRow((await db.prepare(select).bind(client).all()).results[0] ?? null)
  return {
    async get(client) {
      await ready()
      return read(client)
    },
    async claim(client, version) {
      await ready()
      // One round trip, in one transaction: the insert does nothing when a pin is there, the select reads the pin held.
      const results = (await db.batch([db.prepare(insert).bind(client, version), db.prepare(select).bind(client)])) as { results?: unknown[] }[]
      return pinOfRow(results[1]?.results?.[0] ?? null) ?? firstPin(version)
    },
    async put(client, pin) {
      await ready()
      await db.prepare(upsert).bind(client, pin.version, pin.previous, pin.movedAt).run()
    },
  }
}
