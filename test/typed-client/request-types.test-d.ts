/**
 * What each version's client sends and gets, in the three app styles
 * (people-api.ts): an older request body has the removed fields its version
 * still requires (`fieldRemoved(..., { required: true })`), an older client
 * sends its own query parameter and header names (`queryParamRenamed`,
 * `requestHeaderRenamed`), and an envelope layout (`{ items: [Person] }`)
 * keeps the handler's envelope: the head's answer is typed as plain `hc`
 * types it, an older one with the older shapes inside.
 */
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { hc } from 'hono/client'
import { validator } from 'hono/validator'
import { z } from 'zod'
import { describe, expectTypeOf, it } from 'vitest'
import { change, enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, queryParamChanged, queryParamRenamed, requestHeaderChanged, requestHeaderRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { requestValidation } from '../../src/validation/index.ts'
import type { RequestAt, ResponseAt } from '../../src/typed-client/older.ts'
import { NewPersonShape, type PlainApp, type plainHistory, type TableApp, type tableHistory, type ZodOpenAPIApp } from './people-api.ts'

/** What a successful response of a client call gives. */
type Ok<F extends (...args: never[]) => Promise<{ ok: boolean; json(): unknown }>> = Awaited<ReturnType<Extract<Awaited<ReturnType<F>>, { ok: true }>['json']>>
/** What a call gives but a validator's refusal (400): the handler's answers, whatever their status. */
type Answered<F extends (...args: never[]) => Promise<{ status: number; json(): unknown }>> = Awaited<ReturnType<Exclude<Awaited<ReturnType<F>>, { status: 400 }>['json']>>
/** The fields of `T` named outright, without its index signature. */
type Named<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] }
/** The request a client call takes. */
type Sent<F extends (...args: never[]) => unknown> = Parameters<F>[0]

/** Version 1's bodies: `mail`, no `banned`, `age` a string, `name` (required in requests: nothing types it, so `unknown`). */
interface PersonV1 {
  id: number
  mail: string | null
  status: 'active' | 'inactive'
  age: string
  readonly name: string
}
interface NewPersonV1 {
  mail: string | null
  status: 'active' | 'inactive'
  age: string
  readonly name: unknown
}
interface PatchV1 {
  mail?: string | null
  status?: 'active' | 'inactive'
  age?: string
  readonly name?: unknown
}
/** Version 2's new person: `email`, `banned`, still `name` and a string `age`. */
interface NewPersonV2 {
  email: string | null
  status: 'active' | 'inactive' | 'banned'
  age: string
  readonly name: unknown
}

const options = { scheme: { in: 'header', name: 'Api-Version' } } as const
const table = versionedClient<TableApp, typeof tableHistory>('https://api.test', options)
const plain = versionedClient<PlainApp, typeof plainHistory>('https://api.test', options)
const zod = versionedClient<ZodOpenAPIApp, typeof plainHistory>('https://api.test', options)

