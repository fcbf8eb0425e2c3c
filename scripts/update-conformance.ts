// Records test/support/conformance.golden.json from Node: what every runtime must then reproduce. The worker
// example runs on the tests' fixed clock (test/support/example-clock.ts). Refuses to write, and exits 1, when
// an answer disagrees with the one written by hand in test/support/conformance-cases.ts: a bug present now
// must not become the expected answer.
// Usage: npm run conformance:update (review the diff before committing).
import { writeFileSync } from 'node:fs'
import { caseName, cases, disagreements, expectedAt, observe } from '../test/support/conformance-cases.ts'
import { EXAMPLE_NOW, EXAMPLE_NOW_MS } from '../test/support/example-clock.ts'

const golden: Record<string, unknown> = {}
const wrong: string[] = []
for (const c of cases) {
  const observed = await observe(c)
  for (const d of disagreements(observed, expectedAt(c, EXAMPLE_NOW_MS))) wrong.push(`${caseName(c)}\n  ${d}`)
  golden[caseName(c)] = observed
}
if (wrong.length > 0) {
  console.error(`not recorded: ${wrong.length} disagreement(s) with the answers written by hand (test/support/conformance-cases.ts):\n${wrong.join('\n')}`)
  process.exit(1)
}
writeFileSync(new URL('../test/support/conformance.golden.json', import.meta.url), `${JSON.stringify(golden, null, 2)}\n`)
console.log(`recorded ${cases.length} cases on the clock ${EXAMPLE_NOW}`)
