import { PAIRS, requestFor } from './pairs.ts'
const [name, side] = process.argv.slice(2)
const pair = (PAIRS as any)[name]
const app = side === 'api' ? pair.api() : side === 'hand' ? pair.hand() : pair.toolkit()
const request = requestFor(pair.request)
for (let i = 0; i < 400000; i++) { const res = await app.fetch(request); await res.text() }