describe('an older request body has the removed fields its version requires', () => {
  it('POST: version 1 and 2 send name (required), in every style', () => {
    expectTypeOf<Sent<ReturnType<typeof table<'1'>>['people']['$post']>>().toEqualTypeOf<{ json: NewPersonV1 }>()
    expectTypeOf<Sent<ReturnType<typeof plain<'1'>>['people']['$post']>>().toEqualTypeOf<{ json: NewPersonV1 }>()
    expectTypeOf<Sent<ReturnType<typeof zod<'1'>>['people']['$post']>>().toEqualTypeOf<{ json: NewPersonV1 }>()
    expectTypeOf<Sent<ReturnType<typeof table<'2'>>['people']['$post']>>().toEqualTypeOf<{ json: NewPersonV2 }>()
    expectTypeOf<Sent<ReturnType<typeof plain<'2'>>['people']['$post']>>().toEqualTypeOf<{ json: NewPersonV2 }>()
    expectTypeOf<Sent<ReturnType<typeof zod<'2'>>['people']['$post']>>().toEqualTypeOf<{ json: NewPersonV2 }>()
    for (const v1 of [table('1'), plain('1'), zod('1')]) {
      void v1.people.$post({ json: { name: 'Alan Turing', mail: null, status: 'active', age: '41' } })
      // @ts-expect-error version 1 requires name (the server answers 422 without it)
      void v1.people.$post({ json: { mail: null, status: 'active', age: '41' } })
      // @ts-expect-error nor does version 1 know the head's firstName
      void v1.people.$post({ json: { name: 'Alan Turing', firstName: 'Alan', mail: null, status: 'active', age: '41' } })
      // @ts-expect-error version 1 has no banned (the server answers 422)
      void v1.people.$post({ json: { name: 'Alan Turing', mail: null, status: 'banned', age: '41' } })
    }
  })

  it('PATCH: a partial update, name optional like every field', () => {
    expectTypeOf<Sent<ReturnType<typeof table<'1'>>['people'][':id']['$patch']>>().toEqualTypeOf<{ param: { id: string }; json: PatchV1 }>()
    expectTypeOf<Sent<ReturnType<typeof plain<'1'>>['people'][':id']['$patch']>>().toEqualTypeOf<{ param: { id: string }; json: PatchV1 }>()
    expectTypeOf<Sent<ReturnType<typeof zod<'1'>>['people'][':id']['$patch']>>().toEqualTypeOf<{ param: { id: string }; json: PatchV1 }>()
    for (const v1 of [table('1'), plain('1'), zod('1')]) {
      void v1.people[':id'].$patch({ param: { id: '1' }, json: { name: 'Augusta Ada' } })
      void v1.people[':id'].$patch({ param: { id: '1' }, json: { age: '37' } })
      // @ts-expect-error version 1's age is a string
      void v1.people[':id'].$patch({ param: { id: '1' }, json: { age: 37 } })
    }
  })

  it('the head sends the head body, without name', () => {
    for (const head of [table('3'), plain('3'), zod('3')]) {
      void head.people.$post({ json: { firstName: 'Alan', lastName: 'Turing', email: null, status: 'banned', age: 41 } })
      // @ts-expect-error the head has no name
      void head.people.$post({ json: { name: 'Alan Turing', firstName: 'Alan', lastName: 'Turing', email: null, status: 'banned', age: 41 } })
    }
  })
})

describe('an older client sends its own query parameter and header names', () => {
  it('version 1 and 2 send ?q and X-Tenant, version 3 ?search and x-account, in every style', () => {
    type Older = { query: { q?: string | undefined }; header: { 'x-tenant'?: string | undefined } }
    type Head = { query: { search?: string | undefined }; header: { 'x-account'?: string | undefined } }
    expectTypeOf<Sent<ReturnType<typeof table<'1'>>['people']['$get']>>().toEqualTypeOf<Older>()
    expectTypeOf<Sent<ReturnType<typeof plain<'1'>>['people']['$get']>>().toEqualTypeOf<Older>()
    expectTypeOf<Sent<ReturnType<typeof zod<'1'>>['people']['$get']>>().toEqualTypeOf<Older>()
    expectTypeOf<Sent<ReturnType<typeof table<'2'>>['people']['$get']>>().toEqualTypeOf<Head>()
    // The head's: plain hc's, the validators' inputs as Hono intersects them.
    expectTypeOf<Sent<ReturnType<typeof plain<'3'>>['people']['$get']>>().toEqualTypeOf<Sent<ReturnType<typeof hc<PlainApp>>['people']['$get']>>()
    expectTypeOf<Sent<ReturnType<typeof zod<'3'>>['people']['$get']>>().toEqualTypeOf<Sent<ReturnType<typeof hc<ZodOpenAPIApp>>['people']['$get']>>()
    for (const head of [table('3'), plain('3'), zod('3')]) {
      void head.people.$get({ query: { search: 'Ad' }, header: { 'x-account': 'acme' } })
      // @ts-expect-error the head's parameter is search
      void head.people.$get({ query: { q: 'Ad' }, header: {} })
    }
    for (const v1 of [table('1'), plain('1'), zod('1')]) {
      void v1.people.$get({ query: { q: 'Ad' }, header: { 'x-tenant': 'acme' } })
      // @ts-expect-error version 1's parameter is q
      void v1.people.$get({ query: { search: 'Ad' }, header: {} })
      // @ts-expect-error version 1's header is X-Tenant
      void v1.people.$get({ query: {}, header: { 'x-account': 'acme' } })
    }
  })
})

