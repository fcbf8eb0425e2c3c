/**
 * What a validator's output says, as issues an older client can act on:
 * where (`loc`, from the body's root, in the client's own field names),
 * what (`msg`) and a stable `type`, as FastAPI lists them. No value of the
 * request is echoed, only where it sits.
 */

/** One error of `@cfworker/json-schema`'s output (its `OutputUnit`; declared here so that only one module imports the peer). */
export interface OutputUnit {
  readonly keyword: string
  readonly keywordLocation: string
  readonly instanceLocation: string
  readonly error: string
}

/** One reason a request body was refused. */
export interface RequestIssue {
  /** Where: `"body"`, then field names and list positions (`["body", "price"]`, `["body", "items", 0, "title"]`). */
  readonly loc: readonly (string | number)[]
  /** What is wrong, in a sentence. */
  readonly msg: string
  /** A stable kind: `missing`, `extra_forbidden`, or the JSON Schema keyword that failed (`type`, `enum`, `minLength`, ...). */
  readonly type: string
}

/** Keywords whose errors only say that one beneath them failed: the one beneath is reported instead. */
const WRAPPERS = new Set(['$ref', '$recursiveRef', '$dynamicRef', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'allOf', 'dependentSchemas', 'then', 'else', 'contains', 'propertyNames'])
/** Keywords whose errors stand for every error beneath them (which alternative the client meant is not known). */
const ALTERNATIVES = new Set(['anyOf', 'oneOf', 'not'])

/** The segments of a JSON Pointer fragment (`#/items/0/title`); digits are list positions. */
function segments(pointer: string): (string | number)[] {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
  if (path === '') return []
  return path
    .slice(1)
    .split('/')
    .map((token) => {
      const text = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')
      return /^(?:0|[1-9]\d*)$/.test(text) ? Number(text) : text
    })
}

/** A sentence for one failed keyword; the validator's own text for the others (it echoes lengths and numbers, never strings). */
function describe(unit: OutputUnit): { msg: string; type: string; field?: string } {
  switch (unit.keyword) {
    case 'required': {
      // `Instance does not have required property "<name>".`: the name is between the first and the last quote.
      const start = unit.error.indexOf('"')
      const end = unit.error.lastIndexOf('"')
      return start === -1 || end <= start ? { msg: 'Field required.', type: 'missing' } : { msg: 'Field required.', type: 'missing', field: unit.error.slice(start + 1, end) }
    }
    case 'false':
      return { msg: 'Unknown field in this version.', type: 'extra_forbidden' }
    case 'type':
      return { msg: unit.error.replace(/^Instance type "[^"]*" is invalid\. /, ''), type: 'type' }
    case 'enum':
    case 'const':
      return { msg: unit.error.replace(/^Instance does not match /, 'Expected '), type: unit.keyword }
    case 'anyOf':
    case 'oneOf':
      return { msg: 'Does not match any of the allowed schemas.', type: unit.keyword }
    case 'pattern':
    case 'format':
      return { msg: unit.error, type: unit.keyword }
    default:
      return { msg: unit.error, type: unit.keyword }
  }
}

/** The issues of a failed validation, each once, in the validator's order. */
export function issuesOf(units: readonly OutputUnit[]): RequestIssue[] {
  const alternatives = units.filter((u) => ALTERNATIVES.has(u.keyword)).map((u) => `${u.keywordLocation}/`)
  const out: RequestIssue[] = []
  const seen = new Set<string>()
  for (const unit of units) {
    if (WRAPPERS.has(unit.keyword)) continue
    if (alternatives.some((prefix) => unit.keywordLocation.startsWith(prefix))) continue
    const { msg, type, field } = describe(unit)
    const loc = ['body', ...segments(unit.instanceLocation), ...(field === undefined ? [] : [field])]
    const key = JSON.stringify([loc, type])
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ loc, msg, type })
  }
  return out
}
