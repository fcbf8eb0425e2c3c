import { PAIRS, requestFor } from './pairs.ts'
const side = Deno.args[0]
const pair = (PAIRS as any)[Deno.args[1] ?? 'mountRoutes']
const app = side === 'hand' ? pair.hand() : pair.toolkit()
const request = requestFor(pair.rejected)
for (let round = 0; round < 3; round++) {
  const t = performance.now()
  for (let i = 0; i < 100000; i++) { const res = await app.fetch(request); await res.text() }
  console.log(side, ((performance.now() - t) * 10).toFixed(2), 'µs')
}
