/**
 * SSE throughput for an older client against the head, in process: SSE_N (default 100,000) events written by streamSSE-style text
 * (100 events per chunk), read to the end. Run against a source tree given as the first argument (the worktree,
 * or an older copy of it), so two trees can be compared interleaved:
 *   node_modules/.bin/node .tmp/streams13/sse-bench.ts /path/to/tree
 * Prints: older items/s, head items/s, older/head.
 */
const root = process.argv[2] ?? new URL('../..', import.meta.url).pathname
const { Hono } = await import(`${root}/node_modules/hono/dist/index.js`)
const { change, fieldRenamed, shape, versionHistory } = await import(`${root}/src/changes/index.ts`)
const { versionMiddleware } = await import(`${root}/src/hono/index.ts`)
const { HeaderVersioning } = await import(`${root}/src/index.ts`)
const Person = shape('Person')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'GET /feed': { items: Person } },
})
const N = Number(process.env['SSE_N'] ?? 100_000)
const enc = new TextEncoder()
const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
app.get('/feed', (c: { body(b: ReadableStream<Uint8Array>, s: number, h: Record<string, string>): Response }) => {
  let i = 0
  return c.body(new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (i >= N) return ctl.close()
      let text = ''
      for (let k = 0; k < 100; k++, i++) text += `event: person\nid: ${i}\ndata: ${JSON.stringify({ id: i, fullName: `Person ${i}`, email: `p${i}@example.test` })}\n\n`
      ctl.enqueue(enc.encode(text))
    },
  }), 200, { 'Content-Type': 'text/event-stream' })
})
async function run(v: string): Promise<number> {
  const start = performance.now()
  const res = await app.request('/feed', { headers: { 'Api-Version': v } })
  const reader = res.body!.getReader()
  for (;;) if ((await reader.read()).done) break
  return N / ((performance.now() - start) / 1000)
}
await run('1'); await run('2')
const head = await run('2')
const older = await run('1')
console.log(`older ${Math.round(older)} head ${Math.round(head)} older/head ${(older / head).toFixed(2)}`)
