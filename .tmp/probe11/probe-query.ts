// What a handler reads from a renamed query parameter (older name) against the head's name, for odd encodings;
// and maxBodySize at its boundary.
import { makeApp, probeState } from './app.ts'
const app = makeApp()
const cases = ['a+b', '%2B', 'a%20b', '%ZZ', '%E0%A4%A', '', 'x=y', '%26and', 'caf%C3%A9', '%00', 'a;b']
for (const value of cases) {
  const seen: unknown[] = []
  for (const [version, name] of [['1', 'q'], ['3', 'search']] as const) {
    probeState.lastQuery = undefined
    const res = await app.request(`/people?${name}=${value}&page=1`, { headers: { 'Api-Version': version } })
    seen.push(`${res.status} ${JSON.stringify(probeState.lastQuery)}`)
  }
  console.log(`${JSON.stringify(value)}: v1 ${seen[0]} | head ${seen[1]} ${seen[0]?.replace('"search"', '') === seen[1]?.replace('"search"', '') ? 'same' : 'DIFFERENT'}`)
}
for (const extra of ['&q', '&q&search=x']) {
  const res = await app.request(`/people?page=1${extra}`, { headers: { 'Api-Version': '1' } })
  console.log(extra, res.status, JSON.stringify(probeState.lastQuery), (await res.text()).slice(0, 120))
}
const size = async (n: number) => {
  const name = 'a'.repeat(n - '{"name":" b","status":"active"}'.length)
  const body = `{"name":"${name} b","status":"active"}`
  const res = await app.request('/people', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body })
  console.log('body bytes', new TextEncoder().encode(body).length, res.status, (await res.text()).slice(0, 60))
}
await size(1048576)
await size(1048577)
