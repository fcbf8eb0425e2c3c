/**
 * Request validation cannot be turned against the server: a list of 100,000
 * distinct items under `uniqueItems`, lists nested 20,000 deep, 100,000
 * wrong items and keys written to be echoed each get a bounded 4xx (never a
 * 5xx), with at most `maxIssues` issues, places named only by the schema's
 * field names and list positions, and issue types the app may rename.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldRenamed, shape } from '../../src/changes/index.ts'
import { requestValidation, type RequestValidationOptions } from '../../src/validation/index.ts'
import { compileSchema } from '../support/compile-schema.ts'
import { canonical, firstDuplicate, hasDuplicate, nestsDeeperThan } from '../../src/validation/json-values.ts'
import { compileOrUnknown } from '../../src/validation/compile.ts'
import { IssueSink } from '../../src/validation/issues.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

interface Product {
  title: string
  tags: string[]
  status: 'active' | 'draft'
  meta?: unknown
}
const Product = shape<Product>('Product')
const HOSTILE = '<img src=x onerror=alert(1)>'

const schemas = {
  Product: {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 1 },
      tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      counts: { type: 'array', items: { type: 'integer' } },
      status: { type: 'string', enum: ['active', 'draft'] },
      meta: {},
    },
    required: ['title'],
  },
}

function app(options: Partial<RequestValidationOptions> = {}, withValidation = true) {
  const history = twoVersionHistory(
    [
      change('Titles.', [fieldRenamed(Product, { older: 'name', newer: 'title' })]), change('Drafts.', [enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' })]),
    ],
    {
      bodies: { 'POST /products': { request: Product } },
      // The 100,000-item bodies are larger than the default maxBodySize (1 MiB).
      maxBodySize: 8 * 1024 * 1024,
      ...(withValidation ? { validation: requestValidation({ schemas, ...options }) } : {}),
    },
  )
  const hono = migratingApp(history)
  hono.post('/products', async (c) => c.json({ ok: Object.keys(await c.req.json()).length }, 201))
  return hono
}

const post = (hono: Hono, body: string, version = '1') =>
  hono.request('https://api.example/products', { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body })

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('hostile bodies get a bounded 4xx', () => {
  it('100 issues against an enum and a const of 250 long values answer under 40 KB: each says the first 200 characters of the values', async () => {
    // Before, each issue said every value: a 418-byte body was answered with 331,502 bytes.
    const codes = Array.from({ length: 250 }, (_, i) => `C${String(i).padStart(3, '0')}xxxx`)
    const Item = shape('Item')
    const history = twoVersionHistory([change('Titles.', [fieldRenamed(Item, { older: 'name', newer: 'title' })])], {
      bodies: { 'POST /items': { request: Item } },
      validation: requestValidation({ schemas: { Item: { type: 'object', properties: { title: {}, c: { type: 'array', items: { enum: codes } }, k: { type: 'array', items: { const: { a: codes } } } } } } }),
    })
    const hono = migratingApp(history)
    hono.post('/items', (c) => c.body(null, 201))
    for (const field of ['c', 'k']) {
      const body = JSON.stringify({ name: 'x', [field]: Array(200).fill(0) })
      const res = await hono.request('/items', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body })
      const text = await res.text()
      expect([res.status, body.length < 500, text.length < 40_000]).toEqual([422, true, true])
      const first = (JSON.parse(text) as { detail: { msg: string }[] }).detail[0]?.msg ?? ''
      expect(first).toMatch(field === 'c' ? /^Expected any of \["C000xxxx",.*… \(250 values\)\.$/ : /^Expected \{"a":\["C000xxxx",.*…\.$/)
      expect(first.length).toBeLessThan(240)
    }
  })

  it('a uniqueItems list of 100,000 distinct strings is accepted; one repeated item is refused with its two positions', async () => {
    const tags = Array.from({ length: 100_000 }, (_, i) => `tag-${i}`)
    expect((await post(app(), JSON.stringify({ name: 'Lamp', tags }))).status).toBe(201)
    const res = await post(app(), JSON.stringify({ name: 'Lamp', tags: [...tags, 'tag-7'] }))
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ detail: [{ loc: ['body', 'tags'], msg: 'Duplicate items at indexes 7 and 100000.', type: 'uniqueItems' }] })
  })

  it('lists nested 20,000 deep, inside and outside the schema, are one too_deep issue, before any keyword runs', async () => {
    for (const body of [`{"name":"Lamp","tags":${nested(20_000)}}`, `{"name":"Lamp","meta":${nested(20_000)}}`, `{"name":"Lamp","tags":[${nested(20_000)},${nested(20_000)}]}`]) {
      const res = await post(app(), body)
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({ detail: [{ loc: ['body'], msg: 'Nested more than 64 levels deep.', type: 'too_deep' }] })
    }
    // 64 levels pass (the body's object is the first).
    expect((await post(app(), `{"name":"Lamp","meta":${nested(63)}}`)).status).toBe(201)
    expect((await post(app({ maxDepth: 8 }), `{"name":"Lamp","meta":${nested(8)}}`)).status).toBe(422)
  })

  it('100,000 wrong items are refused with the first 100 issues, each at its position', async () => {
    const res = await post(app(), JSON.stringify({ name: 'Lamp', counts: Array.from({ length: 100_000 }, () => 'x') }))
    expect(res.status).toBe(422)
    const { detail } = (await res.json()) as { detail: { loc: unknown[] }[] }
    expect(detail.length).toBe(100)
    expect(detail[0]).toEqual({ loc: ['body', 'counts', 0], msg: 'Expected "integer".', type: 'type' })
    expect(detail[99]?.loc).toEqual(['body', 'counts', 99])
    const few = await post(app({ maxIssues: 3 }), JSON.stringify({ counts: ['x', 'y', 'z', 'w'] }))
    expect(((await few.json()) as { detail: unknown[] }).detail).toEqual([
      { loc: ['body', 'name'], msg: 'Field required.', type: 'missing' },
      { loc: ['body', 'counts', 0], msg: 'Expected "integer".', type: 'type' },
      { loc: ['body', 'counts', 1], msg: 'Expected "integer".', type: 'type' },
    ])
  })

  it('echoes no key of the request: unknown fields are refused at their object, a too-deep body names no place', async () => {
    const closed = { ...schemas, Product: { ...schemas.Product, additionalProperties: false } }
    const hono = app({ schemas: closed })
    const res = await post(hono, JSON.stringify({ name: 'Lamp', [HOSTILE]: 1 }))
    expect(res.status).toBe(422)
    const text = await res.text()
    expect(text).not.toContain('img')
    expect(JSON.parse(text)).toEqual({ detail: [{ loc: ['body'], msg: 'Unknown field in this version.', type: 'extra_forbidden' }] })
    const deep = await post(app(), `{"name":"Lamp",${JSON.stringify(HOSTILE)}:${nested(20_000)}}`)
    expect(await deep.text()).not.toContain('img')
    // Without validation, the migration refuses the too-deep body with a fixed sentence, when the runtime cannot walk it.
    const plain = await post(app({}, false), `{"name":"Lamp",${JSON.stringify(HOSTILE)}:{"a":${nested(20_000)}}}`)
    expect([201, 400]).toContain(plain.status)
    expect(await plain.text()).not.toContain('img')
  })

  it('formats are compiled: a body of 100,000 wrong strings gets maxIssues issues, none echoing it', async () => {
    const formatted = { Product: { ...schemas.Product, properties: { ...schemas.Product.properties, email: { type: 'string', format: 'email' }, codes: { type: 'array', items: { type: 'string', format: 'uuid' }, uniqueItems: true } } } }
    expect(compileSchema(formatted.Product)).not.toBeNull()
    const wrong = await post(app({ schemas: formatted }), JSON.stringify({ name: 'Lamp', email: HOSTILE, codes: Array.from({ length: 100_000 }, (_, i) => `${HOSTILE}${i}`) }))
    expect(wrong.status).toBe(422)
    const text = await wrong.text()
    expect(text).not.toContain('img')
    const { detail } = JSON.parse(text) as { detail: { loc: unknown[]; type: string }[] }
    expect(detail).toHaveLength(100)
    expect(detail[0]).toEqual({ loc: ['body', 'email'], msg: 'String does not match format "email".', type: 'format' })
    expect(detail[99]).toEqual({ loc: ['body', 'codes', 98], msg: 'String does not match format "uuid".', type: 'format' })
  })

  it('a schema the closures do not compile is validated by @cfworker/json-schema, bounded the same way', async () => {
    // unevaluatedProperties is not compiled: the whole schema goes to @cfworker/json-schema.
    // Its uniqueItems list must have maxItems (at most 100) to be given to it.
    const tags = { ...schemas.Product.properties.tags, maxItems: 100 }
    const formatted = { Product: { ...schemas.Product, properties: { ...schemas.Product.properties, tags, email: { type: 'string', format: 'email' }, codes: { type: 'array', items: { type: 'string', format: 'uuid' } } }, unevaluatedProperties: false } }
    expect(compileSchema(formatted.Product)).toBeNull()
    const hono = app({ schemas: formatted })
    const wrong = await post(hono, JSON.stringify({ name: 'Lamp', email: HOSTILE, codes: Array.from({ length: 100_000 }, () => HOSTILE) }))
    expect(wrong.status).toBe(422)
    const text = await wrong.text()
    expect(text).not.toContain('img')
    expect(JSON.parse(text)).toEqual({ detail: [{ loc: ['body', 'email'], msg: 'String does not match format "email".', type: 'format' }] })
    expect((await post(hono, `{"name":"Lamp","codes":${nested(20_000)}}`)).status).toBe(422)
    // A schema that references one not given fails at construction, not on every request.
    const missing = { Product: { ...formatted.Product, properties: { ...formatted.Product.properties, owner: { $ref: '#/components/schemas/Missing' } } } }
    expect(() => app({ schemas: missing })).toThrow('requestValidation: a schema references "#/components/schemas/Missing", which is not given; add it to schemas (as #/components/schemas/Name).')
  })

  it('a schema left to @cfworker/json-schema names no key of the request, not even one of digits: only list positions are numbers', async () => {
    const card = '4111111111111111'
    const uncompiled = { Product: { ...schemas.Product, properties: { ...schemas.Product.properties, tags: { type: 'array', items: { type: 'object', additionalProperties: { type: 'integer' } }, maxItems: 100 } }, unevaluatedProperties: false } }
    expect(compileSchema(uncompiled.Product)).toBeNull()
    const hono = app({ schemas: uncompiled })
    const top = await post(hono, JSON.stringify({ name: 'Lamp', [card]: 1 }))
    expect(await top.json()).toEqual({ detail: [{ loc: ['body'], msg: 'Unknown field in this version.', type: 'extra_forbidden' }] })
    const inner = await post(hono, JSON.stringify({ name: 'Lamp', tags: [{ ok: 1 }, { [card]: 'x' }] }))
    const text = await inner.text()
    expect(text).not.toContain(card)
    expect(JSON.parse(text)).toEqual({ detail: [{ loc: ['body', 'tags', 1], msg: 'Expected "integer".', type: 'type' }] })
  })

  it('a schema left to @cfworker/json-schema asserts only the formats the compiled closures assert: url is an annotation there too', async () => {
    // That library asserts `url` with an expression whose time grows exponentially with a crafted string's length.
    const properties = { ...schemas.Product.properties, site: { type: 'string', format: 'url' }, mail: { type: 'string', format: 'email' }, format: { type: 'string', format: 'uuid' } }
    const uncompiled = { Product: { ...schemas.Product, properties: { ...properties, tags: { ...properties.tags, maxItems: 100 } }, unevaluatedProperties: false } }
    expect(compileSchema(uncompiled.Product)).toBeNull()
    const hono = app({ schemas: uncompiled })
    for (const site of ['http://aaaa!', `http://${'a'.repeat(64)}!`, HOSTILE]) expect((await post(hono, JSON.stringify({ name: 'Lamp', site }))).status).toBe(201)
    // The formats both assert stay asserted, and a field named `format` is still a field.
    const mail = await post(hono, JSON.stringify({ name: 'Lamp', mail: HOSTILE }))
    expect(await mail.json()).toEqual({ detail: [{ loc: ['body', 'mail'], msg: 'String does not match format "email".', type: 'format' }] })
    expect((await post(hono, JSON.stringify({ name: 'Lamp', format: 'x' }))).status).toBe(422)
    expect((await post(hono, JSON.stringify({ name: 'Lamp', format: '123e4567-e89b-12d3-a456-426614174000' }))).status).toBe(201)
  })
})

describe('issue types the app names', () => {
  it('maps kinds, and the type expected, to the app names (Pydantic names here)', async () => {
    const hono = app({ issueTypes: { minLength: 'string_too_short', missing: 'missing', 'type:integer': 'int_type', type: 'wrong_type', enum: 'literal_error' } })
    const res = await post(hono, JSON.stringify({ name: '', counts: ['x'], status: 'draft', tags: 3 }))
    expect(await res.json()).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: 'String is too short (0 < 1).', type: 'string_too_short' },
        { loc: ['body', 'tags'], msg: 'Expected "array".', type: 'wrong_type' },
        { loc: ['body', 'counts', 0], msg: 'Expected "integer".', type: 'int_type' },
        { loc: ['body', 'status'], msg: 'Expected any of ["active"].', type: 'literal_error' },
      ],
    })
  })

  it.each([
    ['an unknown kind', { tooShort: 'x' }, 'requestValidation: issueTypes has the unknown key "tooShort"'],
    ['a type of no JSON type', { 'type:date': 'x' }, 'requestValidation: issueTypes has the unknown key "type:date"'],
    ['a key with a CR LF and a control character, 1 MiB long: escaped and cut', { [`k\r\n\u0085${'y'.repeat(2 ** 20)}`]: 'x' }, `requestValidation: issueTypes has the unknown key "k\\r\\n\\u0085${'y'.repeat(67)}…; the keys are `],
    ['a name that is not one', { minLength: 'string too short' }, 'requestValidation: issueTypes.minLength must be a name'],
    ['a name that does not start with a letter', { minLength: '_too_short' }, 'requestValidation: issueTypes.minLength must be a name of 1 to 64 letters, digits, "_", ".", ":" or "-" starting with a letter'],
    ['not an object', 'x', 'requestValidation: issueTypes must map issue types to your names'],
  ])('refuses %s at construction', (_name, issueTypes, message) => {
    expect(() => requestValidation({ schemas, issueTypes: issueTypes as never })).toThrow(message)
  })

  it.each([
    ['maxIssues', { maxIssues: 0 }, 'requestValidation: maxIssues must be a whole number from 1 to 1000.'],
    ['maxDepth', { maxDepth: 1.5 }, 'requestValidation: maxDepth must be a whole number from 1 to 512.'],
  ])('refuses a bad %s at construction', (_name, options, message) => {
    expect(() => requestValidation({ schemas, ...options })).toThrow(message)
  })
})

/** A comment tree: a union of two kinds whose members both list `replies` (recursive) before the kind that tells them apart. */
const commentMember = (kind: string, ref = '#/components/schemas/Comment') => ({
  type: 'object',
  properties: { replies: { type: 'array', items: { $ref: ref } }, kind: { const: kind } },
  required: ['kind'],
})
const commentSchemas = (combinator: 'anyOf' | 'oneOf' | 'allOf', extra: object = {}) => ({
  Thread: { type: 'object', properties: { title: { type: 'string' }, root: { $ref: '#/components/schemas/Comment' } } },
  Comment: { [combinator]: [commentMember('text'), commentMember('image')], ...extra },
})
/** A thread in version 1's shape, its comments nested `depth` deep, the deepest of kind `last`. */
function thread(depth: number, last: string): string {
  let comment: unknown = { kind: last }
  for (let i = 0; i < depth; i++) comment = { replies: [comment], kind: 'text' }
  return JSON.stringify({ name: 'Talk', root: comment })
}

