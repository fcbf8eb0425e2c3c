/**
 * `npm run bench:validation`: what validating an older request costs, against
 * its goal (at most 1.2x what the user's own validator costs on the head
 * request).
 *
 * The body: a product of the catalogue (a renamed field, a price whose type
 * changed, a removed field, an enum value added, a nested category), sent by
 * a v1 client. Three validators, each over the same number of bodies per
 * round:
 * - older: the v1 check `requestValidation` derives (@cfworker/json-schema),
 *   on the v1 body;
 * - zod: the app's own head validator (`ProductSchema.safeParse`), on the
 *   head body;
 * - head JSON Schema: @cfworker/json-schema on the head schema and body
 *   (the same engine, the head's schema).
 * Each round prints the nanoseconds per body and the ratios; the verdict is
 * the median ratio against zod.
 *
 * Then the growth with the body's size: the older check on bodies of 10,000,
 * 100,000 and 1,000,000 items (distinct strings under `uniqueItems`, objects
 * in a list, wrong-typed items refused with the capped issues), the
 * validator's time alone, in milliseconds and nanoseconds per item: linear
 * when the nanoseconds per item stay flat. Last, the threat table of
 * docs/request-validation.md: hostile requests sent to an app, each with its
 * status, time, heap growth and answer size. Between them, `formats`: a
 * schema that needed @cfworker/json-schema before (`uniqueItems` with
 * `format: "email"`), before and after, and the fallback at its bound.
 *
 * Run on Node (`npm run bench:validation`, with `--expose-gc` for the heap
 * figures), Bun or Deno. `VALIDATION_BENCH=goal,scale,formats,threats,recursion` picks parts (`recursion`: a
 * recursive union whose alternatives each descend, nested ever deeper).
 */
import { Validator, format } from '@cfworker/json-schema'
import { Hono } from 'hono'
import { z } from 'zod'
import { change, enumValuesAdded, fieldChanged, fieldRemoved, fieldRenamed, queryParamRenamed, shape, versionHistory } from '../src/changes/index.ts'
import { versionMiddleware } from '../src/hono/index.ts'
import { HeaderVersioning } from '../src/index.ts'
import { FORMATS } from '../src/validation/formats.ts'
import { InvalidRequestBody, requestValidation } from '../src/validation/index.ts'

const GOAL = 1.2
const ROUNDS = 15
const BODIES = 20_000

const CategorySchema = z.object({ slug: z.string(), title: z.string() })
const ProductSchema = z.object({
  title: z.string().min(1),
  price: z.object({ amount: z.number().int(), currency: z.string() }),
  status: z.enum(['active', 'archived', 'draft']),
  category: CategorySchema.nullable(),
})

