/**
 * The validator of a schema with a keyword the closures do not know
 * (compile.ts): `@cfworker/json-schema` (validation's only importer of it;
 * contracts/validate-responses.ts checks responses with it too),
 * asked to stop at the first error, its output turned into issues with
 * fixed sentences, places cut at the first name the schema does not declare,
 * and any exception it throws a refusal, never the server's error. Its
 * `uniqueItems` compares every pair of a list's items (lists and objects
 * deeply), so a schema given to it must bound each such list with
 * `maxItems` (at most `FALLBACK_MAX_UNIQUE_ITEMS`) and type its items as
 * strings, numbers, booleans or null: its work is then at most that many
 * string comparisons per byte of the list. Checked at construction.
 */
import { Validator } from '@cfworker/json-schema'
import { FORMATS } from './formats.ts'
import { ISSUE_TYPES, type IssueSink, type IssueType } from './issues.ts'
import type { Json } from '../json/object.ts'
import { pointerToken, pointerTokens, refName } from '../json/pointer.ts'
import { branchingCycles } from './ref-graph.ts'
import { quoted, quotedValue } from '../quote.ts'

/** One error of `@cfworker/json-schema`'s output (its `OutputUnit`). */
interface OutputUnit {
  readonly keyword: string
  readonly keywordLocation: string
  readonly instanceLocation: string
  readonly error: string
}

/** Keywords whose errors only say that one beneath them failed: the one beneath is reported instead. */
const WRAPPERS = new Set(['$ref', '$recursiveRef', '$dynamicRef', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'allOf', 'dependentSchemas', 'then', 'else'])
/** Keywords whose errors stand for every error beneath them (which alternative the client meant, which item `contains` meant, is not known; a field name is the client's). */
const ALTERNATIVES = new Set(['anyOf', 'oneOf', 'not', 'contains', 'propertyNames'])
/** Keywords whose sentences name only what the schema says (or a length): kept as the validator writes them. */
const SAFE = new Set(['minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems'])

/** The longest list `uniqueItems` may judge in a schema given to the fallback: its pairs cost at most this many times the list's size. */
const FALLBACK_MAX_UNIQUE_ITEMS = 100

/** Keys whose values are maps of names to schemas (the map itself is no schema), and keys whose values are data. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example'])

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null'])
/** The two fixed parts of @cfworker/json-schema's dependentRequired sentence: `Instance has "card" but does not have "cvc".` */
const HAS = 'Instance has "'
const LACKS = '" but does not have "'
/** Whether a schema allows only strings, numbers, booleans and null (by its `type`): items compared with `===`, never walked. */
const scalarTyped = (schema: unknown): boolean => {
  const type = schema !== null && typeof schema === 'object' ? (schema as Json)['type'] : undefined
  return Array.isArray(type) ? type.length > 0 && type.every((t) => SCALARS.has(t as string)) : SCALARS.has(type as string)
}

/**
 * Where in `schema` (a JSON Pointer) a `uniqueItems` list is not bounded for
 * the fallback: without `maxItems` of at most `FALLBACK_MAX_UNIQUE_ITEMS`, or
 * with items that may be lists or objects (compared deeply, pair by pair);
 * `null` when none.
 */
function unboundedUniqueItems(schema: Json): string | null {
  const stack: [unknown, string, boolean][] = [[schema, '#', false]]
  while (stack.length > 0) {
    const [node, at, names] = stack.pop() as [unknown, string, boolean]
    if (node === null || typeof node !== 'object') continue
    if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, `${at}/${i}`, false]))
      continue
    }
    const record = node as Json
    if (!names && record['uniqueItems'] === true) {
      const max = record['maxItems']
      const prefix = record['prefixItems']
      const scalars = scalarTyped(record['items']) && (prefix === undefined || (Array.isArray(prefix) && prefix.every(scalarTyped)))
      if (typeof max !== 'number' || max > FALLBACK_MAX_UNIQUE_ITEMS || !scalars) return at
    }
    for (const [key, value] of Object.entries(record)) {
      if (!names && DATA.has(key)) continue
      stack.push([value, `${at}/${pointerToken(key)}`, !names && NAME_MAPS.has(key)])
    }
  }
  return null
}

/**
 * `schema` with each `format` the compiled closures do not assert taken out: an annotation there, as 2020-12 says,
 * and so here too (that library asserts `url` with an expression whose time doubles with each character).
 */
