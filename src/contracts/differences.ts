/**
 * What differs between a released version as the lock recorded it and as
 * the code answers now, one difference per JSON value, each with a sentence
 * that names the version, the operation or request, the JSON path, the
 * values before and after, and the likely fix.
 */
import { jsonDifferences } from './json-diff.ts'
import type { RecordedResponse, RecordedVersion } from './lock.ts'
import { isObject } from '../json/object.ts'
import { bare, cut, quoted, SHOWN } from '../quote.ts'

/** A difference between the lock and the code. */
export interface ContractDifference {
  /** The released version that answers differently (or that the lock lacks or no longer has), or the head the lock was recorded with. */
  readonly version: string
  /** What changed: its OpenAPI `document`, a recorded `response`, or the `lock`'s coverage (a version or request it lacks or has too many of) or head. */
  readonly kind: 'document' | 'response' | 'lock'
  /** Where: `operation GET /products/{id}`, `schema Product`, `document`, `request "product 2"`, `version` (each name in full; the sentence cuts them). */
  readonly subject: string
  /** The JSON path in it: `$.responses["200"].description`, `status`, `headers["api-version"]`, `body.products[0].title` (each key in full; the sentence cuts them). */
  readonly path: string
  /** The value before (`undefined`: absent). */
  readonly before: unknown
  /** The value now (`undefined`: absent). */
  readonly after: unknown
  /** The difference and its likely fix, in one sentence: each name in it (a version, request, header, operation, key) and each value shown with its controls escaped and cut to 80 characters. */
  readonly sentence: string
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'])
const COMPONENT_KIND: Readonly<Record<string, string>> = { schemas: 'schema', responses: 'response', parameters: 'parameter', headers: 'header', requestBodies: 'request body', examples: 'example', links: 'link', callbacks: 'callback', pathItems: 'path item', securitySchemes: 'security scheme' }

const keysOf = (...values: unknown[]): string[] => [...new Set(values.flatMap((v) => (isObject(v) ? Object.keys(v) : [])))]
const field = (value: unknown, key: string): unknown => (isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined)

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
  return cut(out)
}

/** The fix a sentence suggests. */
function fixOf(kind: ContractDifference['kind'], head: string): string {
  return kind === 'lock'
    ? 'update the lock (an explicit step: record() again) if this is intended'
    : `declare it as a version change of the head version ${head} so that older versions keep answering as recorded, or revert it`
}

/** How a subject writes the names in it: in full (the difference's fields) or as its sentence shows them (`quote.ts`). */
interface Names {
  /** A name the subject quotes (a request's). */
  readonly quote: (name: string) => string
  /** A name it writes as it reads (a version, a path, a schema's name). */
  readonly bare: (name: string) => string
}
const FULL: Names = { quote: (name) => JSON.stringify(name), bare: (name) => name }
const SHOWN_NAMES: Names = { quote: quoted, bare }

/**
 * A difference before its sentence: its subject written either way, its path in full and as shown; `what` and
 * `fix`: the sentence's own words (names in them already shown), where a generic one would not say it.
 */
type Found = Omit<ContractDifference, 'sentence' | 'subject'> & {
  readonly subject: (names: Names) => string
  readonly shownPath: string
  readonly what?: string
  readonly fix?: (head: string) => string
}

function withSentence(found: Found, head: string): ContractDifference {
  const { version, kind, path, shownPath, before, after } = found
  const fields = { version, kind, subject: found.subject(FULL), path, before, after }
  const said = bare(version)
  if (found.what !== undefined) return { ...fields, sentence: `${said}: ${found.what}; ${found.fix?.(head) ?? fixOf(kind, head)}.` }
  const subject = found.subject(SHOWN_NAMES)
  let what: string
  if (kind === 'lock') what = subject
  else if (before !== undefined && after === undefined && path === '$') what = `${subject} was ${kind === 'document' ? 'documented' : 'recorded'}, now it is absent`
  else if (before === undefined && after !== undefined && path === '$') what = `${subject} is new (${shown(after)})`
  else {
    // Two long texts alike at first: shown from a little before where they part.
    const from = typeof before === 'string' && typeof after === 'string' ? Math.max(0, commonPrefix(before, after) - 20) : 0
    what = from === 0 ? `${subject}, at ${shownPath}: was ${shown(before)}, now ${shown(after)}` : `${subject}, at ${shownPath}: was …${shown((before as string).slice(from))}, now …${shown((after as string).slice(from))}`
  }
  return { ...fields, sentence: `${said}: ${what}; ${fixOf(kind, head)}.` }
}

