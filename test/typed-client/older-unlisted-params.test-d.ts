/**
 * Types only: a query parameter or request header a newer value change
 * (queryParamChanged, requestHeaderChanged) declares for older versions but
 * the head's validator does not type is in those versions' inputs, any text
 * under their names, required where the change's olderRequired says, as the
 * server checks it with the history's request validation
 * (test/changes/older-unlisted-parameters.test.ts); the head's client is hc's.
 */
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { hc } from 'hono/client'
import { z } from 'zod'
import { describe, expectTypeOf, it } from 'vitest'
import { change, queryParamChanged, queryParamRenamed, requestHeaderChanged, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

describe('a parameter a value change declares that the head validator does not type', () => {
  const digits = { type: 'string', pattern: '^[0-9]+$' }
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Pages are ?page.', [queryParamRenamed('GET /items', { older: 'p', newer: 'page' })])] },
      {
        version: '3',
        changes: [
          change('Any page; any region.', [
            queryParamChanged('GET /items', 'page', { up: (older) => older, olderSchema: digits, olderRequired: true }),
            requestHeaderChanged('GET /items', 'X-Region', { up: (older) => older, olderSchema: { type: 'string' } }),
          ]),
        ],
      },
    ],
    validation: requestValidation({ schemas: {} }),
  })
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history }))
  const app = base.get('/items', zValidator('query', z.object({ status: z.string() })), zValidator('header', z.object({ 'x-trace': z.string().optional() })), (c) => c.json({ status: c.req.valid('query').status }, 200))
  const clients = versionedClient<typeof app, typeof history>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })
  type Sent<V extends '1' | '2' | '3'> = Parameters<ReturnType<typeof clients<V>>['items']['$get']>[0]

  it('required under its older names where olderRequired: true; optional where the change gives none', () => {
    expectTypeOf<Sent<'1'>['query']>().toEqualTypeOf<{ status: string; p: string }>()
    expectTypeOf<Sent<'2'>['query']>().toEqualTypeOf<{ status: string; page: string }>()
    expectTypeOf<Sent<'1'>['header']>().toEqualTypeOf<{ 'x-trace'?: string | undefined; 'x-region'?: string | undefined }>()
    void clients('1').items.$get({ query: { status: 'a', p: '1' }, header: { 'x-region': 'eu' } })
    // @ts-expect-error version 2 must send ?page
    void clients('2').items.$get({ query: { status: 'a' }, header: {} })
  })

  it('the head client sends what its validators take, as hc does', () => {
    expectTypeOf<Sent<'3'>>().toEqualTypeOf<Parameters<ReturnType<typeof hc<typeof app>>['items']['$get']>[0]>()
  })
})
