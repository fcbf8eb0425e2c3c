// Records test/conformance.golden.json from Node: what every runtime must then reproduce.
// Usage: npm run conformance:update (review the diff before committing).
import { writeFileSync } from 'node:fs'
import { caseName, cases, observe } from '../test/conformance-cases.ts'

const golden: Record<string, unknown> = {}
for (const c of cases) golden[caseName(c)] = await observe(c)
writeFileSync(new URL('../test/conformance.golden.json', import.meta.url), `${JSON.stringify(golden, null, 2)}\n`)
console.log(`recorded ${cases.length} cases`)