describe('renamed names through hono/validator, and inputs Hono types by an index signature', () => {
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Renamed.', [queryParamRenamed('GET /items', { older: 'q', newer: 'search' }), requestHeaderRenamed('GET /items', { older: 'X-Tenant', newer: 'x-account' })])] },
    ],
  })
  const app = new Hono()
    .get('/items', validator('query', (value) => ({ search: String(value['search'] ?? '') })), validator('header', (value: Record<string, string>) => value), (c) => c.json(c.req.valid('query')))
  const items = versionedClient<typeof app, typeof history>('https://api.test', options)

  it('version 1 sends ?q where the head\'s hono/validator reads ?search; a header input of any name keeps any name', () => {
    expectTypeOf<Sent<ReturnType<typeof items<'1'>>['items']['$get']>>().toEqualTypeOf<{ query: { q: string | string[] }; header: Record<string, string> }>()
    expectTypeOf<Sent<ReturnType<typeof items<'2'>>['items']['$get']>>().toEqualTypeOf<Sent<ReturnType<typeof hc<typeof app>>['items']['$get']>>()
  })
})

describe('renamed names in an input that also takes other names (z.looseObject: an index signature beside named fields)', () => {
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Renamed.', [queryParamRenamed('GET /items', { older: 'q', newer: 'search' }), requestHeaderRenamed('GET /items', { older: 'X-Shop', newer: 'X-Store' })])] },
    ],
  })
  const app = new Hono()
    .get('/items', zValidator('query', z.looseObject({ search: z.string().optional(), page: z.string() })), zValidator('header', z.looseObject({ 'x-store': z.string() })), (c) => c.json(c.req.valid('query')))
  const items = versionedClient<typeof app, typeof history>('https://api.test', options)

  it("version 1 names its own parameter and header (the head's names are any other name to it), and the head sends what hc sends", () => {
    type V1 = Sent<ReturnType<typeof items<'1'>>['items']['$get']>
    expectTypeOf<Named<V1['query']>>().toEqualTypeOf<{ page: string | string[]; q?: string | undefined }>()
    expectTypeOf<Named<V1['header']>>().toEqualTypeOf<{ 'x-shop': string }>()
    expectTypeOf<Sent<ReturnType<typeof items<'2'>>['items']['$get']>>().toEqualTypeOf<Sent<ReturnType<typeof hc<typeof app>>['items']['$get']>>()
  })
})

describe('an envelope layout keeps the handler\'s envelope', () => {
  it('the head\'s answer is typed as plain hc types it', async () => {
    expectTypeOf<Answered<ReturnType<typeof table<'3'>>['people']['$get']>>().toEqualTypeOf<Answered<ReturnType<typeof hc<TableApp>>['people']['$get']>>()
    expectTypeOf<Answered<ReturnType<typeof plain<'3'>>['people']['$get']>>().toEqualTypeOf<Answered<ReturnType<typeof hc<PlainApp>>['people']['$get']>>()
    expectTypeOf<Answered<ReturnType<typeof zod<'3'>>['people']['$get']>>().toEqualTypeOf<Answered<ReturnType<typeof hc<ZodOpenAPIApp>>['people']['$get']>>()
    const res = await plain('3').people.$get({ query: {}, header: {} })
    if (res.ok) {
      const list = await res.json()
      expectTypeOf(list.items[0]).toEqualTypeOf<{ id: number; firstName: string; lastName: string; email: string | null; status: 'active' | 'inactive' | 'banned'; age: number } | undefined>()
      expectTypeOf(list.tenant).toEqualTypeOf<string | null>()
    }
  })

  it('an older answer has the envelope\'s fields as the handler types them, the older shape inside', async () => {
    type ListV1 = { items: PersonV1[]; tenant: string | null }
    expectTypeOf<Ok<ReturnType<typeof table<'1'>>['people']['$get']>>().toEqualTypeOf<ListV1>()
    expectTypeOf<Ok<ReturnType<typeof plain<'1'>>['people']['$get']>>().toEqualTypeOf<ListV1>()
    expectTypeOf<Ok<ReturnType<typeof zod<'1'>>['people']['$get']>>().toEqualTypeOf<ListV1>()
    const res = await zod('1').people.$get({ query: {}, header: {} })
    if (res.ok) {
      const list = await res.json()
      expectTypeOf(list.items[0]?.name).toEqualTypeOf<string | undefined>()
      // @ts-expect-error version 1's people have no firstName
      void list.items[0]?.firstName
    }
  })
})

