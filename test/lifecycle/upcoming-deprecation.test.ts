/**
 * A deprecation announced ahead (RFC 9745 lets `Deprecation` carry a date to
 * come): the documents tell it as one to come until its instant, then as
 * one that has come, on the policy's clock, the document made again when
 * the instant passes; the server sends the same `Deprecation` value all
 * along.
 */
import { Hono } from 'hono'
import { expect, it } from 'vitest'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

it('a deprecation to come is told as one to come, then as one that came', async () => {
  let now = Date.parse('2025-06-01T00:00:00Z')
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
  const policy = versionPolicy({ versions: { '1': { deprecation: '2026-01-01', sunset: '2027-01-01' } }, now: () => now })
  const document = { openapi: '3.1.0', info: { title: 'Things', version: '2' }, paths: { '/things': { get: { responses: { '200': { description: 'Things.' } } } } } }
  const documents = versionedOpenAPI({ scheme, policy, document })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, policy }))
  app.get('/things', (c) => c.json([]))
  const told = () => {
    const v1 = documents.document('1')
    return [v1.info.description?.split('\n\n')[0], v1.components?.headers?.['Deprecation']?.description]
  }
  expect(told()).toEqual([
    '**Deprecation:** version `1` will be deprecated on 2026-01-01 and goes away on 2027-01-01.',
    'RFC 9745: this version will be deprecated on 2026-01-01T00:00:00.000Z (@1767225600).',
  ])
  expect((await app.request('/things', { headers: { 'Api-Version': '1' } })).headers.get('Deprecation')).toBe('@1767225600')
  now = Date.parse('2026-01-01T00:00:00Z')
  expect(told()).toEqual([
    '**Deprecated:** version `1` is deprecated since 2026-01-01 and goes away on 2027-01-01.',
    'RFC 9745: this version is deprecated since 2026-01-01T00:00:00.000Z (@1767225600).',
  ])
  expect((await app.request('/things', { headers: { 'Api-Version': '1' } })).headers.get('Deprecation')).toBe('@1767225600')
})
