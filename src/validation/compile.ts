/**
 * A JSON Schema compiled into closures, once, for the questions asked of
 * every older request: is this value valid, and if not, where and why?
 * Closures, not generated code, so it runs on Workers. Asked without a sink,
 * a closure answers at the first failure; given an `IssueSink`, it reports
 * each failure there (places named by the schema's fields and list positions,
 * never the request's keys) and stops once the sink is full. Every keyword
 * costs time linear in the value's size (scalar-keywords.ts,
 * array-keywords.ts, object-keywords.ts; the combinators here). The closures
 * recurse along the schema: the value's depth is bounded before they run. A
 * schema with a keyword this does not know is not compiled, and
 * `@cfworker/json-schema` answers alone (fallback.ts).
 */
import { arrayKeywords } from './array-keywords.ts'
import { ANYTHING, FORBIDDEN, SchemaMistake, Unsupported, allOf, isContainer, type Compiled, type Explain, type Node, type Test } from './compiled.ts'
import { FIELD_KEYWORDS, fields, objectKeywords } from './object-keywords.ts'
import { scalarKeywords, valueKeywords } from './scalar-keywords.ts'
import { isObject } from '../json/object.ts'
import { refName } from '../json/pointer.ts'
import { branchingCycles, sameValueCycle } from './ref-graph.ts'
import { misspeltKeyword } from './keyword-names.ts'
import { quoted } from '../quote.ts'
import { Equality } from './json-values.ts'

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  '$schema',
  'nullable',
  'externalDocs',
  'xml',
  'discriminator',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
])
/** The keywords compiled. */
const KNOWN = new Set([
  'type',
  'enum',
  'const',
  '$ref',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'prefixItems',
  'items',
  'contains',
  'minContains',
  'maxContains',
  ...FIELD_KEYWORDS,
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
])

/** `schema` compiled, or the first keyword (or `$ref`) it uses that the closures do not know. */
export function compileOrUnknown(schema: unknown): Compiled | string {
  const defs = isObject(schema) && isObject(schema['$defs']) ? schema['$defs'] : {}
  // A misspelt keyword, anywhere (the fallback, which a keyword not compiled sends the schema to, would ignore it).
  const typo = misspeltKeyword(schema, [...KNOWN, ...ANNOTATIONS])
  if (typo !== null) throw new SchemaMistake(`a schema's keyword ${quoted(typo[0])} is no JSON Schema keyword; write ${quoted(typo[1])} if that is what it means, else take it out (or name an extension x-...).`)
  const loop = isObject(schema) ? sameValueCycle(schema) : null
  if (loop !== null) {
    throw new SchemaMistake(
      `a schema refers back to itself without going into the value (${loop.map((name) => (name === '' ? 'the body' : quoted(name))).join(' → ')}, through allOf, anyOf, oneOf, not, if/then/else or dependentSchemas): checking any value would never end; let each way round go through properties or items.`,
    )
  }
  const compiled = new Map<string, Compiled>()
  // A recursive schema whose alternatives (anyOf, oneOf, allOf, if/then ...) each descend into the same child would
  // test that child once per way down, twice as often at each level: the schemas on such a cycle keep their answers.
  const branching = new Set(isObject(schema) ? branchingCycles(schema) : [])
  // Any recursive schema, explaining a refused value, would test each level again for each level above it: the
  // schemas on a cycle keep their answers while they explain.
  const recursive = new Set(isObject(schema) ? branchingCycles(schema, true) : [])
  // Each validation is a run: a kept answer holds for its run only.
  let run = 0
  let explaining = false
  // The numbers of equal lists and objects, shared by the levels of a run (a recursive schema's `uniqueItems` at each
  // level would otherwise read each level's items again), and dropped when the run ends.
  let equality: Equality | undefined
  const sharedEquality = recursive.size === 0 ? () => undefined : () => (equality ??= new Equality())
  const ref = (pointer: string): Compiled => {
    const name = refName(pointer, ['$defs'])
    if (name === null || !Object.hasOwn(defs, name)) throw new Unsupported(`$ref ${pointer}`)
    let node = compiled.get(name)
    if (node === undefined) {
      let inner: Compiled = ANYTHING
      // Set before compiling: a schema may refer to itself.
      compiled.set(name, (node = recursive.has(name) ? remembering(() => inner, () => run, branching.has(name) ? () => true : () => explaining) : { test: (value) => inner.test(value), explain: (value, out) => inner.explain(value, out) }))
      inner = compile(defs[name])
    }
    return node
  }

  function compile(schemaNode: unknown): Compiled {
    if (schemaNode === true) return ANYTHING
    if (schemaNode === false) return FORBIDDEN
    if (!isObject(schemaNode)) throw new Unsupported('a subschema that is neither an object nor a boolean')
    // OpenAPI's extensions (`x-...`) say nothing about validity (a misspelt keyword was refused before compiling).
    for (const key of Object.keys(schemaNode)) if (!KNOWN.has(key) && !ANNOTATIONS.has(key) && !key.startsWith('x-')) throw new Unsupported(key)
    const s = schemaNode
    // Aligned: a keyword's test, and what it reports when its test refuses a value.
    const tests: Test[] = []
    const reports: Explain[] = []
    const node: Node = {
      s,
      sub: compile,
      keyword(test, report) {
        tests.push(test)
        reports.push(report)
      },
      equality: sharedEquality,
    }
    /** Where the type check is (an object check made below may stand for it). */
    const typeAt = scalarKeywords(node, () => tests.length)
    if (s['$ref'] !== undefined) {
      if (typeof s['$ref'] !== 'string') throw new Unsupported('$ref')
      const target = ref(s['$ref'])
      node.keyword(target.test, target.explain)
    }
    valueKeywords(node)
    arrayKeywords(node)
    if (FIELD_KEYWORDS.some((key) => s[key] !== undefined)) {
      // `type: "object"` with its fields: one closure tests the type and the fields.
      const objectOnly = s['type'] === 'object'
      if (objectOnly) {
        tests.splice(typeAt, 1)
        reports.splice(typeAt, 1)
      }
      const object = fields(node, objectOnly)
      node.keyword(object.test, object.explain)
    }
    objectKeywords(node)
    combinators(node)
    return {
      test: allOf(tests),
      explain: (v, out) => {
        for (let i = 0; i < tests.length && !out.full; i++) if (!(tests[i] as Test)(v)) (reports[i] as Explain)(v, out)
      },
    }
  }

  try {
    const { $defs: _defs, ...root } = isObject(schema) ? schema : { schema }
    const top = isObject(schema) ? compile(root) : compile(schema)
    if (recursive.size === 0) return top
    return {
      test: (value) => {
        run++
        try {
          return top.test(value)
        } finally {
          equality = undefined
        }
      },
      explain: (value, out) => {
        run++
        explaining = true
        try {
          top.explain(value, out)
        } finally {
          equality = undefined
          explaining = false
        }
      },
    }
  } catch (error) {
    if (error instanceof Unsupported) return error.message
    throw error
  }
}