describe('each instruction\'s request side, as the server reads an older body', () => {
  interface Item {
    readonly id: string
    readonly title: string
    readonly price: { readonly cents: number }
    readonly kind: 'a' | 'b' | 'c'
    readonly colour: string
    readonly size: number
  }
  /** What version 1's server reads: the older name and formats, the added values and fields away, every removed field (required where it requires it). */
  interface ItemRequestV1 {
    readonly id: string
    readonly name: string
    readonly price: number
    readonly kind: 'a' | 'b'
    readonly sku: unknown
    readonly code: string | null
    readonly grade: 'x' | 'y'
    readonly ref: number
    readonly label?: string
    readonly legacy?: string
  }
  /** What version 1's server answers: the removed fields it gets back (an older converter). */
  interface ItemResponseV1 {
    readonly id: string
    readonly name: string
    readonly price: number
    readonly kind: 'a' | 'b'
    readonly ref: number
    readonly label: string
  }
  const ItemShape = shape<Item>('Item')
  const items = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('Every kind of change.', [
            fieldRenamed(ItemShape, { older: 'name', newer: 'title' }),
            fieldChanged(ItemShape, 'price', { down: (price) => price.cents / 100, up: (price) => ({ cents: Number(price) * 100 }) }),
            enumValuesAdded(ItemShape, 'kind', ['c'], { fallback: 'a' }),
            fieldAdded(ItemShape, 'colour', { default: 'grey' }),
            fieldAdded(ItemShape, 'size'),
            fieldRemoved(ItemShape, 'sku', { required: true }),
            fieldRemoved(ItemShape, 'code', { required: true, schema: { type: ['string', 'null'] } }),
            fieldRemoved(ItemShape, 'grade', { required: true, schema: { enum: ['x', 'y'] } }),
            fieldRemoved(ItemShape, 'ref', { required: true, older: (item) => item.id.length }),
            fieldRemoved(ItemShape, 'label', { older: (item) => item.title }),
            fieldRemoved(ItemShape, 'legacy', { schema: { type: 'string' } }),
          ]),
        ],
      },
    ],
    bodies: { items: { request: ItemShape, response: ItemShape } },
  })

  // Before, a removed field neither required nor given back (legacy) was absent, and one given back but not required
  // (label) was required: the server takes both as optional (its request validation and its document).
  it('renamed: the older name; changed: what down returns; enum values narrowed; added (with a default or not): absent; removed: every one, required where the version requires it', () => {
    expectTypeOf<RequestAt<typeof items, 'items', '1'>>().toEqualTypeOf<ItemRequestV1>()
  })

  it('a response gets back only the removed fields with an older converter', () => {
    expectTypeOf<ResponseAt<typeof items, 'items', '1'>>().toEqualTypeOf<ItemResponseV1>()
  })

  it('a PATCH body: each of them optional', () => {
    expectTypeOf<RequestAt<typeof items, 'items', '1', 'PATCH'>>().toEqualTypeOf<Partial<ItemRequestV1>>()
  })
})

describe('fieldChanged olderRequired: the older versions\' requiredness of the field', () => {
  interface Contact {
    name: string
    phone: string
    nickname?: string
  }
  const ContactShape = shape<Contact>('Contact')
  const contacts = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('A phone is required; a nickname is not.', [
            fieldChanged(ContactShape, 'phone', { down: (phone) => phone, up: (phone) => String(phone ?? 'unknown'), olderRequired: false }),
            // down gets undefined for a head value without the field: its parameter says so.
            fieldChanged(ContactShape, 'nickname', { down: (nickname: string | undefined) => nickname ?? '', up: (nickname) => String(nickname), olderRequired: true }),
          ]),
        ],
      },
    ],
    bodies: { contacts: { request: ContactShape, response: ContactShape } },
  })

  it('false: optional in older versions; true: required in older versions; the head as declared', () => {
    expectTypeOf<RequestAt<typeof contacts, 'contacts', '1'>>().toEqualTypeOf<{ name: string; phone?: string; nickname: string }>()
    expectTypeOf<RequestAt<typeof contacts, 'contacts', '2'>>().toEqualTypeOf<Contact>()
  })
})