/** The differences between two documents of one version, by operation, component and the rest. */
function documentDifferences(version: string, before: unknown, after: unknown): Found[] {
  const found: Found[] = []
  const push = (subject: (names: Names) => string, b: unknown, a: unknown): void => {
    for (const d of jsonDifferences(b, a)) found.push({ version, kind: 'document', subject, ...d })
  }
  if (!isObject(before) || !isObject(after)) {
    push(() => 'its OpenAPI document', before ?? undefined, after ?? undefined)
    return found
  }
  const paths = [field(before, 'paths'), field(after, 'paths')] as const
  for (const path of keysOf(...paths)) {
    const items = [field(paths[0], path), field(paths[1], path)] as const
    for (const key of keysOf(...items)) {
      push((names) => (METHODS.has(key) ? `operation ${key.toUpperCase()} ${names.bare(path)}` : `path ${names.bare(path)} (${names.bare(key)})`), field(items[0], key), field(items[1], key))
    }
  }
  const components = [field(before, 'components'), field(after, 'components')] as const
  for (const kind of keysOf(...components)) {
    const named = [field(components[0], kind), field(components[1], kind)] as const
    for (const name of keysOf(...named)) push((names) => `${Object.hasOwn(COMPONENT_KIND, kind) ? COMPONENT_KIND[kind] : names.bare(kind)} ${names.bare(name)}`, field(named[0], name), field(named[1], name))
  }
  const rest = (document: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(document).filter(([key]) => key !== 'paths' && key !== 'components' && key !== 'x-changelog'))
  push(() => 'its OpenAPI document', rest(before), rest(after))
  appendAll(found, changelogDifferences(version, field(before, 'x-changelog'), field(after, 'x-changelog')))
  return found
}

/** Appends `items` to `found` one by one: spread into push(), a list of 200,000 overflows the call stack (less on Bun's JavaScriptCore). */
function appendAll<T>(found: T[], items: readonly T[]): void {
  for (const item of items) found.push(item)
}

/** The length of the text two strings begin with. */
function commonPrefix(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}

/**
 * The differences between the changelogs of a released version's document (`x-changelog`: its changes and the older
 * versions'): a change added to or gone from a released version, named with its description and what to do; other
 * differences at their JSON path.
 */
function changelogDifferences(version: string, before: unknown, after: unknown): Found[] {
  const generic = (b: unknown, a: unknown, path: string): Found[] => jsonDifferences(b, a, path).map((d) => ({ version, kind: 'document', subject: () => 'its changelog', ...d }))
  const listOf = (value: unknown, key: string): unknown[] => {
    const list = field(value, key)
    return Array.isArray(list) ? list : []
  }
  if (!isObject(before) || !isObject(after)) return generic(before, after, '$["x-changelog"]')
  const found: Found[] = []
  const older = listOf(before, 'versions')
  const newer = listOf(after, 'versions')
  // A change's id as a key: a string (what versionHistory writes) whole; anything else (a damaged or hostile lock's id
  // nested 100,000 deep, which JSON.stringify would meet with a RangeError) as a sentence shows it, without recursion.
  const idOf = (change: unknown): string => {
    const id = field(change, 'id') ?? field(change, 'description') ?? null
    return typeof id === 'string' ? JSON.stringify(id) : shown(id)
  }
  const description = (change: unknown): string => shown(field(change, 'description'))
  for (let i = 0; i < Math.max(older.length, newer.length); i++) {
    const b = older[i]
    const a = newer[i]
    const at = `$["x-changelog"].versions[${i}]`
    if (!isObject(b) || !isObject(a) || field(b, 'version') !== field(a, 'version')) {
      appendAll(found, generic(b, a, at))
      continue
    }
    // The version this entry of the changelog is of (the same in both, so not an object), as a sentence shows it.
    const ofChangelog = field(a, 'version')
    const named = typeof ofChangelog === 'string' ? bare(ofChangelog) : shown(ofChangelog)
    const was = listOf(b, 'changes')
    const now = listOf(a, 'changes')
    const wasIds = was.map(idOf)
    const nowIds = now.map(idOf)
    // Each id's first place in the lock's list, and the ids now: a lookup per change, so the work is linear in the lists.
    const firstWas = new Map<string, number>()
    wasIds.forEach((id, k) => {
      if (!firstWas.has(id)) firstWas.set(id, k)
    })
    const nowSet = new Set(nowIds)
    const fix = (head: string): string => `the changes of a released version are frozen: declare it in the head version ${head} instead, or revert it`
    now.forEach((change, j) => {
      const k = firstWas.get(nowIds[j] as string)
      if (k === undefined) found.push({ version, kind: 'document', subject: () => 'its changelog', path: `${at}.changes[${j}]`, shownPath: `${at}.changes[${j}]`, before: undefined, after: change, what: `its changelog has a change new to version ${named}, which is released: ${description(change)}`, fix })
      else appendAll(found, generic(was[k], change, `${at}.changes[${j}]`))
    })
    was.forEach((change, k) => {
      if (!nowSet.has(wasIds[k] as string)) found.push({ version, kind: 'document', subject: () => 'its changelog', path: `${at}.changes[${k}]`, shownPath: `${at}.changes[${k}]`, before: change, after: undefined, what: `its changelog no longer has the change ${description(change)} of version ${named}, which is released`, fix: () => 'restore it: the changes of a released version are frozen' })
    })
  }
  return found
}