function assertedFormatsOnly(schema: unknown, names = false): unknown {
  if (schema === null || typeof schema !== 'object') return schema
  if (Array.isArray(schema)) return schema.map((item) => assertedFormatsOnly(item))
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    if (!names && key === 'format' && !(typeof value === 'string' && Object.hasOwn(FORMATS, value))) continue
    const copy = !names && DATA.has(key) ? value : assertedFormatsOnly(value, !names && NAME_MAPS.has(key))
    // Defined, not assigned: a field named `__proto__` stays a field.
    Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** Every field name a schema declares (`properties`, `required`), at any depth: the names a place may use. */
function declaredNames(schema: unknown): Set<string> {
  const names = new Set<string>()
  const stack: unknown[] = [schema]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object') continue
    const record = node as Json
    if (record['properties'] !== null && typeof record['properties'] === 'object' && !Array.isArray(record['properties'])) for (const name of Object.keys(record['properties'])) names.add(name)
    if (Array.isArray(record['required'])) for (const name of record['required']) if (typeof name === 'string') names.add(name)
    for (const value of Object.values(record)) if (value !== null && typeof value === 'object') stack.push(value)
  }
  return names
}

/** The first `$ref` of `schema` that names a `$defs` entry it lacks, or another document; `null` when all resolve. */
function unresolvedRef(schema: Json): string | null {
  const defs = schema['$defs'] !== null && typeof schema['$defs'] === 'object' ? (schema['$defs'] as Json) : {}
  const stack: unknown[] = [schema]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object') continue
    const ref = (node as Json)['$ref']
    if (typeof ref === 'string') {
      if (!ref.startsWith('#')) return ref
      const name = refName(ref, ['$defs'])
      if (ref.startsWith('#/$defs/') && (name === null || !Object.hasOwn(defs, name))) return ref.replace('#/$defs/', '#/components/schemas/')
    }
    for (const value of Object.values(node)) if (value !== null && typeof value === 'object') stack.push(value)
  }
  return null
}

/**
 * The segments of a JSON Pointer fragment (`#/items/0/title`) into `value` up to the first that is neither a position
 * in a list nor a field name the schema declares (a key of digits in an object is the client's, not a position).
 */
function place(pointer: string, names: ReadonlySet<string>, value: unknown): (string | number)[] {
  const out: (string | number)[] = []
  let at = value
  for (const text of pointerTokens(pointer.startsWith('#') ? pointer : `#${pointer}`) ?? []) {
    if (Array.isArray(at) && /^(?:0|[1-9]\d*)$/.test(text)) out.push(Number(text))
    else if (!Array.isArray(at) && names.has(text)) out.push(text)
    else break
    at = at !== null && typeof at === 'object' && Object.hasOwn(at, text) ? (at as Json)[text] : undefined
  }
  return out
}

/** A sentence and a kind for one failed keyword, naming nothing of the request. */
function describe(unit: OutputUnit): { msg: string; type: IssueType; field?: string } {
  const type = (ISSUE_TYPES as readonly string[]).includes(unit.keyword) ? (unit.keyword as IssueType) : 'invalid'
  switch (unit.keyword) {
    case 'required':
      return { msg: 'Field required.', type: 'missing' }
    case 'false':
      return { msg: 'Unknown field in this version.', type: 'extra_forbidden' }
    case 'type':
    case 'enum':
    case 'const': {
      // `Instance type "x" is invalid. Expected "string".`, `Instance does not match any of [...]`: the schema's side only.
      const at = unit.error.indexOf(unit.keyword === 'type' ? 'Expected ' : 'match ')
      return { msg: at === -1 ? 'Does not match the schema.' : unit.keyword === 'type' ? unit.error.slice(at) : `Expected ${unit.error.slice(at + 'match '.length)}`, type }
    }
    case 'anyOf':
      return { msg: 'Does not match any of the allowed schemas.', type }
    case 'oneOf':
      // `... exactly one subschema (2 matches).`: the compiled check's sentences.
      return { msg: /\(0 matches\)/.test(unit.error) ? 'Does not match any of the allowed schemas.' : 'Matches more than one of the allowed schemas.', type }
    case 'propertyNames':
      // Its sentence quotes the client's field name: the compiled check's fixed one instead.
      return { msg: 'A field name does not match the schema.', type }
    case 'contains':
      return { msg: 'Array has too few items matching "contains" (0 < 1).', type }
    case 'minContains': {
      // `... at least 2 items matching schema. Only 1 items were found.`, or, for a list shorter than minContains, `... (1) than minContains (2).`
      const counted = /at least (\d+) items matching schema\. Only (\d+) items/.exec(unit.error)
      const min = counted?.[1] ?? /minContains \((\d+)\)/.exec(unit.error)?.[1] ?? 'minContains'
      return { msg: counted === null ? `Array has too few items matching "contains" (fewer than ${min}).` : `Array has too few items matching "contains" (${counted[2]} < ${min}).`, type }
    }
    case 'maxContains':
      return { msg: `Array has too many items matching "contains" (more than ${/at most (\d+) items/.exec(unit.error)?.[1] ?? 'maxContains'}).`, type }
    default:
      return { msg: SAFE.has(unit.keyword) ? unit.error : `Does not match the schema's ${unit.keyword}.`, type }
  }
}

