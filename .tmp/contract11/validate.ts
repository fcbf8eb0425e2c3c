/** validateResponses in front of each probe app: every documented call (valid) of every version must pass it. */
import { Hono } from 'hono'
import { validateResponses } from '../../src/contracts/index.ts'
import { callsOf } from '../../scripts/lib/document-calls.ts'
import { allProbes } from './apps.ts'

for (const probe of allProbes()) {
  const app = new Hono()
  app.use('*', validateResponses(probe.documents, { enabled: true }))
  app.route('/', probe.app as Hono)
  app.onError((e, c) => c.text(`${e.name}: ${e.message}`, 500))
  let calls = 0
  for (const { version } of probe.documents.versions) {
    const document = JSON.parse(JSON.stringify(probe.documents.document(version)))
    for (const call of callsOf(document, true)) {
      const { Host: host, ...headers } = call.headers
      const url = `http://${host ?? 'people.test'}${call.path}`
      const form = call.operation.endsWith('/uploads') ? (() => { const f = new FormData(); f.append('title', 'T'); if (version === '3') f.append('visibility', 'public'); return f })() : undefined
      if (form !== undefined) delete headers['Content-Type']
      const res = await app.request(url, { method: call.method, headers, ...(form !== undefined ? { body: form } : call.body === undefined ? {} : { body: call.body }) })
      calls++
      if (res.status >= 500) console.log(`[${probe.name} v${version}] ${call.operation}: ${res.status} ${(await res.text()).slice(0, 300)}`)
    }
  }
  console.log(`== ${probe.name}: ${calls} calls`)
}
process.exit(0)
