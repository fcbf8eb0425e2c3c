/**
 * What the D1 stores use of a D1 database binding, and a table made once,
 * on first use.
 */
import { quotedValue } from '../quote.ts'

/** What the D1 stores use of a D1 statement (`D1PreparedStatement` fits). */
export interface D1Statement {
  bind(...values: unknown[]): D1Statement
  run(): Promise<unknown>
  all(): Promise<{ results: unknown[] }>
}

/** What the D1 stores use of a D1 database binding (`D1Database` fits). */
export interface D1Database {
  prepare(query: string): D1Statement
  batch(statements: D1Statement[]): Promise<unknown>
}

/**
 * Checks `db` and `table` for store `where` (a mistake throws a sentence
 * saying what to fix), and gives the table's name as the statements write
 * it: quoted, so a name SQL keeps for itself (`order`, `group`) names a
 * table rather than failing every statement (SQLite's names are
 * case-insensitive, quoted or not, so a table made before is the same).
 */
export function checkD1(where: string, db: unknown, table: unknown): string {
  if (db === null || typeof db !== 'object' || typeof (db as D1Database).prepare !== 'function' || typeof (db as D1Database).batch !== 'function') {
    throw new Error(`${where}: db must be a D1 database binding, such as env.USAGE (a [[d1_databases]] entry of wrangler.toml).`)
  }
  if (typeof table !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(table)) {
    throw new Error(`${where}: table must be an SQL name of letters, digits and "_" such as "client_pins", got ${quotedValue(table)}.`)
  }
  if (/^sqlite_/i.test(table)) throw new Error(`${where}: table cannot start with "sqlite_", which SQLite keeps for its own tables; use a name such as "client_pins".`)
  return `"${table}"`
}

/** Runs the `create` statements once, in one batch, before the first query; a failure is tried again at the next. */
export function tableOnce(db: D1Database, ...create: string[]): () => Promise<unknown> {
  let ready: Promise<unknown> | undefined
  const run = (): Promise<unknown> => (create.length === 1 ? db.prepare(create[0] as string).run() : db.batch(create.map((statement) => db.prepare(statement))))
  return () =>
    (ready ??= run()
      .catch((error: unknown) => {
        ready = undefined
        throw error
      }))
}
