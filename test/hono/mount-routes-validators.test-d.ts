/**
 * Types of mounted routes with validators: `hc<typeof app>` types a chain's
 * input (the validator's) and the handler's output.
 */
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { hc, type InferRequestType, type InferResponseType } from 'hono/client'
import { createFactory } from 'hono/factory'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'

const routes = defineRoutes([route('product-list', '/products'), route('product-detail', '/products/:id')])
const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), routes, origin: 'https://api.example.com' })
const factory = createFactory()
const app = mountRoutes(new Hono(), versioning, {
  'product-list': {
    get: (c) => c.json([{ id: 1, title: 'Lamp' }]),
    post: factory.createHandlers(zValidator('json', z.object({ title: z.string() })), (c) => c.json({ id: 7, title: c.req.valid('json').title }, 201)),
  },
  'product-detail': factory.createHandlers(zValidator('query', z.object({ fields: z.string().optional() })), (c) => c.json({ id: Number(c.req.param('id')) })),
})
const client = hc<typeof app>('https://api.example.com')

describe('hc over mountRoutes with validator chains', () => {
  it('a POST chain takes the json its validator reads and gives its handler’s output', () => {
    expectTypeOf<InferRequestType<typeof client.products.$post>>().toEqualTypeOf<{ json: { title: string } }>()
    expectTypeOf<InferResponseType<typeof client.products.$post, 201>>().toEqualTypeOf<{ id: number; title: string }>()
  })

  it('a GET chain takes its path params and its validated query', () => {
    expectTypeOf<InferRequestType<(typeof client.products)[':id']['$get']>>().toEqualTypeOf<{ query: { fields?: string | undefined } } & { param: { id: string } }>()
  })

  it('a plain handler takes no body', () => {
    expectTypeOf<InferResponseType<typeof client.products.$get>>().toEqualTypeOf<{ id: number; title: string }[]>()
  })
})