describe('an envelope request layout keeps the validator\'s envelope', () => {
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Names are split.', [fieldAdded(NewPersonShape, 'firstName'), fieldAdded(NewPersonShape, 'lastName'), fieldRemoved(NewPersonShape, 'name', { required: true, schema: { type: 'string' } })])] },
    ],
    bodies: { 'POST /people/batch': { request: { items: [NewPersonShape] } } },
  })
  const NewPersonZ = z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable(), status: z.enum(['active', 'inactive', 'banned']), age: z.number() })
  const app = new Hono().post('/people/batch', zValidator('json', z.object({ items: z.array(NewPersonZ), dryRun: z.boolean() })), (c) => c.json({ created: c.req.valid('json').items.length }, 201))
  const batch = versionedClient<typeof app, typeof history>('https://api.test', options)

  it('version 1 sends the envelope\'s fields as the validator types them, its own people inside', () => {
    type NewPersonBefore = { email: string | null; status: 'active' | 'inactive' | 'banned'; age: number; readonly name: string }
    expectTypeOf<Sent<ReturnType<typeof batch<'1'>>['people']['batch']['$post']>>().toEqualTypeOf<{ json: { items: NewPersonBefore[]; dryRun: boolean } }>()
    expectTypeOf<Sent<ReturnType<typeof batch<'2'>>['people']['batch']['$post']>>().toEqualTypeOf<Sent<ReturnType<typeof hc<typeof app>>['people']['batch']['$post']>>()
  })
})

describe('query parameters and headers the history checks with a shape (requestValidation({ parameters }))', () => {
  interface Filter {
    status?: 'active' | 'archived' | 'preorder'
    page?: number
  }
  const Filter = shape<Filter>('Filter')
  const Headers = shape<{ 'X-Channel'?: 'web' | 'app' | 'kiosk' }>('Headers')
  const history = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('Products can be pre-ordered, at kiosks too; the status is ?status.', [
            queryParamRenamed('GET /products', { older: 'state', newer: 'status' }),
            enumValuesAdded(Filter, 'status', ['preorder'], { fallback: 'active' }),
            enumValuesAdded(Headers, 'X-Channel', ['kiosk'], { fallback: 'web' }),
          ]),
        ],
      },
    ],
    validation: requestValidation({
      schemas: {
        Filter: { type: 'object', properties: { status: { type: 'string', enum: ['active', 'archived', 'preorder'] }, page: { type: 'integer' } } },
        Headers: { type: 'object', properties: { 'X-Channel': { type: 'string', enum: ['web', 'app', 'kiosk'] } } },
      },
      parameters: { 'GET /products': { query: Filter, headers: Headers } },
    }),
  })
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  const query = z.object({ status: z.enum(['active', 'archived', 'preorder']).optional(), page: z.string().optional() })
  const app = base.get('/products', zValidator('query', query), zValidator('header', z.object({ 'x-channel': z.enum(['web', 'app', 'kiosk']).optional() })), (c) => c.json({ status: c.req.valid('query').status ?? null }, 200))
  const clients = versionedClient<typeof app, typeof history>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })

  it("an older client sends its version's values (an enum value added later is refused with 422), under its version's names", () => {
    type Sent1 = Parameters<ReturnType<typeof clients<'1'>>['products']['$get']>[0]
    expectTypeOf<Sent1['query']>().toEqualTypeOf<{ state?: 'active' | 'archived' | undefined; page?: string | undefined }>()
    expectTypeOf<Sent1['header']>().toEqualTypeOf<{ 'x-channel'?: 'web' | 'app' | undefined }>()
    // @ts-expect-error version 1 has no pre-orders
    void clients('1').products.$get({ query: { state: 'preorder' }, header: {} })
  })

  it('the head client sends what its validators take, as hc does', () => {
    expectTypeOf<Parameters<ReturnType<typeof clients<'2'>>['products']['$get']>[0]>().toEqualTypeOf<Parameters<ReturnType<typeof hc<typeof app>>['products']['$get']>[0]>()
  })
})

