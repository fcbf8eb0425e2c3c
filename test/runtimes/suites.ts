/**
 * Which suites run where, by folder, for vitest.config.ts and scripts/test.js.
 * Every `*.test.ts` under test/ runs on Node. All of them also run inside
 * workerd, on Bun and on Deno, except those under the folders below: a suite
 * added to a folder named as src/ (test/changes/, test/hono/ ...) or to
 * test/behaviour/ runs on the four runtimes, with no list to edit.
 */

/** Every suite. */
export const SUITES = 'test/**/*.test.ts'

/**
 * Suites that run on Node alone: test/node/ (node:* modules, child processes,
 * the filesystem, esbuild, wrangler ...), test/docs/ (the README and docs/
 * pages, read from disk) and test/e2e/ (`wrangler dev` and a browser).
 */
export const NODE_ONLY: readonly string[] = ['test/node/**', 'test/docs/**', 'test/e2e/**']

/** test/workers/ runs inside workerd alone; test/runtimes/ holds each runtime's own check, run on it alone. */
export const RUNTIME_ONLY: readonly string[] = ['test/workers/**', 'test/runtimes/**']

/** What workerd, Bun and Deno leave out of SUITES. */
export const NOT_PORTABLE: readonly string[] = [...NODE_ONLY, ...RUNTIME_ONLY]
