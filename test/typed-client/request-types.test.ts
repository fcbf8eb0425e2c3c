/**
 * The typed calls of request-types.test-d.ts at run time, in the three app
 * styles: what an older client's types make it send is what its version's
 * server takes (the removed `name` it still requires, its own `?q` and
 * `X-Tenant`), and each answer is what its type says (the list's envelope,
 * with the version's shapes inside).
 */
import { describe, expect, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import { plainApp, plainHistory, tableApp, tableHistory, zodOpenAPIApp, type PlainApp, type TableApp, type ZodOpenAPIApp } from './people-api.ts'

const via = (app: { request(input: string, init?: RequestInit): Response | Promise<Response> }) =>
  ({ scheme: { in: 'header', name: 'Api-Version' }, fetch: (input: string, init: RequestInit) => app.request(input, init) }) as const
const styles = [
  ['route table', versionedClient<TableApp, typeof tableHistory>('https://api.test', via(tableApp()))],
  ['plain Hono', versionedClient<PlainApp, typeof plainHistory>('https://api.test', via(plainApp()))],
  ['@hono/zod-openapi', versionedClient<ZodOpenAPIApp, typeof plainHistory>('https://api.test', via(zodOpenAPIApp()))],
] as const

const adaV1 = { id: 1, mail: 'ada@example.com', status: 'active', age: '36', name: 'Ada Lovelace' } as const

describe.each(styles)('%s', (_style, api) => {
  it('version 1 creates a person with its own body, name included', async () => {
    const res = await api('1').people.$post({ json: { name: 'Alan Turing', mail: null, status: 'active', age: '41' } })
    expect(res.status).toBe(201)
    if (res.status !== 201) return
    const created: { id: number; mail: string | null; status: 'active' | 'inactive'; age: string; readonly name: string } = await res.json()
    expect(created).toEqual({ id: 3, mail: null, status: 'active', age: '41', name: 'Alan Turing' })
  })

  it('version 1 without the name its types require is refused, as they say', async () => {
    const res = await api('1').people.$post({ json: { mail: null, status: 'active', age: '41' } as never })
    expect(res.status).toBe(422)
  })

  it('version 1 patches its name', async () => {
    const res = await api('1').people[':id'].$patch({ param: { id: '1' }, json: { name: 'Augusta Ada' } })
    expect(res.status).toBe(200)
    if (!res.ok) return
    const patched = await res.json()
    expect(patched).toEqual({ ...adaV1, name: 'Augusta Ada' })
  })

  it('version 1 searches with ?q for the account in X-Tenant, and gets its envelope with its own people', async () => {
    const res = await api('1').people.$get({ query: { q: 'Ad' }, header: { 'x-tenant': 'acme' } })
    expect(res.status).toBe(200)
    if (!res.ok) return
    const list: { items: { id: number; mail: string | null; status: 'active' | 'inactive'; age: string; readonly name: string }[]; tenant: string | null } = await res.json()
    expect(list).toEqual({ items: [adaV1], tenant: 'acme' })
    expect(list.items[0]?.name).toBe('Ada Lovelace')
  })

  it('the head searches with ?search for the account in x-account, its envelope as hc types it', async () => {
    const res = await api('3').people.$get({ query: { search: 'Gr' }, header: { 'x-account': 'acme' } })
    expect(res.status).toBe(200)
    if (!res.ok) return
    const list = await res.json()
    expect(list.items[0]?.firstName).toBe('Grace')
    expect(list).toEqual({ items: [{ id: 2, firstName: 'Grace', lastName: 'Hopper', email: null, status: 'banned', age: 85 }], tenant: 'acme' })
  })
})
