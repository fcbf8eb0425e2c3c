/**
 * `prism mock` of every document under out/ matching argv[2]: each documented
 * operation called as the document says (scripts/lib/document-calls.ts);
 * the mock answers from the document's examples (static mode), and each
 * answer is validated against the same document (Ajv 2020): an example that
 * does not fit its own version's schema is a finding.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { answerChecker, callsOf } from '../../scripts/lib/document-calls.ts'

const root = new URL('../../', import.meta.url).pathname
const dir = `${root}.tmp/contract11/out/`
let port = 15200 + Math.floor(Math.random() * 200)
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f.includes(process.argv[2] ?? '') && !f.startsWith('ci-'))) {
  const document = JSON.parse(readFileSync(dir + file, 'utf8')) as Record<string, unknown>
  const p = port++
  const child = spawn(`${root}node_modules/.bin/prism`, ['mock', dir + file, '--host', '127.0.0.1', '--port', String(p)], { stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(text)), 60_000)
    const read = (c: Buffer) => { text += c.toString(); if (text.includes('Prism is listening')) { clearTimeout(t); resolve() } }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
  })
  const check = answerChecker(document)
  let problems = 0
  for (const call of callsOf(document, true)) {
    const { Host: _h, ...headers } = call.headers
    try {
      const r = await fetch(`http://127.0.0.1:${p}${call.path}`, { method: call.method, headers, ...(call.body === undefined ? {} : { body: call.body }), signal: AbortSignal.timeout(15_000) })
      const body = await r.text()
      for (const problem of check(call.operation, r.status, r.headers.get('content-type'), body)) {
        problems++
        console.log(`[${file}] mock ${problem.slice(0, 300)}`)
      }
    } catch (e) {
      console.log(`[${file}] ${call.operation}: ${(e as Error).message}`)
    }
  }
  console.log(`== ${file}: ${problems} problems`)
  child.kill()
}
process.exit(0)
