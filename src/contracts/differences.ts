/**
 * What differs between a released version as the lock recorded it and as
 * the code answers now, one difference per JSON value, each with a sentence
 * that names the version, the operation or request, the JSON path, the
 * values before and after, and the likely fix.
 */
import { jsonDifferences } from './json-diff.ts'
import type { RecordedResponse, RecordedVersion } from './lock.ts'
import { isObject } from '../json/object.ts'

/** A difference between the lock and the code. */
export interface ContractDifference {
  /** The released version that answers differently (or that the lock lacks or no longer has). */
  readonly version: string
  /** What changed: its OpenAPI `document`, a recorded `response`, or the `lock`'s coverage (a version or request it lacks or has too many of). */
  readonly kind: 'document' | 'response' | 'lock'
  /** Where: `operation GET /products/{id}`, `schema Product`, `document`, `request "product 2"`, `version`. */
  readonly subject: string
  /** The JSON path in it: `$.responses["200"].description`, `status`, `headers["api-version"]`, `body.products[0].title`. */
  readonly path: string
  /** The value before (`undefined`: absent). */
  readonly before: unknown
  /** The value now (`undefined`: absent). */
  readonly after: unknown
  /** The difference and its likely fix, in one sentence. */
  readonly sentence: string
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'])
const COMPONENT_KIND: Readonly<Record<string, string>> = { schemas: 'schema', responses: 'response', parameters: 'parameter', headers: 'header', requestBodies: 'request body', examples: 'example', links: 'link', callbacks: 'callback', pathItems: 'path item', securitySchemes: 'security scheme' }

const keysOf = (...values: unknown[]): string[] => [...new Set(values.flatMap((v) => (isObject(v) ? Object.keys(v) : [])))]
const field = (value: unknown, key: string): unknown => (isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined)

/** The characters of a value a sentence shows. */
const SHOWN = 80

/**
 * A value as a sentence shows it: `absent`, or its JSON cut to 80
 * characters. Written without recursion and only as far as it is shown, so
 * a value nested 100,000 deep or of a million items costs no more than its
 * first characters.
 */
export function shown(value: unknown): string {
  if (value === undefined) return 'absent'
  let out = ''
  // What is left to write, the next on top: text, a value, or the rest of an array or object.
  type Task = string | { readonly value: unknown } | { readonly items: readonly unknown[]; at: number } | { readonly object: Record<string, unknown>; readonly keys: string[]; at: number }
  const tasks: Task[] = [{ value }]
  while (out.length <= SHOWN && tasks.length > 0) {
    const task = tasks.pop() as Task
    if (typeof task === 'string') out += task
    else if ('items' in task) {
      if (task.at < task.items.length) {
        tasks.push(task, { value: task.items[task.at] ?? null })
        if (task.at++ > 0) tasks.push(',')
      } else out += ']'
    } else if ('object' in task) {
      const key = task.keys[task.at]
      if (key === undefined) out += '}'
      else {
        tasks.push(task, { value: task.object[key] }, `${JSON.stringify(key.slice(0, SHOWN + 1))}:`)
        if (task.at++ > 0) tasks.push(',')
      }
    } else {
      const v = task.value
      if (Array.isArray(v)) {
        out += '['
        tasks.push({ items: v, at: 0 })
      } else if (typeof v === 'object' && v !== null) {
        out += '{'
        const object = v as Record<string, unknown>
        tasks.push({ object, keys: Object.keys(object).filter((k) => object[k] !== undefined && typeof object[k] !== 'function'), at: 0 })
      } else out += typeof v === 'string' ? JSON.stringify(v.slice(0, SHOWN + 1)) : (JSON.stringify(v) ?? 'null')
    }
  }
  return out.length > SHOWN ? `${out.slice(0, SHOWN - 1)}…` : out
}

/** The fix a sentence suggests. */
function fixOf(kind: ContractDifference['kind'], head: string): string {
  return kind === 'lock'
    ? 'update the lock (an explicit step: record() again) if this is intended'
    : `declare it as a version change of the head version ${head} so that older versions keep answering as recorded, or revert it`
}

type Found = Omit<ContractDifference, 'sentence'>

function withSentence(found: Found, head: string): ContractDifference {
  const { version, kind, subject, path, before, after } = found
  let what: string
  if (kind === 'lock') what = subject
  else if (before !== undefined && after === undefined && path === '$') what = `${subject} was ${kind === 'document' ? 'documented' : 'recorded'}, now it is absent`
  else if (before === undefined && after !== undefined && path === '$') what = `${subject} is new (${shown(after)})`
  else what = `${subject}, at ${path}: was ${shown(before)}, now ${shown(after)}`
  return { ...found, sentence: `${version}: ${what}; ${fixOf(kind, head)}.` }
}

/** The differences between two documents of one version, by operation, component and the rest. */
function documentDifferences(version: string, before: unknown, after: unknown): Found[] {
  const found: Found[] = []
  const push = (subject: string, b: unknown, a: unknown): void => {
    for (const d of jsonDifferences(b, a)) found.push({ version, kind: 'document', subject, ...d })
  }
  if (!isObject(before) || !isObject(after)) {
    push('its OpenAPI document', before ?? undefined, after ?? undefined)
    return found
  }
  const paths = [field(before, 'paths'), field(after, 'paths')] as const
  for (const path of keysOf(...paths)) {
    const items = [field(paths[0], path), field(paths[1], path)] as const
    for (const key of keysOf(...items)) {
      push(METHODS.has(key) ? `operation ${key.toUpperCase()} ${path}` : `path ${path} (${key})`, field(items[0], key), field(items[1], key))
    }
  }
  const components = [field(before, 'components'), field(after, 'components')] as const
  for (const kind of keysOf(...components)) {
    const named = [field(components[0], kind), field(components[1], kind)] as const
    for (const name of keysOf(...named)) push(`${COMPONENT_KIND[kind] ?? kind} ${name}`, field(named[0], name), field(named[1], name))
  }
  const rest = (document: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(document).filter(([key]) => key !== 'paths' && key !== 'components'))
  push('its OpenAPI document', rest(before), rest(after))
  return found
}

/** The differences between two responses to one recorded request. */
function responseDifferences(version: string, name: string, before: RecordedResponse | undefined, after: RecordedResponse | undefined): Found[] {
  const subject = `request ${JSON.stringify(name)}`
  if (before === undefined || after === undefined) {
    return [{ version, kind: 'lock', subject: before === undefined ? `${subject} is not in the lock` : `${subject} is in the lock but no longer among the requests`, path: '$', before, after }]
  }
  const found: Found[] = []
  if (before.status !== after.status) found.push({ version, kind: 'response', subject, path: 'status', before: before.status, after: after.status })
  for (const header of keysOf(before.headers, after.headers)) {
    const b = field(before.headers, header)
    const a = field(after.headers, header)
    if (b !== a) found.push({ version, kind: 'response', subject, path: `headers[${JSON.stringify(header)}]`, before: b, after: a })
  }
  for (const d of jsonDifferences(before.body, after.body, 'body')) found.push({ version, kind: 'response', subject, ...d })
  return found
}

/** Every difference between the recorded versions of the lock and of the code now; `head`: the head version now. */
export function contractDifferences(locked: { readonly [version: string]: RecordedVersion }, now: { readonly [version: string]: RecordedVersion }, head: string): ContractDifference[] {
  const found: Found[] = []
  for (const version of keysOf(locked, now)) {
    const before = field(locked, version) as RecordedVersion | undefined
    const after = field(now, version) as RecordedVersion | undefined
    if (before === undefined) {
      found.push({ version, kind: 'lock', subject: `version ${version} is released (a newer version exists) but the lock has no record of it, so it is not frozen yet`, path: '$', before, after: 'released' })
      continue
    }
    if (after === undefined) {
      found.push({ version, kind: 'lock', subject: `version ${version} is in the lock but is no longer a released version`, path: '$', before: 'released', after })
      continue
    }
    found.push(...documentDifferences(version, before.document, after.document))
    for (const name of keysOf(before.responses, after.responses)) {
      found.push(...responseDifferences(version, name, field(before.responses, name) as RecordedResponse | undefined, field(after.responses, name) as RecordedResponse | undefined))
    }
  }
  return found.map((f) => withSentence(f, head))
}
