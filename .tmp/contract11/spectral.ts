/** Spectral's OpenAPI ruleset (spectral:oas) on every document the probe wrote. */
import { readdirSync, readFileSync } from 'node:fs'
import spectralCore from '@stoplight/spectral-core'
import { oas } from '@stoplight/spectral-rulesets'
import parsers from '@stoplight/spectral-parsers'

const { Spectral, Document } = spectralCore as unknown as typeof import('@stoplight/spectral-core')
const dir = new URL('./out/', import.meta.url).pathname
const spectral = new Spectral()
spectral.setRuleset({ extends: [[oas as never, 'all']] } as never)
const only = process.argv[2] ?? ''
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f.includes(only))) {
  const text = readFileSync(dir + file, 'utf8')
  const results = await spectral.run(new Document(text, (parsers as any).Json, file))
  const shown = results.filter((r) => r.severity <= 1)
  console.log(`== ${file}: ${results.length} results, ${shown.length} errors/warnings`)
  for (const r of results) console.log(`  [${r.severity}] ${r.code}: ${r.message} at ${r.path.join('.')}`)
}