const Category = shape('Category')
const Product = shape('Product', { nested: { category: Category } })
const history = versionHistory({
  versions: [
    { version: 'v1' },
    {
      version: 'v2',
      changes: [
        change('Titles.', [fieldRenamed(Product, { older: 'name', newer: 'title' }), fieldRenamed(Category, { older: 'name', newer: 'title' })]),
        change('Money.', [
          fieldChanged(Product, 'price', { down: (p) => p, up: (p) => p, olderSchema: { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' } }),
          fieldRemoved(Product, 'sku', { schema: { type: 'string' }, required: true }),
          enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' }),
        ]),
      ],
    },
  ],
})
const schemas = {
  Product: {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 1 },
      price: { type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' } }, required: ['amount', 'currency'] },
      status: { type: 'string', enum: ['active', 'archived', 'draft'] },
      category: { anyOf: [{ $ref: '#/components/schemas/Category' }, { type: 'null' }] },
    },
    required: ['title', 'price', 'status', 'category'],
  },
  Category: { type: 'object', properties: { slug: { type: 'string' }, title: { type: 'string' } }, required: ['slug', 'title'] },
}
const older = requestValidation({ schemas }).checks(Product, { versions: history.versions, changelog: history.changelog() })[0]
if (older === null || older === undefined) throw new Error('bench/validation: v1 has no check; the history must change the Product schema.')
const headSchema = new Validator(
  { $ref: '#/$defs/Product', $defs: { Product: { ...schemas.Product, properties: { ...schemas.Product.properties, category: { anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] } } }, Category: schemas.Category } } as never,
  '2020-12',
  false,
)

const v1Body = { name: 'Lamp', price: '12.50', status: 'active', category: { slug: 'lights', name: 'Lights' }, sku: 'SKU-1' }
const headBody = { title: 'Lamp', price: { amount: 1250, currency: 'EUR' }, status: 'draft', category: { slug: 'lights', title: 'Lights' } }
if (!ProductSchema.safeParse(headBody).success || !headSchema.validate(headBody).valid) throw new Error('bench/validation: the head body must be valid.')
older(v1Body)

/** Nanoseconds per body over BODIES bodies. */
function measure(run: () => void): number {
  const start = performance.now()
  for (let i = 0; i < BODIES; i++) run()
  return ((performance.now() - start) * 1e6) / BODIES
}

const check = older
const validators = {
  older: () => check(v1Body),
  zod: () => {
    ProductSchema.safeParse(headBody)
  },
  head: () => {
    headSchema.validate(headBody)
  },
}
// Warm-up: every validator compiled and optimised before the first round.
for (const run of Object.values(validators)) measure(run)

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const runtime = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined' ? 'bun' : typeof (globalThis as { Deno?: unknown }).Deno !== 'undefined' ? 'deno' : `node ${(globalThis as { process?: { version?: string } }).process?.version ?? ''}`

function goal(): void {
  console.log(`Older request validation on ${runtime}: ${ROUNDS} rounds of ${BODIES} bodies each, validators in turn (goal: older / zod <= ${GOAL})\n`)
  console.log('| round | older (ns/body) | zod on head (ns/body) | JSON Schema on head (ns/body) | older / zod | older / head JSON Schema |')
  console.log('|---:|---:|---:|---:|---:|---:|')
  const ratios: number[] = []
  const headRatios: number[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    // The order changes every round, so no validator always runs first.
    const order = round % 3 === 0 ? (['older', 'zod', 'head'] as const) : round % 3 === 1 ? (['zod', 'head', 'older'] as const) : (['head', 'older', 'zod'] as const)
    const ns: Record<string, number> = {}
    for (const name of order) ns[name] = measure(validators[name])
    const ratio = (ns['older'] as number) / (ns['zod'] as number)
    const headRatio = (ns['older'] as number) / (ns['head'] as number)
    ratios.push(ratio)
    headRatios.push(headRatio)
    console.log(`| ${round} | ${(ns['older'] as number).toFixed(0)} | ${(ns['zod'] as number).toFixed(0)} | ${(ns['head'] as number).toFixed(0)} | ${ratio.toFixed(2)} | ${headRatio.toFixed(2)} |`)
  }
  const verdict = median(ratios)
  console.log(`\nmedian older / zod: ${verdict.toFixed(2)} (goal <= ${GOAL}): ${verdict <= GOAL ? 'met' : 'missed'}`)
  console.log(`median older / JSON Schema on head (same engine): ${median(headRatios).toFixed(2)}`)
}

/** An environment variable on Node, Bun or Deno. */
function env(name: string): string | undefined {
  const g = globalThis as { process?: { env: Record<string, string | undefined> }; Deno?: { env: { get(name: string): string | undefined } } }
  return g.process?.env[name] ?? g.Deno?.env.get(name)
}

/** The heap in use, after a collection where the runtime offers one (`--expose-gc`), or `null`. */
function heap(collect: boolean): number | null {
  const g = globalThis as { gc?: () => void; process?: { memoryUsage(): { heapUsed: number } } }
  if (collect) g.gc?.()
  return g.process === undefined ? null : g.process.memoryUsage().heapUsed
}

/** An order, renamed in v2, with lists whose size a client chooses: what the growth and threat figures validate. */
const Order = shape('Order')
const orderSchemas = {
  Order: {
    type: 'object',
    properties: {
      reference: { type: 'string', minLength: 1 },
      tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } }, required: ['sku', 'quantity'] } },
      counts: { type: 'array', items: { type: 'integer' } },
      contacts: { type: 'array', items: { type: 'string', format: 'email' }, uniqueItems: true },
      note: {},
      // For the threat table alone: the keywords of objects, numbers, strings and lists a client's size reaches.
      labels: { type: 'object', patternProperties: { '^[a-z]+$': { type: 'string' } }, propertyNames: { maxLength: 64 }, additionalProperties: false },
      amounts: { type: 'array', items: { type: 'number', multipleOf: 0.01, maximum: 1e300 } },
      site: { type: 'string', format: 'uri' },
      serial: { type: 'string', pattern: '^[A-Z]{2}-[0-9]+$' },
      groups: { type: 'array', items: { type: 'object' }, uniqueItems: true },
      picks: { type: 'array', contains: { const: 'chosen' }, maxContains: 3 },
      tree: { $ref: '#/components/schemas/Tree' },
    },
    required: ['reference'],
  },
  OrderFilter: { type: 'object', properties: { state: { type: 'string', enum: ['open', 'shipped', 'preorder'] } }, additionalProperties: false },
  // A recursive list whose every level is under uniqueItems.
  Tree: { type: 'array', uniqueItems: true, items: { anyOf: [{ type: 'integer' }, { $ref: '#/components/schemas/Tree' }] } },
}
const OrderFilter = shape('OrderFilter')
const orders = versionHistory({
  versions: [
    { version: 'v1' },
    {
      version: 'v2',
      changes: [
        change('Orders have a reference.', [fieldRenamed(Order, { older: 'code', newer: 'reference' })]),
        change('Filters say status; orders can be pre-ordered.', [queryParamRenamed('GET /orders', { older: 'status', newer: 'state' }), enumValuesAdded(OrderFilter, 'state', ['preorder'], { fallback: 'open' })]),
      ],
    },
  ],
  bodies: { 'POST /orders': { request: Order } },
  // Raised from the default (1 MiB, whose 413 comes before any parsing) so that the threat table's bodies are validated.
  maxBodySize: 32 * 1024 * 1024,
  validation: requestValidation({ schemas: orderSchemas, parameters: { 'GET /orders': { query: OrderFilter } } }),
})
const orderCheck = requestValidation({ schemas: orderSchemas }).checks(Order, { versions: orders.versions, changelog: orders.changelog() })[0] as (value: unknown) => void