describe('recursive schemas whose alternatives each descend', () => {
  const Thread = shape<{ title: string; root: unknown }>('Thread')
  const threadApp = (schemas: RequestValidationOptions['schemas']) => {
    const history = twoVersionHistory([change('Titles.', [fieldRenamed(Thread, { older: 'name', newer: 'title' })])], {
      bodies: { 'POST /threads': { request: Thread } },
      validation: requestValidation({ schemas }),
    })
    const hono = migratingApp(history)
    hono.post('/threads', (c) => c.json({ ok: true }, 201))
    return hono
  }
  const postThread = (hono: Hono, body: string) => hono.request('https://api.example/threads', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body })

  it('test each list and object once per referenced schema: a 30-deep thread (2^30 ways down) is answered', async () => {
    for (const combinator of ['anyOf', 'oneOf'] as const) {
      const hono = threadApp(commentSchemas(combinator))
      expect((await postThread(hono, thread(30, 'image'))).status).toBe(201)
      const refused = await postThread(hono, thread(30, 'video'))
      expect(refused.status).toBe(422)
      expect(await refused.json()).toEqual({ detail: [{ loc: ['body', 'root'], msg: 'Does not match any of the allowed schemas.', type: combinator }] })
    }
    // allOf: both members explain the same places; each is said once.
    const refused = await postThread(threadApp(commentSchemas('allOf')), thread(30, 'image'))
    expect(refused.status).toBe(422)
    const { detail } = (await refused.json()) as { detail: { loc: unknown[] }[] }
    expect(detail.length).toBe(new Set(detail.map((issue) => JSON.stringify(issue))).size)
  })

  it('reads each field of the body a bounded number of times, however deep', () => {
    const test = compileSchema({ $ref: '#/$defs/Comment', $defs: { Comment: { oneOf: [commentMember('text', '#/$defs/Comment'), commentMember('image', '#/$defs/Comment')] } } }) as (v: unknown) => boolean
    let reads = 0
    const counted = (depth: number): unknown => {
      let comment: unknown = { kind: 'image' }
      for (let i = 0; i < depth; i++) {
        const replies = [comment]
        comment = {
          kind: 'text',
          get replies() {
            reads++
            return replies
          },
        }
      }
      return comment
    }
    for (const depth of [10, 40]) {
      reads = 0
      expect(test(counted(depth))).toBe(true)
      // Two members read each comment's replies once each.
      expect(reads).toBeLessThanOrEqual(2 * depth)
    }
    // A $ref beside other keywords is a second way down too.
    const beside = compileSchema({
      $ref: '#/$defs/Comment',
      $defs: {
        Comment: { $ref: '#/$defs/Base', properties: { replies: { type: 'array', items: { $ref: '#/$defs/Comment' } } } },
        Base: { type: 'object', properties: { replies: { type: 'array', items: { $ref: '#/$defs/Comment' } }, kind: { type: 'string' } } },
      },
    }) as (v: unknown) => boolean
    reads = 0
    expect(beside(counted(40))).toBe(true)
    expect(reads).toBeLessThanOrEqual(2 * 40)
  })

  it('a recursive schema reads each field a bounded number of times however deep, under uniqueItems and const at every level and explaining a refusal', () => {
    let reads = 0
    /** A tree `depth` levels deep: each node's children a list of the next node and a leaf; the deepest node's `n` is `last`. */
    const tree = (depth: number, last: unknown): unknown => {
      let node: unknown = { n: last, children: [] }
      for (let k = 0; k < depth; k++) {
        const children = [node, { n: -k - 1, children: [] }]
        node = {
          children,
          get n() {
            reads++
            return k
          },
        }
      }
      return node
    }
    const full = { $ref: '#/$defs/Node', $defs: { Node: { type: 'object', properties: { n: { type: 'integer' }, children: { type: 'array', uniqueItems: true, items: { $ref: '#/$defs/Node' }, not: { const: [{ n: 0, children: [] }] } } }, required: ['n'] } } }
    const compiled = compileOrUnknown(full)
    if (typeof compiled === 'string') throw new Error(compiled)
    for (const depth of [10, 40]) {
      reads = 0
      expect(compiled.test(tree(depth, 0))).toBe(true)
      // Each node's field read by its object's check, for the numbers of equal items and by the const beside: a few
      // times per node whatever the depth (each level reading the levels below would be depth * depth / 2).
      expect(reads).toBeLessThanOrEqual(8 * depth)
      const refused = tree(depth, 'x')
      expect(compiled.test(refused)).toBe(false)
      reads = 0
      const out = new IssueSink('body', 100, (type) => type)
      compiled.explain(refused, out)
      expect(out.issues).toEqual([{ loc: ['body', ...Array.from({ length: depth }, () => ['children', 0]).flat(), 'n'], msg: 'Expected "integer".', type: 'type' }])
      // Explaining tests each level again, once.
      expect(reads).toBeLessThanOrEqual(16 * depth)
    }
  })

  it('a schema left to @cfworker/json-schema that refers back to itself from inside an alternative fails at construction', () => {
    const uncompiled = commentSchemas('oneOf', { unevaluatedProperties: false })
    expect(() => threadApp(uncompiled)).toThrow(
      'requestValidation: a schema with "unevaluatedProperties", which request validation does not compile, refers back to #/components/schemas/Comment from inside anyOf, oneOf, allOf, not, if/then/else, dependentSchemas, contains, patternProperties or propertyNames, or from a $ref beside other keywords; @cfworker/json-schema would check such a schema in time that doubles with each level of a body. Leave out "unevaluatedProperties" so that the schema is compiled (the compiled check of a recursive schema is linear), or take the reference out of that keyword.',
    )
    // A recursive schema whose references are not inside such a keyword is checked by it in linear time, and accepted.
    const tree = {
      Thread: commentSchemas('oneOf').Thread,
      Comment: { type: 'object', properties: { replies: { type: 'array', items: { $ref: '#/components/schemas/Comment' } }, kind: { enum: ['text', 'image'] } }, unevaluatedProperties: false },
    }
    expect(() => threadApp(tree)).not.toThrow()
  })
})

