// The compiled check of a list of 100,000 objects through a (non-recursive) $ref, and through an inline schema:
// what keeping a $ref's answers costs on the common path. Interleaved, 7 rounds.
import { compileOrUnknown } from '../../src/validation/compile.ts'
const line = { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } }, required: ['sku', 'qty'] }
const viaRef = compileOrUnknown({ type: 'array', items: { $ref: '#/$defs/Line' }, $defs: { Line: line } })
const inline = compileOrUnknown({ type: 'array', items: line })
if (typeof viaRef === 'string' || typeof inline === 'string') throw new Error('not compiled')
const body = Array.from({ length: 100_000 }, (_, i) => ({ sku: `S${i}`, qty: 1 + (i % 5) }))
const time = (f: (v: unknown) => boolean) => { const t0 = performance.now(); for (let i = 0; i < 5; i++) f(body); return (performance.now() - t0) / 5 }
const r: number[] = [], n: number[] = []
for (let round = 0; round < 7; round++) { n.push(time(inline.test)); r.push(time(viaRef.test)) }
const med = (x: number[]) => [...x].sort((a, b) => a - b)[3] as number
console.log('inline ms', n.map((x) => x.toFixed(1)).join(' '), 'median', med(n).toFixed(1))
console.log('$ref   ms', r.map((x) => x.toFixed(1)).join(' '), 'median', med(r).toFixed(1))