/** The check of a value against a schema the closures cannot compile (`uncompiled`: the keyword they do not know); reports to `out` and answers whether it is valid. */
export function fallbackCheck(schema: Json, uncompiled: string, where: string, of?: string): (value: unknown, out: IssueSink) => boolean {
  // A place in a version's derived schema (its names that version's), said as such.
  const within = of === undefined ? '' : ` of ${of}`
  // A $ref to a schema not given is a mistake to fix now, not a refusal of every request.
  const unresolved = unresolvedRef(schema)
  if (unresolved !== null) throw new Error(`${where}: a schema references ${quotedValue(unresolved)}, which is not given; add it to schemas (as #/components/schemas/Name).`)
  // So is a list whose check would cost the square of its length.
  const what = uncompiled.startsWith('$ref') ? `a ${uncompiled}` : /^[$\w]+$/.test(uncompiled) ? `"${uncompiled}"` : uncompiled
  const unbounded = unboundedUniqueItems(schema)
  if (unbounded !== null) {
    const at = unbounded.replace(/^#\/\$defs\//, '#/components/schemas/')
    throw new Error(
      `${where}: a schema with ${what}, which request validation does not compile, has a uniqueItems list at ${at}${within} that @cfworker/json-schema would check by comparing every pair of its items. Give that list maxItems (at most ${FALLBACK_MAX_UNIQUE_ITEMS}) and items of type string, number, integer, boolean or null, or leave out ${what} so that the schema is compiled.`,
    )
  }
  // And so is a schema whose check would cost twice as much at each level of a body.
  const cycle = branchingCycles(schema).map((name) => (name === '' ? '#' : `#/components/schemas/${pointerToken(name)}`))[0]
  if (cycle !== undefined) {
    throw new Error(
      `${where}: a schema with ${what}, which request validation does not compile, refers back to ${cycle} from inside anyOf, oneOf, allOf, not, if/then/else, dependentSchemas, contains, patternProperties or propertyNames, or from a $ref beside other keywords; @cfworker/json-schema would check such a schema in time that doubles with each level of a body. Leave out ${what} so that the schema is compiled (the compiled check of a recursive schema is linear), or take the reference out of that keyword.`,
    )
  }
  const validator = new Validator(assertedFormatsOnly(schema) as never, '2020-12', true)
  const names = declaredNames(schema)
  return function validateByPeer(value, out) {
    let units: readonly OutputUnit[]
    try {
      const result = validator.validate(value)
      if (result.valid) return true
      units = result.errors
    } catch {
      out.add('invalid', 'The value could not be validated against the schema.')
      return false
    }
    // The errors beneath an alternative, and those of the items a `contains` tested (reported with minContains too), are left out.
    const alternatives = units.flatMap((u) => (ALTERNATIVES.has(u.keyword) ? [`${u.keywordLocation}/`] : u.keyword === 'minContains' ? [`${u.keywordLocation.slice(0, -'minContains'.length)}contains/`] : []))
    for (const [i, unit] of units.entries()) {
      if (out.full) break
      if (WRAPPERS.has(unit.keyword)) continue
      if (alternatives.some((prefix) => unit.keywordLocation.startsWith(prefix))) continue
      let { msg, type } = describe(unit)
      let at = place(unit.instanceLocation, names, value)
      // A required field is named by the schema: the validator's sentence quotes it.
      let field = unit.keyword === 'required' ? /"([^"]*)"[^"]*$/.exec(unit.error)?.[1] : undefined
      if (unit.keyword === 'dependentRequired') {
        // `Instance has "card" but does not have "cvc".`: both names are the schema's (its dependentRequired).
        // Cut where the sentence says, not by a pattern: two open groups around a fixed text backtrack in the square of its length.
        const { error } = unit
        const cut = error.startsWith(HAS) && error.endsWith('".') ? error.lastIndexOf(LACKS) : -1
        if (cut >= HAS.length) [msg, type, field] = [`Field required when ${quoted(error.slice(HAS.length, cut))} is present.`, 'missing', error.slice(cut + LACKS.length, -2)]
      }
      const list = units[i - 1]
      if (unit.keyword === 'false' && list?.keyword === 'items' && typeof at[at.length - 1] === 'number' && /^\/\d+$/.test(unit.instanceLocation.slice(list.instanceLocation.length))) {
        // An item past a list closed by `items: false` (the first one past it, the validator stopping there): the list is too long.
        at = at.slice(0, -1)
        const items = at.reduce<unknown>((v, key) => (v as Json)[key], value) as unknown[]
        ;[msg, type] = [`Array has too many items (${items.length} > ${unit.instanceLocation.slice(unit.instanceLocation.lastIndexOf('/') + 1)}).`, 'maxItems']
      }
      out.path.push(...at)
      out.add(type, msg, field !== undefined && names.has(field) ? field : undefined)
      out.path.length -= at.length
    }
    // A refusal with nothing to say (every error beneath a wrapper): said once, at the root.
    if (out.issues.length === 0) out.add('invalid', 'Does not match the schema.')
    return false
  }
}