/**
 * A referenced schema that keeps, for the current run (`run()`), its answer for each list and object it tested
 * (while `keeping()`), so each is tested once however many ways lead to it, and its issues, said once: a value sits
 * at one place, so a second explanation there would only repeat the first.
 */
function remembering(inner: () => Compiled, run: () => number, keeping: () => boolean): Compiled {
  let answers = new WeakMap<object, boolean>()
  let explained = new WeakSet<object>()
  let answersRun = -1
  const fresh = () => {
    if (answersRun === run()) return
    answers = new WeakMap()
    explained = new WeakSet()
    answersRun = run()
  }
  return {
    test(value) {
      if (!isContainer(value) || !keeping()) return inner().test(value)
      fresh()
      let valid = answers.get(value as object)
      if (valid === undefined) {
        valid = inner().test(value)
        answers.set(value as object, valid)
      }
      return valid
    },
    explain(value, out) {
      if (isContainer(value)) {
        fresh()
        if (explained.has(value as object)) return
        explained.add(value as object)
      }
      inner().explain(value, out)
    },
  }
}

/** `anyOf`, `oneOf`, `allOf`, `not` and `if`/`then`/`else`: subschemas applied to the same value. */
function combinators({ s, sub, keyword }: Node): void {
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const members = s[key]
    if (members === undefined) continue
    if (!Array.isArray(members)) throw new Unsupported(key)
    const list = members.map(sub)
    const memberTests = list.map((m) => m.test)
    if (key === 'allOf') {
      keyword(allOf(memberTests), (v, out) => {
        for (const member of list) if (!out.full && !member.test(v)) member.explain(v, out)
      })
    } else if (key === 'anyOf') {
      keyword(
        (v) => {
          for (let i = 0; i < memberTests.length; i++) if ((memberTests[i] as Test)(v)) return true
          return false
        },
        (_v, out) => out.add('anyOf', 'Does not match any of the allowed schemas.'),
      )
    } else {
      const matches = (v: unknown) => {
        let n = 0
        for (let i = 0; i < memberTests.length && n < 2; i++) if ((memberTests[i] as Test)(v)) n++
        return n
      }
      keyword((v) => matches(v) === 1, (v, out) => out.add('oneOf', matches(v) === 0 ? 'Does not match any of the allowed schemas.' : 'Matches more than one of the allowed schemas.'))
    }
  }
  if (s['not'] !== undefined) {
    const inner = sub(s['not']).test
    keyword((v) => !inner(v), (_v, out) => out.add('not', 'Matches a schema it must not match.'))
  }
  // `then` and `else` without `if` say nothing (but must still be schemas this knows).
  const then = s['then'] === undefined ? null : sub(s['then'])
  const otherwise = s['else'] === undefined ? null : sub(s['else'])
  if (s['if'] !== undefined && (then !== null || otherwise !== null)) {
    const condition = sub(s['if']).test
    const yes = then ?? ANYTHING
    const no = otherwise ?? ANYTHING
    keyword(
      (v) => (condition(v) ? yes.test(v) : no.test(v)),
      (v, out) => (condition(v) ? yes : no).explain(v, out),
    )
  } else if (s['if'] !== undefined) sub(s['if'])
}