/** Whether `value` is a header's list of versions among `versions` (`1, 2, 3`). */
function listsVersions(value: unknown, versions: ReadonlySet<string>): boolean {
  return typeof value === 'string' && value !== '' && value.split(',').every((item) => versions.has(item.trim()))
}

/** The differences between two responses to one recorded request. */
function responseDifferences(version: string, name: string, before: RecordedResponse | undefined, after: RecordedResponse | undefined, versions: ReadonlySet<string>): Found[] {
  const subject = (names: Names): string => `request ${names.quote(name)}`
  if (before === undefined || after === undefined) {
    const lacking = before === undefined ? 'is not in the lock' : 'is in the lock but no longer among the requests'
    return [{ version, kind: 'lock', subject: (names) => `${subject(names)} ${lacking}`, path: '$', shownPath: '$', before, after }]
  }
  const found: Found[] = []
  if (before.status !== after.status) found.push({ version, kind: 'response', subject, path: 'status', shownPath: 'status', before: before.status, after: after.status })
  for (const header of keysOf(before.headers, after.headers)) {
    const b = field(before.headers, header)
    const a = field(after.headers, header)
    if (b === a) continue
    const at = { version, kind: 'response', subject, path: `headers[${JSON.stringify(header)}]`, shownPath: `headers[${quoted(header)}]`, before: b, after: a } as const
    // A header listing the versions the API serves (a policy's reportVersions) changes with every release: not the
    // released version's contract changing, so the fix is to record again, not a version change.
    if (listsVersions(b, versions) && listsVersions(a, versions)) {
      found.push({ ...at, what: `request ${quoted(name)}, at headers[${quoted(header)}], lists the versions the API serves: was ${shown(b)}, now ${shown(a)}`, fix: () => 'the versions it lists changed (a version released, deprecated or retired), so record the lock again (record()) once that is intended' })
    } else found.push(at)
  }
  for (const d of jsonDifferences(before.body, after.body, 'body')) found.push({ version, kind: 'response', subject, ...d })
  return found
}

/**
 * Every difference between the recorded versions of the lock and of the code now; `head`: the head version now,
 * `lockedHead`: the lock's. A lock recorded with another head is a difference, unless that head is released now and
 * the lock lacks its record (the version's own difference says so: a newer version exists).
 */
export function contractDifferences(locked: { readonly [version: string]: RecordedVersion }, now: { readonly [version: string]: RecordedVersion }, head: string, lockedHead: string = head): ContractDifference[] {
  const found: Found[] = []
  const releasedNow = field(now, lockedHead) !== undefined
  if (lockedHead !== head && !(releasedNow && field(locked, lockedHead) === undefined)) {
    const was = bare(lockedHead)
    const why = releasedNow ? `${was} is released` : `${was} is not one of the app's versions`
    const what = `the lock was recorded with the head version ${was}, but the head is ${bare(head)} now and ${why}, so the lock was not recorded from these versions`
    found.push({ version: lockedHead, kind: 'lock', subject: () => 'head', path: 'head', shownPath: 'head', before: lockedHead, after: head, what })
  }
  // The versions either side knows, the heads included: what a header listing versions may name.
  const versions = new Set([...keysOf(locked, now), head, lockedHead])
  for (const version of keysOf(locked, now)) {
    const before = field(locked, version) as RecordedVersion | undefined
    const after = field(now, version) as RecordedVersion | undefined
    if (before === undefined) {
      found.push({ version, kind: 'lock', subject: (names) => `version ${names.bare(version)} is released (a newer version exists) but the lock has no record of it, so it is not frozen yet`, path: '$', shownPath: '$', before, after: 'released' })
      continue
    }
    if (after === undefined) {
      found.push({ version, kind: 'lock', subject: (names) => `version ${names.bare(version)} is in the lock but is no longer a released version`, path: '$', shownPath: '$', before: 'released', after })
      continue
    }
    appendAll(found, documentDifferences(version, before.document, after.document))
    for (const name of keysOf(before.responses, after.responses)) {
      appendAll(found, responseDifferences(version, name, field(before.responses, name) as RecordedResponse | undefined, field(after.responses, name) as RecordedResponse | undefined, versions))
    }
  }
  return found.map((f) => withSentence(f, head))
}
