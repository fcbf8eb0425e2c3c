/**
 * `validateResponses`: a middleware that checks each JSON response against
 * the schema its version's OpenAPI document gives it, in development and
 * tests, so that a handler drifting from its documented shape is caught
 * where it is written. It validates with @cfworker/json-schema, which runs
 * on Workers (no code generation).
 */
import { Validator } from '@cfworker/json-schema'
import type { Context, MiddlewareHandler } from 'hono'
import type { OpenAPIDocument, SchemaObject } from '../openapi/types.ts'
import type { ApiModel } from '../model/api-model.ts'
import { findOperation, matchedOperations } from './operations.ts'
import { responseMedia } from '../model/contracts.ts'
import { isJsonType, mediaType } from '../changes/media-types.ts'
import { checkOptionNames, isRecord } from '../options.ts'
import { bare } from '../quote.ts'

/** What `validateResponses` reads of the documents: `versionedOpenAPI(...)` fits. */
export interface ValidatedDocuments {
  readonly versions: readonly { readonly version: string }[]
  document(version: string): OpenAPIDocument
  /** The model the documents are made from (`versionedOpenAPI`'s), read once: the operation is found from the route Hono matched (in a version the model does not list, by the document's paths). */
  readonly model?: ApiModel | undefined
}

/** A response its document does not allow. */
export interface ResponseContractProblem {
  /** The request's version (`c.var.version`). */
  readonly version: string
  /** The request's method. */
  readonly method: string
  /** The documented path template the request reached (`/products/{id}`). */
  readonly path: string
  readonly status: number
  readonly mediaType: string
  /** What the schema refused: where in the body (`#/products/0/title`) and why. */
  readonly errors: readonly { readonly at: string; readonly message: string }[]
}

/** The characters of each of the validator's sentences a `ResponseContractError` message shows. */
const MESSAGE_SHOWN = 200

/** Thrown (by default) when a response breaks its version's schema: Hono's `onError` gets it, so the request answers 500. */
export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError' as const
  /** What was wrong. */
  readonly problem: ResponseContractProblem
  constructor(problem: ResponseContractProblem) {
    // A body's keys (what a client sent, perhaps) reach the validator's locations and sentences: quoted escaped and cut (problem keeps them whole).
    const errors = problem.errors.map((e) => `at ${bare(e.at)}: ${bare(e.message.endsWith('.') ? e.message.slice(0, -1) : e.message, MESSAGE_SHOWN)}`).join('; ')
    super(`${problem.method} ${problem.path} answered ${problem.status} in version ${problem.version} with a body its document does not allow: ${errors}.`)
    this.problem = problem
  }
}

/** Options of `validateResponses`. */
export interface ValidateResponsesOptions {
  /**
   * Whether responses are checked.
   * @default true when NODE_ENV is "development" or "test" (the process environment's, or a var of the Worker's env), otherwise false: never in production unless asked
   */
  readonly enabled?: boolean | undefined
  /**
   * What to do with a response its document does not allow: return a
   * response to send instead, or nothing to send it as it is.
   * @default throw a ResponseContractError
   */
  readonly onInvalid?: ((problem: ResponseContractProblem, c: Context) => Response | void | Promise<Response | void>) | undefined
}

const OPTION_NAMES = ['enabled', 'onInvalid']
const WHERE = 'validateResponses'
/** The middleware when validation is off. */
const passThrough: MiddlewareHandler = async function validateResponses(_c, next) {
  await next()
}

/** NODE_ENV of the process, where there is one. */
function processMode(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  return env?.['NODE_ENV']
}

const isDevelopment = (mode: unknown): boolean => mode === 'development' || mode === 'test'

type ValidatorError = { readonly keywordLocation: string; readonly instanceLocation: string; readonly error: string }

/** The most problems one response lists. */
const MAX_PROBLEMS = 100
/** The largest body (its JSON text, in UTF-16 code units) whose every problem is listed; a larger one lists its first. */
const LISTED_BODY = 32 * 1024

/** The leaf errors of a validation (the ones no other error is inside), at most `MAX_PROBLEMS`: linear in the errors' locations. */
function leafErrors(errors: readonly ValidatorError[]): ResponseContractProblem['errors'] {
  const inner = new Set<string>()
  for (const e of errors) {
    for (let slash = e.keywordLocation.lastIndexOf('/'); slash > 0; slash = e.keywordLocation.lastIndexOf('/', slash - 1)) {
      const parent = e.keywordLocation.slice(0, slash)
      if (inner.has(parent)) break
      inner.add(parent)
    }
  }
  const out: { at: string; message: string }[] = []
  for (const e of errors) {
    if (inner.has(e.keywordLocation)) continue
    out.push({ at: e.instanceLocation, message: e.error })
    if (out.length === MAX_PROBLEMS) break
  }
  return out
}

/** A schema's validators: one that stops at the first failure, and one that finds every failure (made when first needed). */
interface SchemaValidators {
  readonly first: Validator
  all: Validator | null
  readonly make: () => Validator
}

