/**
 * `contracts`: records what every released version answers (its OpenAPI
 * document and the responses to a set of requests) into a lock, and checks
 * the code against the lock. The head version may change freely; once a
 * newer version exists it is released, and frozen.
 */
import type { ApiModel } from '../model/api-model.ts'
import { contractDifferences, type ContractDifference } from './differences.ts'
import { checkLock, LOCK_FORMAT, type ContractsLock, type RecordedResponse, type RecordedVersion } from './lock.ts'
import { checkOptionNames, isRecord } from '../options.ts'
import { quoted, quotedValue } from '../quote.ts'

/** What `contracts` reads of the documents: `versionedOpenAPI(...)` fits. */
export interface ContractDocuments {
  /** The documented versions. */
  readonly versions: readonly { readonly version: string }[]
  /** The document of a documented version. */
  document(version: string): unknown
  /** The model the documents were made from (`versionedOpenAPI` sets it): its versions are the default of `versions`. */
  readonly model?: Pick<ApiModel, 'space'> | undefined
}

/** Options of `contracts`. */
export interface ContractsOptions {
  /** The app that answers the requests: a Hono app, or anything with a Web-standard `fetch`. */
  readonly app: { fetch(request: Request): Response | Promise<Response> }
  /**
   * The versions, oldest first, as `versionHistory` takes them
   * (`history.versions`): the last is the head, which may change; every
   * other one is released, and frozen.
   * @default the versions of the documents' model (`versionedOpenAPI`'s), when `documents` are given
   */
  readonly versions?: readonly string[] | undefined
  /**
   * The recorded requests, by name: each makes the request for a version
   * (putting the version where your scheme reads it). Every released
   * version answers every request.
   */
  readonly requests: Readonly<Record<string, (version: string) => Request>>
  /**
   * The versions' OpenAPI documents (`versionedOpenAPI(...)`): a released
   * version's document is frozen too.
   * @default none: only responses are recorded
   */
  readonly documents?: ContractDocuments | undefined
  /**
   * Response headers left out of the record (case-insensitive): headers
   * that change on every response.
   * @default ['date', 'content-length']
   */
  readonly ignoreHeaders?: readonly string[] | undefined
}

/** The result of a check. */
export interface ContractsReport {
  /** Whether every released version answers as the lock recorded it. */
  readonly ok: boolean
  /** The differences, one per JSON value, each with its sentence. */
  readonly differences: readonly ContractDifference[]
  /** A report to print: a line for the result, then a line per difference. */
  readonly message: string
}

/** The lock of the released versions, and the check of the code against one. */
export interface Contracts {
  /** The head version (the last of `versions`). */
  readonly head: string
  /** The released versions, oldest first (every version but the head). */
  readonly released: readonly string[]
  /** Records the released versions as the code answers now: the lock to commit (write it as JSON). */
  record(): Promise<ContractsLock>
  /** Checks the code against a lock (the parsed JSON of a recorded one); throws when `lock` is not a contracts lock. */
  check(lock: unknown): Promise<ContractsReport>
}

const OPTION_NAMES = ['app', 'versions', 'requests', 'documents', 'ignoreHeaders']
const WHERE = 'contracts'
/** The differences a report's message shows; `differences` has them all. */
const MESSAGE_LINES = 50

/** The options, checked (a plain `Error` with a sentence saying what to fix). */
function checkOptions(options: ContractsOptions): void {
  if (!isRecord(options)) throw new Error(`${WHERE}: pass options such as { app, versions: history.versions, requests, documents }.`)
  checkOptionNames(options, WHERE, OPTION_NAMES)
  const { app, requests, documents, ignoreHeaders } = options
  if (app === null || typeof app !== 'object' || typeof app.fetch !== 'function') throw new Error(`${WHERE}: app must be a Hono app or an object with a fetch(request) method.`)
  if (requests === null || typeof requests !== 'object' || Object.keys(requests).length === 0 || Object.values(requests).some((r) => typeof r !== 'function')) {
    throw new Error(`${WHERE}: requests must name at least one request, each a function of the version, such as { 'product 1': (version) => new Request('https://api.test/products/1', { headers: { 'Api-Version': version } }) }.`)
  }
  if (documents !== undefined && (documents === null || typeof documents !== 'object' || typeof documents.document !== 'function' || !Array.isArray(documents.versions))) {
    throw new Error(`${WHERE}: documents must be the documents of every version, made with versionedOpenAPI({...}).`)
  }
  if (ignoreHeaders !== undefined && (!Array.isArray(ignoreHeaders) || ignoreHeaders.some((h) => typeof h !== 'string'))) {
    throw new Error(`${WHERE}: ignoreHeaders must be a list of header names, such as ['date', 'content-length', 'x-request-id'].`)
  }
}