describe('query parameters and headers whose values a newer version changes (queryParamChanged, requestHeaderChanged)', () => {
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('The status is ?status.', [queryParamRenamed('GET /products', { older: 'state', newer: 'status' })])] },
      {
        version: '3',
        changes: [
          change('Statuses and the flag written as the head writes them.', [
            queryParamChanged('GET /products', 'status', { up: (older) => (older === 'available' ? 'active' : older) }),
            requestHeaderChanged('GET /products', 'X-Flag', { up: (older) => (older === 'yes' ? 'true' : older) }),
          ]),
        ],
      },
    ],
  })
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history }))
  const query = z.object({ status: z.enum(['active', 'archived']).optional(), page: z.string().optional() })
  const app = base.get('/products', zValidator('query', query), zValidator('header', z.object({ 'x-flag': z.enum(['true', 'false']).optional() })), (c) => c.json({ status: c.req.valid('query').status ?? null }, 200))
  const clients = versionedClient<typeof app, typeof history>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })

  it('an older client sends any text for them (the server checks the older values), under its own names', () => {
    type Sent1 = Parameters<ReturnType<typeof clients<'1'>>['products']['$get']>[0]
    type Sent2 = Parameters<ReturnType<typeof clients<'2'>>['products']['$get']>[0]
    expectTypeOf<Sent1['query']>().toEqualTypeOf<{ state?: string | undefined; page?: string | undefined }>()
    expectTypeOf<Sent2['query']>().toEqualTypeOf<{ status?: string | undefined; page?: string | undefined }>()
    expectTypeOf<Sent1['header']>().toEqualTypeOf<{ 'x-flag'?: string | undefined }>()
    void clients('1').products.$get({ query: { state: 'available' }, header: { 'x-flag': 'yes' } })
  })

  it('the head client sends what its validators take, as hc does', () => {
    expectTypeOf<Parameters<ReturnType<typeof clients<'3'>>['products']['$get']>[0]>().toEqualTypeOf<Parameters<ReturnType<typeof hc<typeof app>>['products']['$get']>[0]>()
  })
})

describe('olderRequired of queryParamChanged and requestHeaderChanged: the older clients type the parameter as their versions require it', () => {
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('The status is ?status.', [queryParamRenamed('GET /items', { older: 'state', newer: 'status' })])] },
      {
        version: '3',
        changes: [
          change('A status by default; the region optional.', [
            queryParamChanged('GET /items', 'status', { up: (older) => older ?? 'active', olderRequired: false }),
            requestHeaderChanged('GET /items', 'X-Region', { up: (older) => older, olderRequired: true }),
          ]),
        ],
      },
    ],
    // olderRequired: true needs it (the history refuses it without one).
    validation: requestValidation({ schemas: {} }),
  })
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history }))
  const query = z.object({ status: z.enum(['active', 'archived']), page: z.string() })
  const app = base.get('/items', zValidator('query', query), zValidator('header', z.object({ 'x-region': z.string().optional() })), (c) => c.json({ status: c.req.valid('query').status }, 200))
  const clients = versionedClient<typeof app, typeof history>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })

  it('false: optional under its older names; true: required; the others as the head types them', () => {
    type Sent1 = Parameters<ReturnType<typeof clients<'1'>>['items']['$get']>[0]
    type Sent2 = Parameters<ReturnType<typeof clients<'2'>>['items']['$get']>[0]
    expectTypeOf<Sent1['query']>().toEqualTypeOf<{ state?: string | undefined; page: string }>()
    expectTypeOf<Sent2['query']>().toEqualTypeOf<{ status?: string | undefined; page: string }>()
    expectTypeOf<Sent1['header']>().toEqualTypeOf<{ 'x-region': string }>()
    void clients('1').items.$get({ query: { page: '1' }, header: { 'x-region': 'eu' } })
    // @ts-expect-error version 1 must send X-Region
    void clients('1').items.$get({ query: { page: '1' }, header: {} })
  })

  it('the head client sends what its validators take, as hc does', () => {
    expectTypeOf<Parameters<ReturnType<typeof clients<'3'>>['items']['$get']>[0]>().toEqualTypeOf<Parameters<ReturnType<typeof hc<typeof app>>['items']['$get']>[0]>()
  })

  it('given as a boolean the types cannot tell (a variable): required, which the older version always takes; the parameter kept', () => {
    const flag = Math.random() < 2
    const told = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('A status by default.', [queryParamChanged('GET /items', 'status', { up: (older) => older ?? 'active', olderRequired: flag })])] }] })
    const head = new Hono()
    head.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: told }))
    const served = head.get('/items', zValidator('query', query), (c) => c.json({ status: c.req.valid('query').status }, 200))
    const older = versionedClient<typeof served, typeof told>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })
    // Before, the parameter was left out of version 1's type altogether: no version 1 client could send it.
    expectTypeOf<Parameters<ReturnType<typeof older<'1'>>['items']['$get']>[0]['query']>().toEqualTypeOf<{ status: string; page: string }>()
  })
})