function scale(): void {
  const sizes = [10_000, 100_000, 1_000_000]
  const bodies: readonly [string, (n: number) => unknown][] = [
    ['distinct strings under uniqueItems (valid)', (n) => ({ code: 'A-1', tags: Array.from({ length: n }, (_, i) => `tag-${i}`) })],
    ['objects in a list (valid)', (n) => ({ code: 'A-1', lines: Array.from({ length: n }, (_, i) => ({ sku: `S${i}`, quantity: 1 + (i % 5) })) })],
    ['wrong-typed items (refused, 100 issues)', (n) => ({ code: 'A-1', counts: Array.from({ length: n }, () => 'x') })],
  ]
  // The validator this replaced: @cfworker/json-schema asked for every error, on the same v1 schema (one run, 10,000 items only: its uniqueItems is quadratic).
  const v1Order = { ...orderSchemas.Order, properties: { ...orderSchemas.Order.properties, code: orderSchemas.Order.properties.reference }, required: ['code'] }
  const previous = new Validator(v1Order as never, '2020-12', false)
  console.log(`\nThe older check's time against the body's size on ${runtime} (validator only, parsed body; median of 5 runs, each after a collection)\n`)
  console.log('| body | items | ms | ns per item | before: @cfworker/json-schema, every error (ms, one run) |')
  console.log('|---|---:|---:|---:|---:|')
  for (const [name, make] of bodies) {
    const perItem: number[] = []
    for (const n of sizes) {
      const body = make(n)
      const runs: number[] = []
      for (let r = 0; r < 5; r++) {
        heap(true)
        const start = performance.now()
        try {
          orderCheck(body)
        } catch (error) {
          // Refused: the time until the refusal is what counts.
          if (!(error instanceof InvalidRequestBody)) throw error
        }
        runs.push(performance.now() - start)
      }
      const ms = median(runs)
      perItem.push((ms * 1e6) / n)
      let before = ''
      if (n === 10_000 && name.includes('uniqueItems')) {
        heap(true)
        const start = performance.now()
        previous.validate(body)
        before = (performance.now() - start).toFixed(0)
      }
      console.log(`| ${name} | ${n.toLocaleString('en-US')} | ${ms.toFixed(1)} | ${((ms * 1e6) / n).toFixed(0)} | ${before} |`)
    }
    console.log(`| ${name}: ns per item at 1,000,000 / at 10,000 | | | ${((perItem[2] as number) / (perItem[0] as number)).toFixed(2)} | |`)
  }
}

