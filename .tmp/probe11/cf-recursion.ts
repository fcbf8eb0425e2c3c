import { Validator } from '@cfworker/json-schema'
const simple = { $ref: '#/$defs/N', $defs: { N: { type: 'object', properties: { c: { $ref: '#/$defs/N' }, k: { type: 'string' } }, unevaluatedProperties: false } } }
const withAllOf = { $ref: '#/$defs/N', $defs: { N: { allOf: [{ properties: { k: { type: 'string' } } }], type: 'object', properties: { c: { $ref: '#/$defs/N' } }, unevaluatedProperties: false } } }
for (const [name, s] of Object.entries({ simple, withAllOf })) {
  const v = new Validator(s as never, '2020-12', true)
  for (const d of [10, 14, 18, 40]) {
    let val: unknown = { k: 'x' }
    for (let i = 0; i < d; i++) val = { c: val, k: 'x' }
    const t0 = performance.now(); const r = v.validate(val); console.log(name, d, r.valid, (performance.now() - t0).toFixed(1), 'ms')
  }
}
