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
 * the median ratio against zod. Run on Node (`node bench/validation.ts`),
 * Bun or Deno.
 */
import { Validator } from '@cfworker/json-schema'
import { z } from 'zod'
import { change, enumValuesAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../src/changes/index.ts'
import { requestValidation } from '../src/validation/index.ts'

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
