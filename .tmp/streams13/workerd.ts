/**
 * Runs .tmp/streams13/worker.ts under `wrangler dev` (workerd, loopback, no network) and probes it over HTTP:
 * framing, SSE details, a bad item, charset, Content-Length, and a client that goes away from an endless stream.
 *   node_modules/.bin/node .tmp/streams13/workerd.ts
 */
import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { freePort } from '../../test/e2e/wrangler-dev.ts'

const port = await freePort()
const server = spawn(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'dev', '.tmp/streams13/worker.ts', '--compatibility-date', '2026-08-15', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', '--config', '/dev/null'], {
  detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_HIDE_BANNER: 'true' },
})
let log = ''
server.stdout.on('data', (d) => { log += d })
server.stderr.on('data', (d) => { log += d })
const stop = () => { try { process.kill(-server.pid!, 'SIGKILL') } catch {} }
process.on('exit', stop)
const deadline = Date.now() + 90_000
while (!log.includes('Ready on')) {
  if (Date.now() > deadline || server.exitCode !== null) { console.log(log); stop(); process.exit(1) }
  await new Promise((r) => setTimeout(r, 200))
}
const origin = `http://127.0.0.1:${port}`
function get(path: string, v: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, { headers: { 'Api-Version': v }, timeout: 15_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => { text += c })
      const shown = () => (text.length > 200 ? `${JSON.stringify(text.slice(0, 60))}…(${text.length} chars, ${text.split('\n').length - 1} lines)…${JSON.stringify(text.slice(-60))}` : JSON.stringify(text))
      res.on('end', () => resolve(`${res.statusCode} type=${res.headers['content-type']} length=${res.headers['content-length'] ?? '-'} ${shown()}`))
      res.on('error', (e) => resolve(`${res.statusCode} ${shown()} then ${e.message}`))
      res.on('aborted', () => resolve(`${res.statusCode} ${shown()} then aborted`))
    })
    req.on('error', (e) => resolve(`error ${e.message}`))
    req.end()
  })
}
for (const path of ['/framing', '/sse', '/charset', '/bad', '/bad-late', '/length']) {
  console.log(`\n## ${path}`)
  for (const v of ['2', '1']) console.log(`  v${v}: ${await get(path, v)}`)
}
for (const path of ['/endless', '/endless-sse']) {
  for (const v of ['2', '1']) {
    const before = JSON.parse((await get('/state', '2')).replace(/^.*? (".*")$/s, '$1').replace(/^"|"$/g, '').replace(/\\"/g, '"'))
    await new Promise<void>((resolve) => {
      const req = request(`${origin}${path}`, { headers: { 'Api-Version': v } }, (res) => {
        let n = 0
        res.on('data', () => { if (++n === 20) { req.destroy(); resolve() } })
      })
      req.on('error', () => resolve())
      req.end()
    })
    await new Promise((r) => setTimeout(r, 1500))
    const mid = (await get('/state', '2'))
    await new Promise((r) => setTimeout(r, 1000))
    const after = (await get('/state', '2'))
    console.log(`\n## ${path} v${v}, client gone after 20 chunks: before ${JSON.stringify(before)}; 1.5 s later ${mid.slice(mid.indexOf('"'))}; 2.5 s later ${after.slice(after.indexOf('"'))}`)
  }
}
console.log('\n--- wrangler log (errors) ---')
console.log(log.split('\n').filter((l) => /error|uncaught|StreamItemError/i.test(l)).slice(0, 20).join('\n'))
stop()
process.exit(0)
