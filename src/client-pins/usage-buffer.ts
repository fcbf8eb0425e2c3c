/**
 * Calls counted in memory and written in bounded batches: one row per
 * version, client, route and UTC day, written when `flushMs` passed since
 * the first call counted or when `maxRows` rows are waiting, whichever
 * comes first. A row this isolate wrote is then quiet for `quietMs`: its
 * later calls are counted in memory (`held`) and written with the first
 * batch after that, or at `flush()`. So a client that calls now and then is
 * written about once per `quietMs` per isolate, however often it calls:
 * store writes grow with the clients active in a period, not with requests.
 * The memory held is at most `maxRows` rows counting, `QUIET_ROWS` quiet
 * rows, and four batches being written (a store slow or down drops the
 * batches past them, and a write past 30 seconds, reporting each to
 * `onError`). Calls held when an isolate ends are not written: a row's
 * count is then short by the calls of its last `quietMs` in that isolate,
 * and its last call earlier by as much.
 */
import { checkOptions } from '../options.ts'
import { keyOfRow, merged, rowKey, tally, type UsageRow, type VersionCall } from './usage.ts'

/** Batches being written at once: past them, a store that is slow or down would hold every row counted meanwhile. */
const MAX_PENDING = 4

/** How long a batch's write may take: a waitUntil lasts 30 seconds after its response, and a write past it never ends on Workers. */
const WRITE_TIMEOUT_MS = 30_000

/** The shortest period between writes: shorter, and the writes grow with requests rather than with clients. */
const MIN_FLUSH_MS = 1_000

/** The most rows kept quiet (with the calls held for them): past it, the calls held are written and the rows forgotten. */
const QUIET_ROWS = 20_000

/** Options shared by the recorders that write in batches (`d1Usage`, `analyticsUsage`). */
export interface BatchOptions {
  /**
   * Keeps the Worker alive until a batch is written, without the request
   * waiting: `waitUntil` from `cloudflare:workers`, or a request's
   * `ctx.waitUntil` bound to it.
   */
  readonly waitUntil: (promise: Promise<unknown>) => void
  /**
   * How long calls are counted in memory before they are written, in
   * milliseconds, from 1000 (shorter would write about once per request) to
   * 30000 (Workers keep a `waitUntil` alive 30 seconds after the response).
   * @default 10000
   */
  readonly flushMs?: number | undefined
  /** The most rows counted in memory: one more writes them at once. @default 500 */
  readonly maxRows?: number | undefined
  /**
   * How long a row this isolate wrote is quiet, in milliseconds: its calls
   * meanwhile are counted in memory and written with the first batch after
   * it (or at `flush()`), from `flushMs` to one day.
   * @default 600000 (10 minutes)
   */
  readonly quietMs?: number | undefined
  /**
   * Told of a batch that could not be written (its calls are dropped).
   * What it throws or rejects with is dropped.
   * @default console.error, with the error's message
   */
  readonly onError?: ((error: unknown) => void) | undefined
}

/** What a batching recorder does with its calls. */
export interface Batcher {
  record(call: VersionCall): void
  /** Writes the rows counted now; resolves when written (or dropped). */
  flush(): Promise<void>
}

/**
 * Checks `options` for recorder `where` and gives a batcher writing through `write`, at most `perBatch` rows at a time
 * (Analytics Engine takes 250 data points per invocation: a batch is written in the invocation that starts it).
 */
