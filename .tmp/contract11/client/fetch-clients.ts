/**
 * openapi-typescript types per version (types/plain-v*.ts), openapi-fetch
 * clients calling the real plain Hono app in-process: each version's client
 * reads the fields its document promises, and the values are checked.
 */
import createClient from 'openapi-fetch'
import type { paths as V1 } from '../types/plain-v1.ts'
import type { paths as V2 } from '../types/plain-v2.ts'
import type { paths as V3 } from '../types/plain-v3.ts'
import { plainProbe } from '../apps.ts'

const { app } = plainProbe()
const fetch = (input: Request) => Promise.resolve(app.fetch(input))
const v1 = createClient<V1>({ baseUrl: 'http://people.test', fetch, headers: { 'Api-Version': '1' } })
const v2 = createClient<V2>({ baseUrl: 'http://people.test', fetch, headers: { 'Api-Version': '2' } })
const v3 = createClient<V3>({ baseUrl: 'http://people.test', fetch })

const out: unknown[] = []
{
  const { data, error, response } = await v1.GET('/people', { params: { header: { 'Api-Version': '1' }, query: { q: 'ada' } } })
  out.push(['v1 list', response.status, data?.items[0]?.name, data?.items[0]?.role, error])
  const created = await v1.POST('/people', { params: { header: { 'Api-Version': '1' } }, body: { name: 'Ada Lovelace', role: 'admin' } })
  out.push(['v1 create', created.response.status, created.data?.name, created.error])
  const patched = await v1.PATCH('/people/{id}', { params: { header: { 'Api-Version': '1' }, path: { id: '1' } }, body: { role: 'member' } })
  out.push(['v1 patch', patched.response.status, patched.data?.name, patched.error])
  const bad = await v1.POST('/people', { params: { header: { 'Api-Version': '1' } }, body: { name: '', role: 'admin' } })
  out.push(['v1 422', bad.response.status, bad.error])
  const team = await v1.GET('/groups/{id}', { params: { header: { 'Api-Version': '1' }, path: { id: '4' } } })
  out.push(['v1 group', team.response.status, team.data?.id])
}
{
  const { data, response } = await v2.GET('/people/{id}', { params: { header: { 'Api-Version': '2' }, path: { id: '1' } } })
  out.push(['v2 detail', response.status, data?.fullName, data?.email])
  const created = await v2.POST('/people', { params: { header: { 'Api-Version': '2' } }, body: { fullName: 'Ada Lovelace', email: null, role: 'owner' } })
  out.push(['v2 create', created.response.status, created.data?.fullName])
}
{
  const { data, response } = await v3.GET('/people/{id}/avatar', { params: { path: { id: '1' } } })
  out.push(['v3 avatar', response.status, data?.url])
}
console.log(JSON.stringify(out))
process.exit(0)