/** The median time of three runs of `run`, each after a collection, in milliseconds. */
function medianOfThree(run: () => void): number {
  const runs: number[] = []
  for (let r = 0; r < 3; r++) {
    heap(true)
    const start = performance.now()
    run()
    runs.push(performance.now() - start)
  }
  return median(runs)
}

/**
 * A schema that went to @cfworker/json-schema before `format` was compiled:
 * unique e-mail addresses (the v1 check, `addresses` renamed `emails` in v2),
 * against the body's size; before, the same v1 schema given to
 * @cfworker/json-schema as the fallback gave it (stopping at the first
 * error), one run, 10,000 items only unless `VALIDATION_BENCH_BEFORE` says
 * more (its `uniqueItems` compares every pair: 100,000 take minutes). Then each format on crafted strings of 100 KB and
 * 1 MB that almost match it. Then the fallback's bound: a schema it still
 * validates (`unevaluatedProperties`) with a `uniqueItems` list at its
 * longest (`maxItems: 100`, strings of 10 KB equal but for their end), and
 * the lists and objects the bound refuses, for scale.
 */
function formats(): void {
  const Invite = shape('Invite')
  const invites = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Addresses are emails.', [fieldRenamed(Invite, { older: 'addresses', newer: 'emails' })])] }] })
  const emails = { type: 'array', uniqueItems: true, items: { type: 'string', format: 'email' } }
  const inviteCheck = requestValidation({ schemas: { Invite: { type: 'object', properties: { emails }, required: ['emails'] } } }).checks(Invite, { versions: invites.versions, changelog: invites.changelog() })[0] as (value: unknown) => void
  const previous = new Validator({ type: 'object', properties: { addresses: emails }, required: ['addresses'] } as never, '2020-12', true)
  // The largest list the previous validator is given (VALIDATION_BENCH_BEFORE, default 10,000): 100,000 take minutes.
  const beforeUpTo = Number(env('VALIDATION_BENCH_BEFORE') ?? 10_000)
  console.log(`\nUnique e-mail addresses (uniqueItems + format), the older check's time against the body's size on ${runtime} (validator only, parsed body; after: median of 3 runs, before: one run, up to ${beforeUpTo.toLocaleString('en-US')} items)\n`)
  console.log('| items | after (ms) | after (ns per item) | before: @cfworker/json-schema (ms) | before (ns per item) |')
  console.log('|---:|---:|---:|---:|---:|')
  for (const n of [10_000, 100_000, 1_000_000]) {
    const body = { addresses: Array.from({ length: n }, (_, i) => `user${i}@example.com`) }
    const ms = medianOfThree(() => inviteCheck(body))
    let before = ['not run (quadratic)', '']
    if (n <= beforeUpTo) {
      heap(true)
      const start = performance.now()
      if (!previous.validate(body).valid) throw new Error('bench/validation: the addresses must be valid.')
      const took = performance.now() - start
      before = [took.toFixed(0), ((took * 1e6) / n).toFixed(0)]
    }
    console.log(`| ${n.toLocaleString('en-US')} | ${ms.toFixed(1)} | ${((ms * 1e6) / n).toFixed(0)} | ${before[0]} | ${before[1]} |`)
  }
  // Each format asserted on crafted strings that almost match it: the slowest of them at 100 KB and at 1 MB.
  const crafted = (n: number): string[] => [
    `a:${'/'.repeat(n)} `,
    `a://${'a'.repeat(n)} `,
    `a://${'a:'.repeat(n / 2)}[`,
    `/${'a@'.repeat(n / 2)}[`,
    `${'a'.repeat(n)}@`,
    `"${'a'.repeat(n)}`,
    `2024-01-01T00:00:00.${'1'.repeat(n)}x`,
    `${'a.'.repeat(n / 2)}-`,
    `{${'a,'.repeat(n / 2)}`,
    `P${'1'.repeat(n)}`,
    `/${'~0'.repeat(n / 2)}~`,
  ]
  console.log(`\nEach format asserted, on crafted strings that almost match it: the slowest of ${crafted(10).length} at each length on ${runtime} (one run each)\n`)
  console.log('| format | 100 KB (ms) | 1 MB (ms) |')
  console.log('|---|---:|---:|')
  const small = crafted(100_000)
  const large = crafted(1_000_000)
  const slowest = (check: (text: string) => boolean, texts: readonly string[]): number =>
    Math.max(
      ...texts.map((text) => {
        const start = performance.now()
        check(text)
        return performance.now() - start
      }),
    )
  for (const [name, check] of Object.entries(FORMATS)) console.log(`| ${name} | ${slowest(check, small).toFixed(1)} | ${slowest(check, large).toFixed(1)} |`)

  // The fallback at its bound: 100 strings (typed items, maxItems: 100) of about 10 KB, equal but for their last character.
  const bounded = requestValidation({
    schemas: { Invite: { type: 'object', properties: { emails: { type: 'array', uniqueItems: true, maxItems: 100, items: { type: 'string' } } }, unevaluatedProperties: false } },
  }).checks(Invite, { versions: invites.versions, changelog: invites.changelog() })[0] as (value: unknown) => void
  console.log(`\nThe fallback (a schema with unevaluatedProperties) at its bound on ${runtime}: 100 items under uniqueItems, equal but for their last value; the lists and objects the bound refuses, given to @cfworker/json-schema directly (one run)\n`)
  console.log('| items | allowed | body (KB) | ms |')
  console.log('|---|---|---:|---:|')
  const strings = { addresses: Array.from({ length: 100 }, (_, i) => `${'x'.repeat(10_000)}${i % 10}${Math.floor(i / 10)}`) }
  console.log(`| 100 strings of 10 KB (median of 3) | yes | ${(JSON.stringify(strings).length / 1024).toFixed(0)} | ${medianOfThree(() => bounded(strings)).toFixed(1)} |`)
  const refused = new Validator({ type: 'array', uniqueItems: true, maxItems: 100 } as never, '2020-12', true)
  const containers: readonly [string, (i: number) => unknown][] = [
    ['objects of 200 fields', (i) => Object.fromEntries(Array.from({ length: 200 }, (_, k) => [`f${k}`, k === 199 ? i : 0]))],
    ['lists of 1,000 numbers', (i) => Array.from({ length: 1_000 }, (_, k) => (k === 999 ? i : 0))],
  ]
  // The library's check of format "url", which is now an annotation: crafted strings of 20 and 24 characters.
  for (const n of [20, 24]) {
    const text = `http://${'a'.repeat(n)}!`
    const start = performance.now()
    ;(format as Record<string, (text: string) => boolean>)['url']?.(text)
    console.log(`| format "url" of @cfworker/json-schema on a string of ${text.length} characters | no (an annotation) | 0 | ${(performance.now() - start).toFixed(1)} |`)
  }
  for (const [name, make] of containers) {
    const list = Array.from({ length: 100 }, (_, i) => make(i))
    heap(true)
    const start = performance.now()
    refused.validate(list)
    console.log(`| 100 ${name} | no (refused at construction) | ${(JSON.stringify(list).length / 1024).toFixed(0)} | ${(performance.now() - start).toFixed(1)} |`)
  }
}

