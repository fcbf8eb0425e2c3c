/**
 * fast-check runs that can be reproduced. In `npm test` each property runs
 * twice: first with a fixed seed (the same cases on every run, so a failure
 * there reproduces by itself), on a fifth of its runs; then with a fresh
 * random seed (new cases each time). A failure prints its seed and path, and
 * `FC_SEED=<seed> FC_PATH=<path>` in the environment replays exactly that run,
 * and only it (`FC_PATH` is optional: without it the run starts from the
 * first case). The environment reaches Node, Bun and Deno as it is, and
 * workerd through vitest.config.ts.
 *
 * Portable: Web APIs and fast-check only.
 */
import fc from 'fast-check'

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
const setting = (name: string): string | undefined => (env[name] === '' ? undefined : env[name])

/** The seed of the reproducible run. */
export const FIXED_SEED = 1_846_200_711

/** The run `FC_SEED` (and `FC_PATH`) ask to replay, or `undefined`. */
const replay = ((): { readonly seed: number; readonly path?: string } | undefined => {
  const seed = setting('FC_SEED')
  const path = setting('FC_PATH')
  if (seed === undefined) {
    if (path !== undefined) throw new Error('FC_PATH replays a run only with its FC_SEED; set both, as a failure prints them.')
    return undefined
  }
  if (!/^-?\d+$/.test(seed) || !Number.isSafeInteger(Number(seed))) throw new Error(`FC_SEED must be an integer such as 1234, got ${JSON.stringify(seed)}.`)
  return path === undefined ? { seed: Number(seed) } : { seed: Number(seed), path }
})()

/** A fresh 32-bit seed, as fast-check draws one. */
const freshSeed = (): number => (Math.random() * 0x1_0000_0000) | 0

/** The runs of a property: the fixed seed's and a fresh one, or the one `FC_SEED` replays. */
function runsOf<Ts>(params: fc.Parameters<Ts>): fc.Parameters<Ts>[] {
  const numRuns = params.numRuns ?? 100
  return replay !== undefined
    ? [{ ...params, seed: replay.seed, ...(replay.path === undefined ? {} : { path: replay.path }) }]
    : [
        { ...params, seed: FIXED_SEED, numRuns: Math.max(1, Math.ceil(numRuns / 5)) },
        { ...params, seed: freshSeed() },
      ]
}

/** Throws fast-check's report of a failed run, followed by how to replay it. */
function reportFailure<Ts>(details: fc.RunDetails<Ts>, run: fc.Parameters<Ts>): void {
  if (!details.failed) return
  const how = run.seed === FIXED_SEED && replay === undefined ? ' (the fixed seed: every run of this test fails the same way)' : ''
  throw new Error(
    `${fc.defaultReportMessage(details) ?? 'Property failed'}\n\nReplay${how}: FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath ?? ''} before the same test command.`,
    { cause: details.errorInstance },
  )
}

/**
 * `fc.assert`, run as said above. On failure, throws fast-check's report
 * (counterexample, seed, path) followed by how to replay it.
 */
export function assertProperty<Ts>(property: fc.IProperty<Ts>, params: fc.Parameters<Ts> = {}): void {
  for (const run of runsOf(params)) reportFailure(fc.check(property, run), run)
}

/** `assertProperty` for an async property (`fc.asyncProperty`): the same runs, awaited. */
export async function assertAsyncProperty<Ts>(property: fc.IAsyncProperty<Ts>, params: fc.Parameters<Ts> = {}): Promise<void> {
  for (const run of runsOf(params)) reportFailure(await fc.check(property, run), run)
}
