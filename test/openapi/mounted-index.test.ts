/**
 * openAPIRoutes' index under a mount with a parameter: each document's URL
 * is the request's own path, which Hono decodes (`%3C` is `<`, `%0D%0A` a
 * line break), so the client's text is percent-encoded again before it is
 * written into the index, as the docs page writes it. Before, the index
 * answered `"url":"/t/<script>/openapi/2.json"` and line breaks as sent.
 * A portable file.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { openAPIRoutes, versionedOpenAPI } from '../../src/openapi/index.ts'

const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), routes: defineRoutes([route('user-list', '/users')]) })
const app = new Hono().route('/t/:tenant', openAPIRoutes(docs))

const urls = async (path: string): Promise<string[]> => {
  const res = await app.request(`https://api.test${path}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { versions: { url: string }[] }).versions.map((v) => v.url)
}

describe('the index of a mount with a parameter', () => {
  it.each([
    ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['a%22%0D%0Ab', 'a%22%0D%0Ab'],
    ['%E2%80%A8%60', '%E2%80%A8%60'],
  ])('writes the tenant %s percent-encoded', async (sent, written) => {
    expect(await urls(`/t/${sent}/openapi`)).toEqual([`/t/${written}/openapi/2.json`, `/t/${written}/openapi/1.json`])
  })

  it('keeps a plain tenant as it is', async () => {
    expect(await urls('/t/acme-1/openapi')).toEqual(['/t/acme-1/openapi/2.json', '/t/acme-1/openapi/1.json'])
  })
})