/**
 * What the schema refuses of `body` (`size`: its text's length). The first
 * failure is found by a validator that stops there, so a valid body, or any
 * body, costs time linear in its size; a small body then has every problem
 * listed. A body nested deeper than the validator can walk is a problem too,
 * never the validator's RangeError.
 */
function problemsOf(validators: SchemaValidators, body: unknown, size: number): ResponseContractProblem['errors'] {
  try {
    const first = validators.first.validate(body)
    if (first.valid) return []
    if (size > LISTED_BODY) return leafErrors(first.errors)
    return leafErrors((validators.all ??= validators.make()).validate(body).errors)
  } catch (error) {
    if (error instanceof RangeError) return [{ at: '#', message: 'The body is nested too deeply to check.' }]
    throw error
  }
}

/**
 * Creates a middleware that validates each JSON response against the
 * schema its version's document gives its operation, status and media
 * type. Put it before the versioning middleware, so that it sees the
 * response as the client gets it, in the client's version. Responses its
 * document gives no schema, and versions without a document, pass
 * unchecked. Off in production by default.
 *
 * @example
 * ```ts
 * app.use('/api/*', validateResponses(docs))
 * app.use('/api/*', versioning)
 * ```
 */
export function validateResponses(documents: ValidatedDocuments, options: ValidateResponsesOptions = {}): MiddlewareHandler {
  if (documents === null || typeof documents !== 'object' || typeof documents.document !== 'function' || !Array.isArray(documents.versions)) {
    throw new Error(`${WHERE}: pass the documents of every version, made with versionedOpenAPI({...}).`)
  }
  if (!isRecord(options)) throw new Error(`${WHERE}: options must be an object such as { enabled: true }.`)
  checkOptionNames(options, WHERE, OPTION_NAMES)
  const { enabled, onInvalid } = options
  if (enabled !== undefined && typeof enabled !== 'boolean') throw new Error(`${WHERE}: enabled must be true or false.`)
  if (onInvalid !== undefined && typeof onInvalid !== 'function') throw new Error(`${WHERE}: onInvalid must be a function (problem, c) => Response | void.`)
  // Decided once when the process says; otherwise per request from the Worker's env.
  const fixed = enabled ?? (processMode() === undefined ? null : isDevelopment(processMode()))
  // Off: nothing to do on any request.
  if (fixed === false) return passThrough
  // By document, then schema: documents of several versions share an operation's schema (`$ref`s to their own components).
  const validators = new WeakMap<OpenAPIDocument, WeakMap<SchemaObject, SchemaValidators>>()

  function validatorOf(document: OpenAPIDocument, schema: SchemaObject): SchemaValidators {
    let made = validators.get(document)
    if (made === undefined) {
      made = new WeakMap()
      validators.set(document, made)
    }
    let validator = made.get(schema)
    if (validator === undefined) {
      // The validator annotates the schema it is given: it gets copies of the (frozen) document's.
      const root = { $ref: '#/$defs/response', $defs: { response: structuredClone(schema) }, components: structuredClone(document.components ?? {}) }
      const draft = document.openapi.startsWith('3.0') ? '4' : '2020-12'
      validator = { first: new Validator(root, draft, true), all: null, make: () => new Validator(root, draft, false) }
      made.set(schema, validator)
    }
    return validator
  }

  // The documented versions as a set, made again only when the list changes (a sunset passed).
  let documented: { readonly list: ValidatedDocuments['versions']; readonly names: ReadonlySet<string> } | null = null
  const isDocumented = (version: string): boolean => {
    const list = documents.versions
    if (documented?.list !== list) documented = { list, names: new Set(list.map((d) => d.version)) }
    return documented.names.has(version)
  }

  // The model's operations by the route Hono matched, in the versions it lists; any other version by the document's paths.
  const model = documents.model
  const modelled = model === undefined ? null : { versions: new Set(model.space.versions), matched: matchedOperations(model) }

  return async function validateResponses(c, next) {
    await next()
    if (fixed === null && !isDevelopment((c.env as Record<string, unknown> | undefined)?.['NODE_ENV'])) return
    const version = (c.var as Record<string, unknown>)['version']
    if (typeof version !== 'string' || !isDocumented(version)) return
    const document = documents.document(version)
    const found = modelled?.versions.has(version) ? modelled.matched(c, version) : findOperation(document, c.req.method, new URL(c.req.url).pathname)
    const essence = mediaType(c.res.headers.get('content-type'))
    const schema = found === null || !isJsonType(essence) ? null : ((responseMedia(found.responses, c.res.status, essence)?.schema ?? null) as SchemaObject | null)
    if (found === null || schema === null) return
    let body: unknown
    let errors: ResponseContractProblem['errors']
    let text = ''
    try {
      text = await c.res.clone().text()
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    if (body === undefined) errors = [{ at: '#', message: 'The body is not JSON.' }]
    else errors = problemsOf(validatorOf(document, schema), body, text.length)
    if (errors.length === 0) return
    const problem: ResponseContractProblem = { version, method: c.req.method, path: found.path, status: c.res.status, mediaType: essence, errors }
    if (onInvalid === undefined) throw new ResponseContractError(problem)
    const replacement = await onInvalid(problem, c)
    if (replacement instanceof Response) c.res = replacement
  }
}
