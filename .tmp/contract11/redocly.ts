/** Redocly's recommended ruleset on every document under out/ matching argv[2]. */
import { readdirSync } from 'node:fs'
import { createConfig, lint } from '@redocly/openapi-core'
const dir = new URL('./out/', import.meta.url).pathname
const config = await createConfig({ extends: ['recommended-strict'] } as never)
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f.includes(process.argv[2] ?? ''))) {
  let problems
  try { problems = await lint({ ref: dir + file, config }) } catch (e) { console.log(`== ${file}: ${(e as Error).message}`); continue }
  const shown = problems.filter((p) => !['info-license', 'info-license-url', 'operation-summary', 'tag-description', 'operation-tag-defined', 'no-server-example.com', 'no-empty-servers', 'info-contact', 'security-defined', 'operation-4xx-response'].includes(p.ruleId))
  console.log(`== ${file}: ${problems.length} problems, ${shown.length} shown`)
  console.log('   all:', [...new Set(problems.map((p) => p.ruleId))].join(' '))
  for (const p of shown) console.log(`  ${p.ruleId} ${p.severity}: ${p.message} at ${p.location[0]?.pointer}`)
}