/** The versions, oldest first: the option's, checked, or the documents' model's (one model, not worked out again). */
function versionsOf(options: ContractsOptions): readonly string[] {
  const versions = options.versions ?? options.documents?.model?.space.versions
  if (versions === undefined) throw new Error(`${WHERE}: give versions, oldest first (such as history.versions), or documents made with versionedOpenAPI({...}), whose versions are the default.`)
  if (!Array.isArray(versions) || versions.length === 0 || versions.some((v) => typeof v !== 'string' || v === '')) {
    throw new Error(`${WHERE}: versions must be the versions, oldest first, such as history.versions or ['v1', 'v2'].`)
  }
  const twice = versions.find((v, i) => versions.indexOf(v) !== i)
  if (twice !== undefined) throw new Error(`${WHERE}: version ${quotedValue(twice)} is listed twice in versions.`)
  return versions
}

/**
 * Sets `key` of a record as its own property, whatever its name: a request or header named `__proto__` is recorded
 * like any other, not taken for the object's prototype (and then left out of the lock without a word).
 */
function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
}

/** A response as the lock records it; `name` and `version` for the sentence of a body no lock file can hold. */
async function recordResponse(response: Response, ignored: ReadonlySet<string>, name: string, version: string): Promise<RecordedResponse> {
  const headers: Record<string, string> = {}
  for (const header of [...response.headers.keys()].sort()) if (!ignored.has(header)) setOwn(headers, header, response.headers.get(header) as string)
  const text = await response.text()
  let body: unknown = text
  if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '')) {
    try {
      body = JSON.parse(text)
    } catch {
      // Not JSON after all: the text is recorded.
    }
    // The lock is written as JSON: a body JSON.parse reads but JSON.stringify cannot write back (nested thousands deep) fails here, in a sentence.
    try {
      JSON.stringify(body)
    } catch {
      throw new Error(`${WHERE}: the response to ${quoted(name)} in version ${quoted(version)} is JSON nested too deep to write into a lock file; record a request whose answer is shallower, or leave this one out of requests.`)
    }
  }
  return { status: response.status, headers, body }
}

/**
 * Records what every released version answers into a lock, and checks
 * the code against it: a released version whose OpenAPI document or
 * recorded responses changed gives a difference per JSON value, with a
 * sentence naming the version, the operation or request, the JSON path,
 * before and after, and the likely fix (declare a version change, or
 * revert). Options are checked here.
 *
 * @example
 * ```ts
 * const frozen = contracts({
 *   app,
 *   versions: history.versions,
 *   documents: versionedOpenAPI({ scheme, routes, document: head, changelog: history }),
 *   requests: { 'product 1': (version) => new Request('https://api.test/products/1', { headers: { 'Api-Version': version } }) },
 * })
 * const report = await frozen.check(JSON.parse(readFileSync('contracts.lock.json', 'utf8')))
 * if (!report.ok) throw new Error(report.message)
 * ```
 */
export function contracts(options: ContractsOptions): Contracts {
  checkOptions(options)
  const { app, requests, documents } = options
  const versions = [...versionsOf(options)]
  const head = versions[versions.length - 1] as string
  const released = versions.slice(0, -1)
  const ignored = new Set((options.ignoreHeaders ?? ['date', 'content-length']).map((h) => h.toLowerCase()))
  const names = Object.keys(requests)

  async function recordVersion(version: string): Promise<RecordedVersion> {
    const documented = documents !== undefined && documents.versions.some((d) => d.version === version)
    // A plain JSON copy: what the lock file holds once written and read back.
    const document = documented ? (JSON.parse(JSON.stringify(documents.document(version))) as unknown) : null
    const responses: Record<string, RecordedResponse> = {}
    // One request at a time, in the order given: an app with state answers the same way every run.
    for (const name of names) {
      const request = (requests[name] as (version: string) => Request)(version)
      if (!(request instanceof Request)) throw new Error(`${WHERE}: the request ${quoted(name)} must make a Request for version ${quoted(version)}.`)
      setOwn(responses, name, await recordResponse(await app.fetch(request), ignored, name, version))
    }
    return { document, responses }
  }

  async function record(): Promise<ContractsLock> {
    const recorded: Record<string, RecordedVersion> = {}
    for (const version of released) setOwn(recorded, version, await recordVersion(version))
    return { format: LOCK_FORMAT, head, released: recorded }
  }

  return {
    head,
    released,
    record,
    async check(lock) {
      const locked = checkLock(lock, `${WHERE}: check`)
      const now = await record()
      const differences = contractDifferences(locked.released, now.released, head, locked.head)
      const count = released.length === 1 ? '1 released version' : `${released.length} released versions`
      const summary =
        differences.length === 0
          ? `Contracts: ${count} ${released.length === 1 ? 'answers' : 'answer'} as the lock recorded them (head ${head}, ${names.length === 1 ? '1 request' : `${names.length} requests`} each).`
          : `Contracts: ${differences.length} ${differences.length === 1 ? 'difference' : 'differences'} from the lock in ${count} (head ${head}, free to change):`
      const lines = differences.slice(0, MESSAGE_LINES).map((d) => `- ${d.sentence}`)
      if (differences.length > MESSAGE_LINES) lines.push(`- and ${differences.length - MESSAGE_LINES} more (the report's differences list them all).`)
      return { ok: differences.length === 0, differences, message: [summary, ...lines].join('\n') }
    },
  }
}