/** The threat table's requests: each sent to an app serving the order history, older version first. */
async function threats(): Promise<void> {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), changes: orders }))
  app.post('/orders', async (c) => c.json({ fields: Object.keys(await c.req.json<object>()).length }, 201))
  app.get('/orders', (c) => c.json({ state: c.req.query('state') ?? null }))
  const hostile = '<img src=x onerror=alert(1)>'
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
  const distinct = (n: number) => JSON.stringify({ code: 'A-1', tags: Array.from({ length: n }, (_, i) => `tag-${i}`) })
  const emails = (n: number) => JSON.stringify({ code: 'A-1', contacts: Array.from({ length: n }, (_, i) => `user${i}@example.com`) })
  const cases: readonly [string, () => Request][] = [
    ['uniqueItems flood: 100,000 distinct strings', () => post(distinct(100_000))],
    ['uniqueItems flood: 1,000,000 distinct strings', () => post(distinct(1_000_000))],
    ['uniqueItems + format flood: 100,000 distinct e-mail addresses', () => post(emails(100_000))],
    ['uniqueItems + format flood: 1,000,000 distinct e-mail addresses', () => post(emails(1_000_000))],
    ['100,000 strings that are no e-mail address, with markup', () => post(JSON.stringify({ code: 'A-1', contacts: Array.from({ length: 100_000 }, (_, i) => `${hostile}${i}`) }))],
    ['two lists nested 20,000 deep', () => post(`{"code":"A-1","tags":[${nested(20_000)},${nested(20_000)}]}`)],
    ['100,000 wrong-typed items', () => post(JSON.stringify({ code: 'A-1', counts: Array.from({ length: 100_000 }, () => 'x') }))],
    ['1,000,000 wrong-typed items', () => post(JSON.stringify({ code: 'A-1', counts: Array.from({ length: 1_000_000 }, () => 'x') }))],
    ['hostile keys: a key with markup over a body 20,000 deep', () => post(`{"code":"A-1",${JSON.stringify(hostile)}:${nested(20_000)}}`)],
    ['hostile keys: 100,000 keys with markup in a list item', () => post(JSON.stringify({ code: 'A-1', lines: [Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`${hostile}${i}`, i]))] }))],
    ['uniqueItems flood: 100,000 distinct objects, keys in either order', () => post(JSON.stringify({ code: 'A-1', groups: Array.from({ length: 100_000 }, (_, i) => (i % 2 === 0 ? { a: i, b: 1 } : { b: 1, a: i })) }))],
    ['the same, its first object repeated last with its keys reversed', () => post(JSON.stringify({ code: 'A-1', groups: [...Array.from({ length: 100_000 }, (_, i) => (i % 2 === 0 ? { a: i, b: 1 } : { b: 1, a: i })), { b: 1, a: 0 }] }))],
    ['contains flood: 1,000,000 items, none matching', () => post(JSON.stringify({ code: 'A-1', picks: Array.from({ length: 1_000_000 }, () => 0) }))],
    ['contains flood: 1,000,000 items, all matching (maxContains 3)', () => post(JSON.stringify({ code: 'A-1', picks: Array.from({ length: 1_000_000 }, () => 'chosen') }))],
    ['pattern: a string of 1,000,000 characters', () => post(JSON.stringify({ code: 'A-1', serial: `AB-${'9'.repeat(1_000_000)}x` }))],
    ['format uri: a string of 1,000,000 characters', () => post(JSON.stringify({ code: 'A-1', site: `a:${'/'.repeat(1_000_000)}\\` }))],
    ['format email: a string of 1,000,000 characters', () => post(JSON.stringify({ code: 'A-1', contacts: [`${'a'.repeat(1_000_000)}@`] }))],
    ['100,000 keys under patternProperties and propertyNames (valid)', () => post(JSON.stringify({ code: 'A-1', labels: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [i.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)] as string), 'x'])) }))],
    ['100,000 keys with markup under additionalProperties: false', () => post(JSON.stringify({ code: 'A-1', labels: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`${hostile}${i}`, i])) }))],
    ['a body nested 100,000 deep', () => post(`{"code":"A-1","note":${nested(100_000)}}`)],
    ['numbers 1e308, 1e-320 and 123456789012345678901234567890 under multipleOf 0.01 and maximum', () => post('{"code":"A-1","amounts":[1e308,1e-320,123456789012345678901234567890]}')],
    ['uniqueItems at each of 60 levels of a recursive schema, 100,000 integers at the bottom', () => post(`{"code":"A-1","tree":${'['.repeat(60)}${Array.from({ length: 100_000 }, (_, i) => i).join(',')}${'],1'.repeat(59)}]}`)],
    ['the same, the bottom list with its first integer repeated last', () => post(`{"code":"A-1","tree":${'['.repeat(60)}${Array.from({ length: 100_000 }, (_, i) => i).join(',')},0${'],1'.repeat(59)}]}`)],
    ['query: one parameter sent 40,000 times', () => new Request(`https://api.example/orders?${Array.from({ length: 40_000 }, () => 'state=open').join('&')}`, { headers: { 'Api-Version': 'v1' } })],
    ['query: 10,000 parameters with markup', () => new Request(`https://api.example/orders?${Array.from({ length: 10_000 }, (_, i) => `${encodeURIComponent(hostile)}${i}=1`).join('&')}`, { headers: { 'Api-Version': 'v1' } })],
  ]
  function post(body: string): Request {
    return new Request('https://api.example/orders', { method: 'POST', headers: { 'Api-Version': 'v1', 'Content-Type': 'application/json' }, body })
  }
  console.log(`\nHostile requests to an older version (v1) on ${runtime}: status, time and heap growth of the request (median of 3), answer size${heap(true) === null ? ' (no heap figures on this runtime)' : ''}\n`)
  console.log('| request | status | ms | heap growth (MB) | answer bytes | echoes the request |')
  console.log('|---|---:|---:|---:|---:|---|')
  for (const [name, make] of cases) {
    const times: number[] = []
    const growths: number[] = []
    let status = 0
    let answer = ''
    for (let r = 0; r < 3; r++) {
      const request = make()
      const before = heap(true)
      const start = performance.now()
      const res = await app.request(request)
      answer = await res.text()
      times.push(performance.now() - start)
      const after = heap(false)
      if (before !== null && after !== null) growths.push((after - before) / 2 ** 20)
      status = res.status
    }
    const echoes = /img|onerror/.test(answer) ? 'yes' : 'no'
    console.log(`| ${name} | ${status} | ${median(times).toFixed(0)} | ${growths.length === 0 ? 'n/a' : median(growths).toFixed(1)} | ${new TextEncoder().encode(answer).length.toLocaleString('en-US')} | ${echoes} |`)
  }
}