export function batcher(
  where: string,
  options: BatchOptions,
  maxRowsCap: number,
  own: readonly string[],
  write: (rows: UsageRow[]) => Promise<void>,
  perBatch: number = Number.POSITIVE_INFINITY,
): Batcher {
  if (options === null || typeof options !== 'object' || typeof options.waitUntil !== 'function') {
    throw new Error(`${where}: pass { waitUntil } (from 'cloudflare:workers', or ctx.waitUntil.bind(ctx)), so writes outlive the request without it waiting.`)
  }
  // `own`: the recorder's options besides the batch's (a misspelt flushMs would be the default, silently).
  checkOptions(options, where, [...own, 'waitUntil', 'flushMs', 'maxRows', 'quietMs', 'onError'])
  const { waitUntil, flushMs = 10_000, maxRows = Math.min(500, maxRowsCap), onError = (error: unknown) => console.error(`${where}: a batch of usage was not written: ${(error as Error)?.message ?? 'unknown error'}`) } = options
  if (typeof flushMs !== 'number' || !(flushMs >= MIN_FLUSH_MS) || flushMs > 30_000) {
    throw new Error(
      `${where}: flushMs must be a number of milliseconds from ${MIN_FLUSH_MS} to 30000 (a waitUntil lasts 30 seconds after the response); a shorter period writes about once per request. Call flush() to write at once (a scheduled handler, a test).`,
    )
  }
  if (!Number.isInteger(maxRows) || maxRows < 1 || maxRows > maxRowsCap) throw new Error(`${where}: maxRows must be a whole number from 1 to ${maxRowsCap}.`)
  const { quietMs = 600_000 } = options
  if (typeof quietMs !== 'number' || !(quietMs >= flushMs) || quietMs > 86_400_000) {
    throw new Error(`${where}: quietMs must be a number of milliseconds from flushMs (${flushMs}) to 86400000 (a day); shorter writes a client's row about once per call.`)
  }
  if (typeof onError !== 'function') throw new Error(`${where}: onError must be a function (error) => void.`)

  let rows = new Map<string, UsageRow>()
  // The rows written in the last quietMs, by key: until when each is quiet, and the calls held for it meanwhile.
  const quiet = new Map<string, number>()
  let held = new Map<string, UsageRow>()
  // The time of the latest call counted: the batcher's clock (the calls carry the app's).
  let latest = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let wake: (() => void) | undefined
  const writing = new Set<Promise<void>>()
  const report = (error: unknown): void => {
    try {
      const told: unknown = onError(error)
      // An async onError: its rejection is not left unhandled (Node would exit).
      if (told !== undefined) Promise.resolve(told).catch(() => undefined)
    } catch {
      // A failing onError loses nothing more.
    }
  }

  /**
   * The rows to write now, at most `perBatch`: the calls held for quiet rows whose time is up (`all`, or past
   * `QUIET_ROWS`: every one) first, then those counted. What does not fit waits for the next batch, held or counted.
   */
  function takeBatch(all: boolean): UsageRow[] {
    const every = all || quiet.size > QUIET_ROWS
    if (perBatch === Number.POSITIVE_INFINITY && every) {
      const batch = [...held.values(), ...rows.values()]
      held = new Map()
      rows = new Map()
      quiet.clear()
      for (const row of batch) quiet.set(keyOfRow(row), row.lastAt + quietMs)
      return batch
    }
    const batch: UsageRow[] = []
    for (const [key, row] of held) {
      if (batch.length >= perBatch) break
      if (!every && (quiet.get(key) ?? 0) > latest) continue
      batch.push(row)
      held.delete(key)
    }
    if (batch.length + rows.size <= perBatch) {
      batch.push(...rows.values())
      rows = new Map()
    } else {
      for (const [key, row] of rows) {
        if (batch.length >= perBatch) break
        batch.push(row)
        rows.delete(key)
      }
    }
    if (every && held.size === 0) quiet.clear()
    for (const row of batch) quiet.set(keyOfRow(row), row.lastAt + quietMs)
    return batch
  }

  function flushNow(all = false): Promise<void> {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    wake?.()
    wake = undefined
    const batch = takeBatch(all)
    if (batch.length === 0) return Promise.all(writing).then(() => undefined)
    if (writing.size >= MAX_PENDING) {
      // The store is slow or down: the rows held wait for the batches already out, no more.
      report(new Error(`${where}: ${MAX_PENDING} batches are still being written (the store is slow or down), so a batch of ${batch.length === 1 ? '1 row' : `${batch.length} rows`} was dropped.`))
      return Promise.all(writing).then(() => undefined)
    }
    let timeout: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error(`${where}: a batch was not written within ${WRITE_TIMEOUT_MS / 1000} seconds (a waitUntil's life), and was dropped.`)), WRITE_TIMEOUT_MS)
    })
    const written = Promise.race([write(batch), late])
      .catch(report)
      .finally(() => clearTimeout(timeout))
    writing.add(written)
    void written.finally(() => writing.delete(written))
    return Promise.all(writing).then(() => undefined)
  }

  return {
    record(call) {
      const key = rowKey(call)
      latest = Math.max(latest, call.at)
      const until = quiet.get(key)
      if (until !== undefined) {
        // A row written in the last quietMs: counted until then, written with the first batch after.
        if (until > call.at) return tally(held, call, key)
        quiet.delete(key)
        const kept = held.get(key)
        if (kept !== undefined) {
          held.delete(key)
          const row = rows.get(key)
          if (row === undefined) rows.set(key, kept)
          else merged(row, kept)
        }
      }
      tally(rows, call, key)
      if (rows.size >= maxRows) {
        waitUntil(flushNow())
      } else if (timer === undefined) {
        waitUntil(
          new Promise<void>((resolve) => {
            wake = resolve
            timer = setTimeout(() => {
              // This promise waits for the write it starts.
              wake = undefined
              void flushNow().then(resolve)
            }, flushMs)
          }),
        )
      }
    },
    flush: () => flushNow(true),
  }
}
