/**
 * The Durable Object that `durableObjectPinStore` keeps pins in: one shard of
 * the clients, a SQLite table of their pins (`client` primary key, an index
 * on `version` for listing the clients pinned to one). A Durable Object runs
 * one request at a time between awaits, and every query here is synchronous,
 * so a first pin (`INSERT ... ON CONFLICT DO NOTHING`, then a `SELECT`) is
 * decided by exactly one request. The store talks to it by `fetch` (a plain
 * class: `cloudflare:workers`' `DurableObject`, which RPC needs, is not
 * imported by the toolkit), with the JSON of `PinCall`.
 */

/** What the object uses of `ctx.storage.sql` (a SQLite-backed Durable Object's `SqlStorage` fits). */
export interface PinObjectSql {
  exec(query: string, ...bindings: unknown[]): { toArray(): unknown[]; readonly rowsWritten?: number }
}

/** What the object uses of its `DurableObjectState` (`ctx`). */
export interface PinObjectState {
  readonly storage: { readonly sql?: PinObjectSql | undefined }
}

/** A call of the store to one shard (`shards`: the store's count, kept by its object 0 at the store's first call). */
export type PinCall =
  | { readonly op: 'get'; readonly shards: number; readonly client: string }
  | { readonly op: 'claim'; readonly shards: number; readonly client: string; readonly version: string }
  | { readonly op: 'put'; readonly shards: number; readonly client: string; readonly version: string; readonly previous: string | null; readonly movedAt: number | null }
  | { readonly op: 'shards'; readonly shards: number }
  | { readonly op: 'list'; readonly shards: number; readonly version: string; readonly after: string; readonly limit: number }

/** The status a shard answers when the store's shard count is not the one its pins were written with. */
export const SHARDS_CHANGED = 409

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS client_pins (client TEXT PRIMARY KEY NOT NULL, version TEXT NOT NULL, previous TEXT, moved_at INTEGER) WITHOUT ROWID',
  'CREATE INDEX IF NOT EXISTS client_pins_version ON client_pins (version, client)',
  'CREATE TABLE IF NOT EXISTS client_pins_meta (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID',
]
const SELECT = 'SELECT version, previous, moved_at FROM client_pins WHERE client = ?'
const INSERT = 'INSERT INTO client_pins (client, version) VALUES (?, ?) ON CONFLICT (client) DO NOTHING'
const UPSERT =
  'INSERT INTO client_pins (client, version, previous, moved_at) VALUES (?, ?, ?, ?) ' +
  'ON CONFLICT (client) DO UPDATE SET version = excluded.version, previous = excluded.previous, moved_at = excluded.moved_at'
const LIST = 'SELECT client, previous, moved_at FROM client_pins WHERE version = ? AND client > ? ORDER BY client LIMIT ?'

const text = (value: unknown): value is string => typeof value === 'string'
const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The call `body` holds, or `null` for anything else. */
function callOf(body: unknown): PinCall | null {
  if (body === null || typeof body !== 'object') return null
  const call = body as Record<string, unknown>
  const { op, shards } = call
  if (typeof shards !== 'number' || !Number.isInteger(shards) || shards < 1) return null
  if (op === 'shards') return call as PinCall
  if (op === 'list') return text(call['version']) && text(call['after']) && typeof call['limit'] === 'number' ? (call as PinCall) : null
  if (!text(call['client'])) return null
  if (op === 'get') return call as PinCall
  if (!text(call['version'])) return null
  if (op === 'claim') return call as PinCall
  const { previous, movedAt } = call
  return op === 'put' && (previous === null || text(previous)) && (movedAt === null || (typeof movedAt === 'number' && Number.isFinite(movedAt))) ? (call as PinCall) : null
}

/**
 * The Durable Object class of `durableObjectPinStore`: export it from the
 * Worker's main module and bind it as a SQLite-backed class
 * (`new_sqlite_classes` in wrangler.toml's migrations).
 *
 * @example
 * ```ts
 * export { ClientPinObject } from 'hono-api-versioning/client-pins'
 * ```
 */
export class ClientPinObject {
  readonly #sql: PinObjectSql

  constructor(ctx: PinObjectState, _env?: unknown) {
    const refused = (cause: string): Error =>
      new Error(`ClientPinObject: the object has no SQLite storage: bind it as a SQLite-backed class (new_sqlite_classes = ["ClientPinObject"] in a [[migrations]] entry of wrangler.toml).${cause}`)
    let sql: PinObjectSql | undefined
    try {
      sql = ctx?.storage?.sql
    } catch (error) {
      throw refused(` (${(error as Error)?.message})`)
    }
    if (sql === undefined || sql === null || typeof sql.exec !== 'function') throw refused('')
    this.#sql = sql
    try {
      // A class made with new_classes has an sql whose every query throws.
      for (const statement of SCHEMA) sql.exec(statement)
    } catch (error) {
      throw refused(` (${(error as Error)?.message})`)
    }
  }

  /** Answers one `PinCall` (a POST of its JSON): `{ pin, written }`, `{ rows }` or `{ shards }`; 400 for anything else. */
  async fetch(request: Request): Promise<Response> {
    const call = callOf(await request.json().catch(() => null))
    if (request.method !== 'POST' || call === null) return json({ error: 'not a pin call' }, 400)
    const sql = this.#sql
    // Only synchronous queries below: no other request runs between them.
    let written = 0
    const write = (query: string, ...bindings: unknown[]): void => {
      written += sql.exec(query, ...bindings).rowsWritten ?? 0
    }
    switch (call.op) {
      case 'get':
        return json({ pin: sql.exec(SELECT, call.client).toArray()[0] ?? null, written })
      case 'claim':
        // A pin held already costs no write: the insert runs only for a client without one.
        if (sql.exec(SELECT, call.client).toArray().length === 0) write(INSERT, call.client, call.version)
        return json({ pin: sql.exec(SELECT, call.client).toArray()[0] ?? null, written })
      case 'put':
        write(UPSERT, call.client, call.version, call.previous, call.movedAt)
        return json({ pin: sql.exec(SELECT, call.client).toArray()[0] ?? null, written })
      case 'shards': {
        // The count the store's objects were first used with, kept by object 0 of the store.
        const kept = (sql.exec("SELECT value FROM client_pins_meta WHERE key = 'shards'").toArray()[0] as { value?: unknown } | undefined)?.value
        if (kept === undefined) write("INSERT INTO client_pins_meta (key, value) VALUES ('shards', ?)", call.shards)
        else if (kept !== call.shards) return json({ error: 'shards changed', shards: kept }, SHARDS_CHANGED)
        return json({ shards: call.shards, written })
      }
      case 'list':
        return json({ rows: sql.exec(LIST, call.version, call.after, Math.max(1, Math.min(1_000, Math.floor(call.limit)))).toArray() })
    }
  }
}
