/**
 * Where and what is wrong with a request, as issues an older client can act
 * on: `loc` from the request part's root in the client's own names, `msg` a
 * sentence, and a stable `type` the app may rename. Bounded: at most a set
 * number of issues, and no key or value of the request in any of them (a
 * place is named by the schema's field names and list positions only).
 */
import { quoted } from '../quote.ts'

/** One reason a request was refused. */
export interface RequestIssue {
  /** Where: the part (`"body"`, `"query"`, `"header"`, `"cookie"`), then field names and list positions (`["body", "items", 0, "title"]`). */
  readonly loc: readonly (string | number)[]
  /** What is wrong, in a sentence. */
  readonly msg: string
  /** A stable kind: `missing`, `extra_forbidden`, `too_deep`, or the JSON Schema keyword that failed (`type`, `enum`, `minLength`, ...), unless the app renames it (`issueTypes`). */
  readonly type: string
}

/** The kinds of issue, each the name an app may map to its own (`issueTypes`). */
export const ISSUE_TYPES = [
  'missing',
  'extra_forbidden',
  'too_deep',
  'invalid',
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'anyOf',
  'oneOf',
  'not',
] as const

/** A kind of issue. */
export type IssueType = (typeof ISSUE_TYPES)[number]

/** The JSON types a `type` issue can expect, for `issueTypes` keys such as `type:integer`. */
export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] as const

/** An issue's type as the app names it: by kind, or for `type` by the one type expected (`type:integer`). */
export type IssueNames = (type: IssueType, expected: string | undefined) => string

/**
 * Collects the issues of one refused request part, as a validation walk
 * finds them: `path` is where the walk is (pushed and popped by it), and the
 * walk stops descending once `full`.
 */
export class IssueSink {
  /** Where the walk is, below the part's root: schema field names and list positions only. */
  readonly path: (string | number)[] = []
  readonly issues: RequestIssue[] = []
  readonly #seen = new Set<string>()

  readonly root: string
  readonly max: number
  readonly names: IssueNames

  constructor(root: string, max: number, names: IssueNames) {
    this.root = root
    this.max = max
    this.names = names
  }

  /** Whether the cap is reached: no more issues are kept, and the walk stops. */
  get full(): boolean {
    return this.issues.length >= this.max
  }

  /** An issue where the walk is (and `field` below it: a required field the schema names). */
  add(type: IssueType, msg: string, field?: string, expected?: string): void {
    if (this.full) return
    const loc = field === undefined ? [this.root, ...this.path] : [this.root, ...this.path, field]
    const named = this.names(type, expected)
    const key = JSON.stringify([loc, named])
    if (this.#seen.has(key)) return
    this.#seen.add(key)
    this.issues.push({ loc, msg, type: named })
  }
}

const NAME = /^[A-Za-z][\w.:-]{0,63}$/

/** The names of `issueTypes`, checked (keys are kinds, or `type:<json type>`; values short names), as a function. */
export function issueNames(given: unknown, where: string): IssueNames {
  if (given === undefined) return (type) => type
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    throw new Error(`${where}: issueTypes must map issue types to your names, such as { minLength: 'string_too_short', missing: 'missing' }.`)
  }
  const map = new Map<string, string>()
  for (const [key, value] of Object.entries(given)) {
    const [kind, expected] = key.split(':') as [string, string | undefined]
    const known = (ISSUE_TYPES as readonly string[]).includes(kind) && (expected === undefined || (kind === 'type' && (JSON_TYPES as readonly string[]).includes(expected)))
    if (!known) {
      throw new Error(`${where}: issueTypes has the unknown key ${quoted(key)}; the keys are ${ISSUE_TYPES.join(', ')}, and type:<${JSON_TYPES.join('|')}>.`)
    }
    if (typeof value !== 'string' || !NAME.test(value)) {
      throw new Error(`${where}: issueTypes.${key} must be a name of 1 to 64 letters, digits, "_", ".", ":" or "-" starting with a letter, such as "string_too_short".`)
    }
    map.set(key, value)
  }
  return (type, expected) => (expected === undefined ? undefined : map.get(`${type}:${expected}`)) ?? map.get(type) ?? type
}