describe('the walks are iterative and linear', () => {
  it('measures depth, and compares values, at any depth without the call stack', () => {
    let deep: unknown = []
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(nestsDeeperThan(deep, 64)).toBe(true)
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false)
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true)
    expect(canonical(deep).length).toBe(400_002)
    expect(canonical({ b: [1, 'x', null], a: { d: true, c: 1.5 } })).toBe(canonical({ a: { c: 1.5, d: true }, b: [1, 'x', null] }))
    expect(canonical({ a: '1' })).not.toBe(canonical({ a: 1 }))
    expect(canonical([','])).not.toBe(canonical(['', '']))
  })

  it('compares a list or object with more items or fields than const or enum allow without reading them', () => {
    // Before, a body field of 200,000 keys under `enum: [{ a: 1 }]` had its keys sorted and every value read.
    let reads = 0
    const counted = <T extends object>(target: T): T =>
      new Proxy(target, {
        get: (t, key, receiver) => {
          reads++
          return Reflect.get(t, key, receiver)
        },
      })
    const fields = counted(Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i])))
    const items = counted(Array.from({ length: 200_000 }, (_, i) => i))
    const text = canonical({ a: [1, 2] })
    expect([canonical(fields, text.length) === text, canonical(items, text.length) === text]).toEqual([false, false])
    expect(reads).toBeLessThan(10)
    const check = compileSchema({ properties: { e: { enum: [{ a: 1 }, 'x'] }, k: { const: { a: [1, 2] } } } }) as (v: unknown) => boolean
    expect([check({ e: fields }), check({ k: { a: items } }), check({ e: { a: 1 }, k: { a: [1, 2] } })]).toEqual([false, false, true])
  })

  it('finds the first repeated item in one pass, JSON equality throughout', () => {
    expect(firstDuplicate([1, 'a', { x: [1, 2], y: 1 }, 2, { y: 1, x: [1, 2] }])).toEqual([2, 4])
    expect(firstDuplicate([0, -0])).toEqual([0, 1])
    expect(firstDuplicate([1, '1', [1], ['1'], { a: 1 }, { a: '1' }, null, 'null'])).toBeNull()
    expect([hasDuplicate([1, '1', [1], ['1'], { a: 1 }, { a: '1' }, null, 'null']), hasDuplicate([{ a: 1, b: 2 }, { b: 2, a: 1 }]), hasDuplicate([null, null])]).toEqual([false, true, true])
  })

  it('compiles const and enum of containers to the same answers', () => {
    const check = compileSchema({ enum: [{ a: [1, { b: 2 }] }, 'x'], not: { const: [1, 2] } }) as (v: unknown) => boolean
    expect([check({ a: [1, { b: 2 }] }), check('x'), check([1, 2]), check({ a: [1, { b: 3 }] })]).toEqual([true, true, false, false])
  })
})
