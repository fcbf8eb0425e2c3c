// Hostile shapes of an older request body within maxBodySize: 80,000 keys in the shape's object, 80,000 keys with
// `__proto__`-like names, one list of 200,000 items, and a merge patch of 80,000 nulls. Time and status per version.
import { makeApp } from './app.ts'
const app = makeApp()
const bodies: Record<string, string> = {
  '80k keys': JSON.stringify(Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [`k${i}`, i]))),
  '80k keys + name': JSON.stringify({ name: 'A B', status: 'active', ...Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [`k${i}`, i])) }),
  '200k tags': JSON.stringify({ name: 'A B', status: 'active', tags: Array.from({ length: 200_000 }, (_, i) => i % 10) }),
}
for (const [label, body] of Object.entries(bodies)) {
  for (const [method, path] of [['POST', '/people'], ['PATCH', '/people/1']]) {
    for (const v of ['1', '3']) {
      const t0 = performance.now()
      const res = await app.request(path, { method, headers: { 'Api-Version': v, 'Content-Type': 'application/json' }, body })
      const text = await res.text()
      console.log(`${label} ${method} v${v}: ${res.status} ${(performance.now() - t0).toFixed(0)} ms ${text.length} bytes ${text.slice(0, 100)}`)
    }
  }
}
