/**
 * The figures of the threat tables of docs/schemes.md, docs/security.md,
 * docs/routes.md, docs/lifecycle.md, docs/hono-apps.md, docs/contracts.md,
 * docs/openapi.md, docs/typed-client.md and docs/middleware.md (`npm run
 * bench:threats`; the pages are the keys of THREAT_TABLES): each hostile,
 * huge or deeply nested input sent (or parsed) N times in process, with its status (or
 * result), the time per request, the heap after a forced collection minus the
 * heap before, and the store writes (none of these features writes to a
 * store). Prints Markdown, one table per page; test/docs/threat-tables.test.ts
 * asserts the statuses and results the tables show.
 *
 * Environment: THREATS_REQUESTS (requests per input, 200); THREATS_ONLY
 * (a comma-separated list of words: only the rows whose page or input holds
 * one of them, to measure new rows without the others).
 */
import { THREAT_TABLES, type ThreatCase } from '../test/support/threats.ts'

declare const process: { version: string; env: Record<string, string | undefined>; memoryUsage(): { heapUsed: number } }
declare const gc: (() => void) | undefined

const REQUESTS = Number(process.env['THREATS_REQUESTS'] ?? 200)
const ONLY = (process.env['THREATS_ONLY'] ?? '').split(',').filter((word) => word !== '')
const chosen = (page: string, threat: ThreatCase): boolean => ONLY.length === 0 || ONLY.some((word) => page.includes(word) || threat.input.includes(word))
const collect = (): void => {
  gc?.()
  gc?.()
}
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const kib = (bytes: number): string => `${fmt(bytes / 1024)} KiB`

async function measure(threat: ThreatCase): Promise<string> {
  const run = await threat.prepare()
  // One answer first: its outcome is the row's, and the first call's setup stays out of the figures.
  const outcome = await run()
  collect()
  const heap = process.memoryUsage().heapUsed
  const started = performance.now()
  for (let i = 0; i < REQUESTS; i++) await run()
  const perRequest = ((performance.now() - started) * 1000) / REQUESTS
  collect()
  const grown = process.memoryUsage().heapUsed - heap
  return `| ${threat.input} | ${outcome} | ${fmt(perRequest, 1)} µs | ${kib(grown)} | none |`
}

const lines: string[] = [`# Threat tables (Node ${process.version}, ${fmt(REQUESTS)} times, in process)`, '']
if (gc === undefined) lines.push('(run with --expose-gc: without it the heap figures include garbage not yet collected)', '')
for (const [page, all] of Object.entries(THREAT_TABLES)) {
  const cases = all.filter((threat) => chosen(page, threat))
  if (cases.length === 0) continue
  lines.push(`## ${page}`, '', '| input | answer | time per request | heap after − before | store writes |', '|---|---|---|---|---|')
  for (const threat of cases) lines.push(await measure(threat))
  lines.push('')
}
console.log(lines.join('\n'))