/**
 * A recursive schema whose alternatives each descend before the field that tells them apart (a comment is text or
 * an image, each with replies listed first): a thread in version 1's shape, its comments nested ever deeper, the
 * deepest of a kind neither alternative takes (refused) or of one they take (accepted). Each level doubled the work
 * before the answers of a `$ref` were kept for the validation; it is now linear in the depth.
 */
async function recursion(): Promise<void> {
  const Thread = shape('Thread')
  const member = (kind: string) => ({ type: 'object', properties: { replies: { type: 'array', items: { $ref: '#/components/schemas/Comment' } }, kind: { const: kind } }, required: ['kind'] })
  const threads = versionHistory({
    versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Threads have a title.', [fieldRenamed(Thread, { older: 'name', newer: 'title' })])] }],
    bodies: { 'POST /threads': { request: Thread } },
    validation: requestValidation({
      schemas: { Thread: { type: 'object', properties: { title: { type: 'string' }, root: { $ref: '#/components/schemas/Comment' } } }, Comment: { oneOf: [member('text'), member('image')] } },
    }),
  })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), changes: threads }))
  app.post('/threads', (c) => c.json({ ok: true }, 201))
  const body = (depth: number, last: string) => {
    let comment: unknown = { kind: last }
    for (let i = 0; i < depth; i++) comment = { replies: [comment], kind: 'text' }
    return JSON.stringify({ name: 'Talk', root: comment })
  }
  console.log(`\nA recursive union (oneOf of two kinds of comment, replies before the kind) on ${runtime}: a thread nested deeper and deeper, sent by an older client (median of 3)\n`)
  console.log('| comments nested | body (bytes) | accepted: status, ms | refused: status, ms |')
  console.log('|---:|---:|---|---|')
  // VALIDATION_BENCH_DEPTHS (default 10,20,30): the depths sent.
  for (const depth of (env('VALIDATION_BENCH_DEPTHS') ?? '10,20,30').split(',').map(Number)) {
    const row: string[] = []
    for (const last of ['image', 'video']) {
      const times: number[] = []
      let status = 0
      for (let r = 0; r < 3; r++) {
        const start = performance.now()
        const res = await app.request('https://api.example/threads', { method: 'POST', headers: { 'Api-Version': 'v1', 'Content-Type': 'application/json' }, body: body(depth, last) })
        await res.text()
        times.push(performance.now() - start)
        status = res.status
      }
      row.push(`${status}, ${median(times).toFixed(1)}`)
    }
    console.log(`| ${depth} | ${body(depth, 'image').length} | ${row.join(' | ')} |`)
  }
}

// The machine's load, where the runtime says it: figures taken on a busy machine are slower, and noisier.
const loads = await import('node:os').then((os) => os.loadavg()).catch(() => null)
if (loads !== null) console.log(`load average at the start (1, 5, 15 min): ${loads.map((l) => l.toFixed(1)).join(', ')} on ${(await import('node:os')).cpus().length} CPUs\n`)
const parts = new Set((env('VALIDATION_BENCH') ?? 'goal,scale,formats,threats,recursion').split(','))
if (parts.has('goal')) goal()
if (parts.has('scale')) scale()
if (parts.has('formats')) formats()
if (parts.has('threats')) await threats()
if (parts.has('recursion')) await recursion()
