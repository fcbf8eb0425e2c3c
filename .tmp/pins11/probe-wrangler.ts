/**
 * The worker example on `wrangler dev` (loopback, a state directory of its own): hostile credentials on /releases,
 * concurrent first requests of a new key (and one cancelled mid-flight), then the operator's callers and pin,
 * and the whole wrangler output searched for the raw keys.
 * Run: node_modules/.bin/node .tmp/pins11/probe-wrangler.ts
 */
import { rmSync } from 'node:fs'
import { startWranglerDev } from '../../test/e2e/wrangler-dev.ts'

const state = new URL('./wrangler-state', import.meta.url).pathname
rmSync(state, { recursive: true, force: true })
const dev = await startWranglerDev(['--persist-to', state, '--var', 'OPERATOR_KEY:probe-operator', '--var', 'API_KEYS:demo-2025,demo-new,sk_live_PROBE_new_key,sk_live_PROBE_cancel'])
const lines: string[] = []
const say = (line: string) => { lines.push(line); console.log(line) }
try {
  const call = (headers: Record<string, string>, init: RequestInit = {}) => fetch(`${dev.origin}/releases/products/1`, { headers, ...init })
  const hostile: [string, Record<string, string>][] = [
    ['huge 64 KiB key', { Authorization: `Bearer ${'k'.repeat(65_536)}` }],
    ['Basic', { Authorization: `Basic ${btoa('sk_live_PROBE_basic:x')}` }],
    ['Bearer with spaces', { Authorization: 'Bearer    sk_live_PROBE_new_key   ' }],
    ['lowercase bearer', { Authorization: 'bearer sk_live_PROBE_new_key' }],
    ['two keys in one header', { Authorization: 'Bearer sk_live_PROBE_new_key, Bearer demo-2025' }],
    ['non-ASCII key (UTF-8 bytes)', { Authorization: 'Bearer sk_live_PROBE_\u00e9' }],
    ['cookie only', { Cookie: 'session=sk_live_PROBE_cookie' }],
    ['empty Bearer', { Authorization: 'Bearer ' }],
  ]
  for (const [name, headers] of hostile) {
    try {
      const res = await call(headers)
      say(`PROBE ${name}: ${res.status} api-version=${res.headers.get('api-version')} vary=${res.headers.get('vary')} body=${(await res.text()).slice(0, 80)}`)
    } catch (error) {
      say(`PROBE ${name}: fetch failed ${(error as Error).message}`)
    }
  }
  // A request cancelled mid-flight, then 20 concurrent first requests of another new key.
  const aborter = new AbortController()
  const cancelled = call({ Authorization: 'Bearer sk_live_PROBE_cancel' }, { signal: aborter.signal }).catch((e: Error) => e.name)
  setTimeout(() => aborter.abort(), 1)
  const burst = await Promise.all(Array.from({ length: 20 }, () => call({ Authorization: 'Bearer sk_live_PROBE_cancel' }).then(async (r) => `${r.status}/${r.headers.get('api-version')}`).catch((e: Error) => e.message)))
  say(`PROBE cancelled first request: ${await cancelled}; 20 concurrent: ${JSON.stringify(Object.entries(burst.reduce<Record<string, number>>((a, s) => ((a[s] = (a[s] ?? 0) + 1), a), {})))}`)
  // Usage: the D1 callers after the batches (flushMs 10 s on the example) — wait past it.
  await new Promise((resolve) => setTimeout(resolve, 11_000))
  const callers = await fetch(`${dev.origin}/operator/callers/2026-06-01?since=2026-01-01&limit=100`, { headers: { Authorization: 'Bearer probe-operator' } })
  say(`PROBE callers of 2026-06-01: ${callers.status} ${(await callers.text()).slice(0, 400)}`)
  const odd = await fetch(`${dev.origin}/operator/pins/${encodeURIComponent('x\r\n<script>')}`, { headers: { Authorization: 'Bearer probe-operator' } })
  say(`PROBE operator pin of an odd id: ${odd.status} ${(await odd.text()).slice(0, 200)}`)
} finally {
  await dev.stop()
}
const log = dev.log()
const leaked = ['sk_live_PROBE', 'kkkkkkkkkkkkkkkk', 'c2tfbGl2ZV9QUk9CRV9iYXNpYzp4'].filter((needle) => log.includes(needle))
say(`PROBE wrangler output: ${log.length} characters; raw keys found in it: ${leaked.length === 0 ? 'none' : leaked.join(', ')}`)
say(`PROBE wrangler errors/warnings: ${log.split('\n').filter((l) => /error|warn|uncaught|hung/i.test(l)).slice(0, 10).join(' | ') || 'none'}`)
rmSync(state, { recursive: true, force: true })
