/**
 * Property-based tests (fast-check) of the five schemes and of reversal.
 *
 * For any request and any route match, a scheme returns a version (a string or
 * null) or throws its documented error with a fixed detail; it is
 * deterministic; and it agrees with a small reference model written straight
 * from the numbered rules of the specification (shared/spec/versioning-spec.md, beside this repository).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AcceptHeaderVersioning,
  HostNameVersioning,
  NamespaceVersioning,
  NoReverseMatch,
  NotAcceptable,
  NotFound,
  QueryParameterVersioning,
  URLPathVersioning,
  defineRoutes,
  include,
  route,
} from '../../src/index.ts'
import type { BaseVersioning, VersioningOptions } from '../../src/index.ts'
import type { VersionMatch } from '../../src/schemes/base.ts'
import { assertProperty } from '../support/property-runs.ts'

/**
 * Runs per property: 500 in `npm test` (on every runtime); `npm run fuzz` sets FUZZ_RUNS=100000, so each
 * scheme's properties (documented outcomes, determinism, agreement with the spec model) run 100,000+ cases.
 * Each property also runs a fifth as many on a fixed seed, and a failure prints how to replay it
 * (FC_SEED, FC_PATH: test/support/property-runs.ts).
 */
const RUNS = Number((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['FUZZ_RUNS'] ?? 500)

// ---------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------

type Outcome =
  | { readonly kind: 'version'; readonly version: string | null }
  | { readonly kind: 'error'; readonly name: 'NotFound' | 'NotAcceptable'; readonly status: number; readonly detail: string }
  | { readonly kind: 'unexpected'; readonly error: string }

const version = (v: string | null): Outcome => ({ kind: 'version', version: v })
const notFound = (detail: string): Outcome => ({ kind: 'error', name: 'NotFound', status: 404, detail })
const notAcceptable = (detail: string): Outcome => ({ kind: 'error', name: 'NotAcceptable', status: 406, detail })

/** Runs `determineVersion` and records what came out, whatever it is. */
function outcomeOf(f: () => unknown): Outcome {
  try {
    const v = f()
    if (v === null || typeof v === 'string') return version(v)
    return { kind: 'unexpected', error: `returned ${typeof v}` }
  } catch (error) {
    if ((error instanceof NotFound || error instanceof NotAcceptable) && error.message === error.detail) {
      return { kind: 'error', name: error.name, status: error.status, detail: error.detail }
    }
    return { kind: 'unexpected', error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error) }
  }
}

// The fixed messages of the spec's Errors table.
const MSG = {
  accept: 'Invalid version in "Accept" header.',
  notSatisfiable: 'Could not satisfy the request Accept header.',
  urlPath: 'Invalid version in URL path.',
  namespace: 'Invalid version in URL path. Does not match any version namespace.',
  hostName: 'Invalid version in hostname.',
  query: 'Invalid version in query parameter.',
} as const

// ---------------------------------------------------------------------------
// The reference model: the spec's rules, written independently of src/
// ---------------------------------------------------------------------------

interface ModelOptions {
  readonly defaultVersion: string | null
  readonly allowedVersions: readonly (string | null)[] | null
  readonly versionParam: string
}

function modelOptions(o: GeneratedOptions): ModelOptions {
  return {
    defaultVersion: o.defaultVersion ?? null,
    allowedVersions: o.allowedVersions ?? null,
    versionParam: o.versionParam ?? 'version',
  }
}

/** Spec, "Allowed-version check (is_allowed_version)", rules 1-4. */
function isAllowedBySpec(o: ModelOptions, v: string | null): boolean {
  if (o.allowedVersions === null || o.allowedVersions.length === 0) return true // 1
  if (v !== null && v === o.defaultVersion) return true // 2
  if (o.allowedVersions.includes(v)) return true // 3
  return false // 4
}

/** Spec, QueryParameterVersioning rules 1-2 (Django's QueryDict.get: the last value). */
function queryModel(o: ModelOptions, request: Request): Outcome {
  const values = new URL(request.url).searchParams.getAll(o.versionParam)
  const v = values.length > 0 ? (values[values.length - 1] as string) : o.defaultVersion // 1
  return isAllowedBySpec(o, v) ? version(v) : notFound(MSG.query) // 2
}

/** Spec, HostNameVersioning rules 1-5. */
function hostModel(o: ModelOptions, request: Request): Outcome {
  const host = new URL(request.url).host
  const name = host.split(':')[0] as string // 1
  const found = /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/.exec(name) // 3
  if (found === null) return version(o.defaultVersion) // 2
  const v = found[1] as string // 4
  return isAllowedBySpec(o, v) ? version(v) : notFound(MSG.hostName) // 5
}

/** Spec, URLPathVersioning rules 1-2. */
function urlPathModel(o: ModelOptions, match: VersionMatch | null | undefined): Outcome {
  const params = match?.params
  const given = params != null && Object.prototype.hasOwnProperty.call(params, o.versionParam) ? params[o.versionParam] : undefined
  const v = given == null ? o.defaultVersion : given // 1
  return isAllowedBySpec(o, v) ? version(v) : notFound(MSG.urlPath) // 2
}

/** Spec, NamespaceVersioning rules 1-4. */
function namespaceModel(o: ModelOptions, match: VersionMatch | null | undefined): Outcome {
  const namespace = match?.namespace
  if (namespace == null || namespace === '') return version(o.defaultVersion) // 1
  for (const component of namespace.split(':')) {
    // 2
    if (isAllowedBySpec(o, component)) return version(component) // 3
  }
  return notFound(MSG.namespace) // 4
}

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

const MAGIC = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'] as const
const VERSIONS = ['v1', 'v2', 'V1', 'v10', '1', '1.0', '2.0', '', ...MAGIC] as const

const latin1Char = fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c))

/** Version-like strings: the usual ones, prototype names, and arbitrary text. */
const versionArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VERSIONS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 3 }) },
)

interface GeneratedOptions {
  readonly defaultVersion?: string | null | undefined
  readonly allowedVersions?: (string | null)[] | null | undefined
  readonly versionParam?: string | undefined
}

const allowedArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant<(string | null)[]>([]),
  fc.array(versionArb, { minLength: 1, maxLength: 4 }),
  fc.array(fc.option(versionArb, { nil: null }), { minLength: 1, maxLength: 4 }),
)
const defaultArb = fc.oneof(fc.constant(undefined), fc.constant(null), versionArb)

/** Any non-empty name: for the path, namespace, host and query schemes. */
const anyParamNameArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constantFrom('version', 'v', 'api-version', 'Version', 'a b', 'x&y=z', 'ü', ...MAGIC) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }) },
)

/** A media-type parameter name other than q: for AcceptHeaderVersioning. */
const tokenParamNameArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constantFrom('version', 'Version', 'api-version', 'Api-Version', 'x.ver_1', 'v', ...MAGIC) },
  { weight: 1, arbitrary: fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,6}$/).filter((s) => s.toLowerCase() !== 'q') },
)

const optionsArb = (paramName: fc.Arbitrary<string | undefined>): fc.Arbitrary<GeneratedOptions> =>
  fc.record({ defaultVersion: defaultArb, allowedVersions: allowedArb, versionParam: paramName })

/** Keys of params objects and query strings: likely version params, near misses, and arbitrary text. */
const keyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('version') },
  { weight: 4, arbitrary: fc.constantFrom('version', 'Version', 'v', 'api-version', 'a b', 'x&y=z', 'ü', 'format', ...MAGIC) },
  { weight: 1, arbitrary: fc.string({ maxLength: 5 }) },
)

const hostLabelArb = fc.oneof(
  fc.constantFrom('v1', 'V2', 'v10', 'api', 'example', 'com', '1', '0', 'xn--tda'),
  fc.stringMatching(/^[a-zA-Z0-9]{1,5}$/),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'grapheme', maxLength: 2 }),
)

const hostArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.array(hostLabelArb, { minLength: 1, maxLength: 4 }), fc.option(fc.oneof(fc.nat(70000).map(String), fc.constant('')), { nil: null }))
      .map(([labels, port]) => labels.join('.') + (port === null ? '' : `:${port}`)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'v1.example.com',
      'V1.Example.COM:8787',
      'v1.example.com.',
      'v1.example',
      'a.b.c.d',
      'localhost',
      '127.0.0.1',
      '0x7f.1',
      '[::1]:8080',
      '[::1]',
      'ü.example.com',
      'v1%2e.example.com',
      'v1.exa%6dple.com',
      'toString.example.com',
      '__proto__.example.com',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
)

const pathArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'users', 'v1/users/', '../..', '%2F', 'a?b#c', '#frag', '?x=1', 'ü'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
)

const queryValueArb: fc.Arbitrary<string> = fc.oneof(
  versionArb,
  versionArb.map((v) => {
    try {
      return encodeURIComponent(v)
    } catch {
      return v
    }
  }),
  fc.constantFrom('v%31', 'v+1', '%', '%zz', '1%2C2', '%E2%82%AC', '%ff'),
)

const queryKeyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: keyArb },
  { weight: 1, arbitrary: fc.constantFrom('?version', 'vers%69on', 'version+', 'Version', 'version%20', '%76ersion', 'version[]', 'a+b', 'a%20b', 'x%26y%3Dz', '__proto__') },
)

/** A query string (without the leading '?'), structured or arbitrary. */
const queryArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.array(
          fc.oneof(
            fc.tuple(queryKeyArb, queryValueArb).map(([k, v]) => `${k}=${v}`),
            queryKeyArb,
            fc.string({ maxLength: 5 }),
          ),
          { maxLength: 5 },
        ),
        fc.constantFrom('&', '&&', ';', '&amp;'),
      )
      .map(([parts, sep]) => parts.join(sep)),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('?version=2.0', '??version=v1', '?', 'version=v1#version=v2', 'version=v1&version', 'version') },
)

const TYPES = ['application/json', 'Application/JSON', 'text/html', 'application/*', '*/*', 'text/*', 'image/png', 'application/vnd.api+json'] as const

/** Accept-like text built from the grammar's pieces, some of them broken. */
const acceptishArb: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...TYPES), fc.constantFrom('*/json', 'json', '/', 'application/', ''), fc.string({ maxLength: 4 })),
      fc.array(
        fc.oneof(
          fc.tuple(keyArb, versionArb).map(([k, v]) => `${k}=${v}`),
          fc.tuple(fc.constantFrom('version', 'VERSION', 'q', 'Q', 'api-version'), fc.oneof(versionArb, fc.constantFrom('0', '0.5', '1', '2', 'abc', '0.1234', '1.'))).map(([k, v]) => `${k}=${v}`),
          versionArb.map((v) => `version="${v}"`),
          fc.constantFrom('version="unterminated', 'x="a,b"', 'x="\\"', '=', '', 'version', 'x=1 junk'),
        ),
        { maxLength: 3 },
      ),
    ),
    { maxLength: 4 },
  )
  .chain((ranges) =>
    fc.constantFrom(' ', '', '\t', '  ').map((ows) => ranges.map(([t, ps]) => [t, ...ps].join(`${ows};${ows}`)).join(`${ows},${ows}`)),
  )

/** Any Accept value, or no header; values `Headers` refuses are skipped by the properties. */
const acceptArb: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 6, arbitrary: acceptishArb },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: latin1Char, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.oneof(acceptishArb, fc.string({ unit: latin1Char, maxLength: 8 })), fc.integer({ min: 100, max: 2000 }))
      .map(([piece, n]) => `${piece},`.repeat(n)),
  },
)

/** A params object: own properties (also `__proto__`), plain or null-prototype, sometimes with inherited keys. */
const paramsArb: fc.Arbitrary<Readonly<Record<string, string | null | undefined>> | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.array(fc.tuple(keyArb, fc.oneof({ weight: 4, arbitrary: versionArb }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) })), { maxLength: 4 }),
        fc.constantFrom('plain', 'null-prototype', 'inherits'),
      )
      .map(([entries, proto]) => {
        const base: object | null = proto === 'plain' ? Object.prototype : proto === 'null-prototype' ? null : { version: 'inherited', v: 'inherited' }
        const params = Object.create(base) as Record<string, string | null | undefined>
        for (const [key, value] of entries) Object.defineProperty(params, key, { value, enumerable: true, writable: true, configurable: true })
        return params
      }),
  },
)

const namespaceArb: fc.Arbitrary<string | null | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(''),
  fc.array(versionArb, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(':')),
  fc.string({ unit: 'binary', maxLength: 10 }),
)

const matchArb: fc.Arbitrary<VersionMatch | null | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 4, arbitrary: fc.record({ namespace: namespaceArb, params: paramsArb }) },
)

interface RequestParts {
  readonly protocol: string
  readonly host: string
  readonly path: string
  readonly query: string | null
  readonly accept: string | null
}

const requestPartsArb: fc.Arbitrary<RequestParts> = fc.record({
  protocol: fc.constantFrom('http', 'https'),
  host: hostArb,
  path: pathArb,
  query: fc.option(queryArb, { nil: null }),
  accept: acceptArb,
})

/** The request, or null when `new Request`/`Headers` refuse the parts (CR, LF, NUL, non-Latin-1 headers; bad hosts). */
function buildRequest(parts: RequestParts): Request | null {
  const url = `${parts.protocol}://${parts.host}/${parts.path}${parts.query === null ? '' : `?${parts.query}`}`
  try {
    const headers = new Headers()
    if (parts.accept !== null) headers.set('Accept', parts.accept)
    return new Request(url, { headers })
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------
// Determination: the five schemes
// ---------------------------------------------------------------------------

interface SchemeUnderTest {
  readonly name: string
  readonly options: fc.Arbitrary<GeneratedOptions>
  readonly make: (options: VersioningOptions) => BaseVersioning
  /** The documented rejection: its error class and the details it may carry. */
  readonly rejection: { readonly name: 'NotFound' | 'NotAcceptable'; readonly status: number; readonly details: readonly string[] }
  /** The spec model, or null where the model is a separate property (Accept negotiation). */
  readonly model: ((o: ModelOptions, request: Request, match: VersionMatch | null | undefined) => Outcome) | null
}

const SCHEMES: readonly SchemeUnderTest[] = [
  {
    name: 'AcceptHeaderVersioning',
    options: optionsArb(tokenParamNameArb),
    make: (options) => new AcceptHeaderVersioning(options),
    rejection: { name: 'NotAcceptable', status: 406, details: [MSG.accept, MSG.notSatisfiable] },
    model: null,
  },
  {
    name: 'URLPathVersioning',
    options: optionsArb(anyParamNameArb),
    make: (options) => new URLPathVersioning(options),
    rejection: { name: 'NotFound', status: 404, details: [MSG.urlPath] },
    model: (o, _request, match) => urlPathModel(o, match),
  },
  {
    name: 'NamespaceVersioning',
    options: optionsArb(anyParamNameArb),
    make: (options) => new NamespaceVersioning(options),
    rejection: { name: 'NotFound', status: 404, details: [MSG.namespace] },
    model: (o, _request, match) => namespaceModel(o, match),
  },
  {
    name: 'HostNameVersioning',
    options: optionsArb(anyParamNameArb),
    make: (options) => new HostNameVersioning(options),
    rejection: { name: 'NotFound', status: 404, details: [MSG.hostName] },
    model: (o, request) => hostModel(o, request),
  },
  {
    name: 'QueryParameterVersioning',
    options: optionsArb(anyParamNameArb),
    make: (options) => new QueryParameterVersioning(options),
    rejection: { name: 'NotFound', status: 404, details: [MSG.query] },
    model: (o, request) => queryModel(o, request),
  },
]

type DetermineArgs = [options: GeneratedOptions, parts: RequestParts, match: VersionMatch | null | undefined]

/** Requests worth trying on every scheme, whatever the generators produce. */
const EXAMPLE_PARTS: readonly RequestParts[] = [
  { protocol: 'http', host: 'v1.example.com', path: '', query: '?version=v2', accept: null },
  { protocol: 'http', host: 'v1.example.com:8787', path: 'users', query: 'version=v1&version=__proto__', accept: '*/*; version=__proto__' },
  { protocol: 'https', host: '[::1]:8080', path: '', query: 'toString=1', accept: 'application/json; version="toString"' },
]

for (const scheme of SCHEMES) {
  describe(`${scheme.name}.determineVersion`, () => {
    it('returns a string or null, or throws the documented error with a fixed detail', () => {
      assertProperty(
        fc.property(scheme.options, requestPartsArb, matchArb, (options, parts, match) => {
          const request = buildRequest(parts)
          fc.pre(request !== null)
          const outcome = outcomeOf(() => scheme.make(options).determineVersion(request, match))
          if (outcome.kind === 'unexpected') expect.fail(outcome.error)
          if (outcome.kind === 'error') {
            expect(outcome.name).toBe(scheme.rejection.name)
            expect(outcome.status).toBe(scheme.rejection.status)
            expect(scheme.rejection.details).toContain(outcome.detail)
          }
        }),
        { numRuns: RUNS, examples: EXAMPLE_PARTS.map((parts): DetermineArgs => [{ allowedVersions: ['v1'] }, parts, { namespace: 'v1', params: { version: 'v1' } }]) },
      )
    })

    it('is deterministic: the same request twice gives the same outcome', () => {
      assertProperty(
        fc.property(scheme.options, requestPartsArb, matchArb, (options, parts, match) => {
          const request = buildRequest(parts)
          fc.pre(request !== null)
          const instance = scheme.make(options)
          const first = outcomeOf(() => instance.determineVersion(request, match))
          const again = outcomeOf(() => instance.determineVersion(request, match))
          const fresh = outcomeOf(() => scheme.make(options).determineVersion(request, match))
          expect(again).toEqual(first)
          expect(fresh).toEqual(first)
        }),
        { numRuns: RUNS },
      )
    })

    const model = scheme.model
    if (model !== null) {
      it('agrees with the spec model', () => {
        assertProperty(
          fc.property(scheme.options, requestPartsArb, matchArb, (options, parts, match) => {
            const request = buildRequest(parts)
            fc.pre(request !== null)
            const actual = outcomeOf(() => scheme.make(options).determineVersion(request, match))
            expect(actual).toEqual(model(modelOptions(options), request, match))
          }),
          { numRuns: RUNS * 2, examples: EXAMPLE_PARTS.map((parts): DetermineArgs => [{}, parts, { namespace: 'v1', params: { version: 'v1' } }]) },
        )
      })
    }
  })
}

// ---------------------------------------------------------------------------
// AcceptHeaderVersioning against a negotiation model: DRF's (its content negotiation and Django's parse_header,
// src/http/accept-list.ts), on headers whose values hold no ",", ";", quotes, backslashes or spaces; the DRF
// differential (test/drf/fuzz.ts) sends those to DRF itself.
// ---------------------------------------------------------------------------

interface RangeSpec {
  readonly type: string
  readonly subtype: string
  /** Parameter names as written (any case) with their values and their serialised text. */
  readonly params: readonly { readonly name: string; readonly value: string; readonly text: string }[]
  /** The q-value as written; null for none. */
  readonly q: string | null
  readonly caseStyle: 'lower' | 'upper' | 'title'
}

const RANGE_TYPES = [
  ['application', 'json'],
  ['application', 'vnd.api+json'],
  ['application', 'xml'],
  ['text', 'html'],
  ['image', 'png'],
  ['application', '*'],
  ['text', '*'],
  ['*', '*'],
] as const

/** Well-formed or not: DRF neither checks nor ranks by q. */
const QVALUES = ['0', '0.', '0.000', '0.001', '0.5', '0.9', '1', '1.0', '1.000', '2', 'abc', '0.1234'] as const

const unquotedValueArb = fc.oneof(fc.constantFrom('v1', '2.0', 'V2', '__proto__', 'toString', 'utf-8'), fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,6}$/))
/** A quoted-string DRF unwraps to its text: no quote, backslash, comma, semicolon or space inside. */
const quotedValueArb = fc
  .array(fc.oneof(fc.constantFrom('=', '/', ':', '@'), fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]$/), latin1Char.filter((c) => c.charCodeAt(0) > 0xa0)), { maxLength: 6 })
  .map((chars) => ({ value: chars.join(''), text: `"${chars.join('')}"` }))
const paramValueArb = fc.oneof(unquotedValueArb.map((v) => ({ value: v, text: v })), quotedValueArb)

const rangeSpecArb = (versionParam: string): fc.Arbitrary<RangeSpec> =>
  fc.record({
    typePair: fc.constantFrom(...RANGE_TYPES),
    params: fc.uniqueArray(
      fc.tuple(fc.constantFrom(versionParam, versionParam.toUpperCase(), 'charset', 'x', 'Level', 'toString', '__proto__'), paramValueArb).map(([name, v]) => ({ name, ...v })),
      { selector: (p) => p.name.toLowerCase(), maxLength: 3 },
    ),
    q: fc.option(fc.constantFrom(...QVALUES), { nil: null }),
    caseStyle: fc.constantFrom('lower', 'upper', 'title'),
  }).map(({ typePair, params, q, caseStyle }) => ({ type: typePair[0], subtype: typePair[1], params, q, caseStyle }))

const applyCase = (text: string, style: RangeSpec['caseStyle']): string =>
  style === 'lower' ? text : style === 'upper' ? text.toUpperCase() : text.replace(/(^|[/.+])([a-z])/g, (_m, a: string, b: string) => a + b.toUpperCase())

/** DRF's precedence: `*` as the type, `*` as the subtype, no parameters but q, parameters. */
const precedenceOf = (r: { type: string; subtype: string; params: readonly unknown[] }): number => (r.type === '*' ? 0 : r.subtype === '*' ? 1 : r.params.length > 0 ? 3 : 2)

/** How DRF reads a list element: its type, subtype and parameters (q among them), or null when it matches nothing. */
interface Reading {
  readonly type: string
  readonly subtype: string
  readonly params: readonly (readonly [string, string])[]
  readonly precedence: number
}

/** Odd elements a client may send among valid ones, with DRF's reading (`*` as the type matches any; q is a parameter). */
const ODD: readonly (readonly [string, Reading | null])[] = [
  ['garbage', null],
  ['*/json', { type: '*', subtype: 'json', params: [], precedence: 0 }],
  ['/json', null],
  ['application/', null],
  ['application/json;q=2', { type: 'application', subtype: 'json', params: [['q', '2']], precedence: 2 }],
  ['text/html;q=abc', { type: 'text', subtype: 'html', params: [['q', 'abc']], precedence: 2 }],
  // An unquoted value with a space: skipped (docs/drf-differences.md, malformed-value).
  ['application/json; version=9 junk', null],
  ['application/json;version', { type: 'application', subtype: 'json', params: [], precedence: 2 }],
  ['foo; x="a', null],
  ['application/json junk', null],
  ['application /json', null],
]

interface AcceptCase {
  readonly versionParam: string
  /** The elements of the header, in order, with DRF's reading. */
  readonly elements: readonly Reading[]
  readonly header: string | null
}

/** A header from random ranges, with odd elements, empty elements and OWS mixed in. */
const acceptCaseArb: fc.Arbitrary<AcceptCase> = fc
  .constantFrom('version', 'Version', 'api-version', '__proto__', 'toString')
  .chain((versionParam) =>
    fc
      .tuple(
        fc.array(rangeSpecArb(versionParam), { maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(6), fc.constantFrom(...ODD)), { maxLength: 2 }),
        fc.constantFrom('', ' ', '\t', ' \t'),
        fc.constantFrom('', ' ', '\t'),
        fc.boolean(), // empty list elements
        fc.boolean(), // absent rather than empty when there is nothing
      )
      .map(([ranges, odd, ows, ows2, empties, absent]) => {
        const elements: [string, Reading | null][] = ranges.map((r) => {
          const params = r.params.map((p) => `${p.name}=${p.text}`)
          if (r.q !== null) params.push(`${r.caseStyle === 'upper' ? 'Q' : 'q'}=${r.q}`)
          const read: [string, string][] = r.params.map((p) => [p.name.toLowerCase(), p.value])
          if (r.q !== null) read.push(['q', r.q])
          const reading = { type: r.type, subtype: r.subtype, params: read, precedence: precedenceOf(r) }
          return [[applyCase(`${r.type}/${r.subtype}`, r.caseStyle), ...params].join(`${ows};${ows2}`), reading]
        })
        for (const [at, element] of odd) elements.splice(Math.min(at, elements.length), 0, [...element])
        if (empties && elements.length > 0) elements.splice(1, 0, ['', null], [ows, null])
        const header = elements.length === 0 && absent ? null : elements.map(([text]) => text).join(`${ows2},${ows}`)
        return { versionParam, elements: elements.flatMap(([, reading]) => (reading === null ? [] : [reading])), header }
      }),
  )

const RENDERED = [
  ['application', 'json'],
  ['application', 'vnd.api+json'],
  ['text', 'html'],
] as const

/**
 * DRF's negotiation (rest_framework/negotiation.py): by precedence, most specific first; for each, the rendered
 * types in order; for each, the matching elements, the first in the header (DRF: a set, docs/drf-differences.md
 * equal-ranges). A blank header is `*\/*` (blank-accept). The accepted parameters are the element's.
 */
function modelNegotiate(
  c: AcceptCase,
  rendered: readonly (readonly [string, string])[],
): { readonly mediaType: string; readonly params: Record<string, string> } | null {
  const elements: readonly Reading[] = c.header === null || c.header.trim() === '' ? [{ type: '*', subtype: '*', params: [], precedence: 0 }] : c.elements
  for (let precedence = 3; precedence >= 0; precedence--) {
    for (const [type, subtype] of rendered) {
      const e = elements.find((r) => r.precedence === precedence && (r.type === '*' || r.type === type) && (r.subtype === '*' || r.subtype === subtype))
      if (e === undefined) continue
      const params: Record<string, string> = Object.create(null) as Record<string, string>
      for (const [name, value] of e.params) params[name] = value
      return { mediaType: `${type}/${subtype}`, params }
    }
  }
  return null
}

describe('AcceptHeaderVersioning negotiation', () => {
  it("agrees with a model of DRF's negotiation on structured headers", () => {
    assertProperty(
      fc.property(
        acceptCaseArb,
        fc.shuffledSubarray([...RENDERED], { minLength: 1 }),
        defaultArb,
        allowedArb,
        (c, rendered, defaultVersion, allowedVersions) => {
          const headers = new Headers()
          if (c.header !== null) headers.set('Accept', c.header)
          const request = new Request('https://api.example.com/users', { headers })
          const options = { defaultVersion, allowedVersions, versionParam: c.versionParam }
          const scheme = new AcceptHeaderVersioning({ ...options, mediaTypes: rendered.map(([t, s]) => `${t}/${s}`) })
          const expected = modelNegotiate(c, rendered)

          const negotiated = outcomeOf(() => {
            const accepted = scheme.negotiate(request)
            return JSON.stringify({ mediaType: accepted.mediaType, params: Object.fromEntries(accepted.params) })
          })
          const actual = outcomeOf(() => scheme.determineVersion(request))
          if (expected === null) {
            expect(negotiated).toEqual(notAcceptable(MSG.notSatisfiable))
            expect(actual).toEqual(notAcceptable(MSG.notSatisfiable))
            return
          }
          expect(negotiated).toEqual(version(JSON.stringify({ mediaType: expected.mediaType, params: Object.fromEntries(Object.entries(expected.params)) })))
          const o = modelOptions(options)
          // The version parameter's name in any case (we read it lower-cased).
          const key = c.versionParam.toLowerCase()
          const v = Object.prototype.hasOwnProperty.call(expected.params, key) ? (expected.params[key] as string) : o.defaultVersion
          expect(actual).toEqual(isAllowedBySpec(o, v) ? version(v) : notAcceptable(MSG.accept))
        },
      ),
      { numRuns: RUNS * 2 },
    )
  })
})

// ---------------------------------------------------------------------------
// Reversal: a value cannot change the structure of the path
// ---------------------------------------------------------------------------

const table = defineRoutes([
  route('user', '/users/:pk'),
  route('file', '/files/:name{.+}'),
  include('/v1', [route('doc', '/docs/:slug')], { namespace: 'v1' }),
])

interface ReverseCase {
  readonly name: string
  readonly param: string
  readonly literals: readonly string[]
  readonly reverse: (value: string) => string
  /** Values the route's pattern refuses (besides "." and "..", and text that is not well-formed Unicode). */
  readonly patternRefuses: (value: string) => boolean
}

const REVERSE_CASES: readonly ReverseCase[] = [
  { name: 'user', param: 'pk', literals: ['users'], reverse: (v) => table.reverse('user', { kwargs: { pk: v } }), patternRefuses: (v) => !/^[^/]+$/.test(v) },
  { name: 'file', param: 'name', literals: ['files'], reverse: (v) => table.reverse('file', { kwargs: { name: v } }), patternRefuses: (v) => !/^.+$/.test(v) },
  { name: 'v1:doc', param: 'slug', literals: ['v1', 'docs'], reverse: (v) => table.reverse('v1:doc', { args: [v] }), patternRefuses: (v) => !/^[^/]+$/.test(v) },
]

const reverseValueArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '.', '..', '...', '/', '//', 'a/b', '../x', './', '?', '#', 'a?b#c', '%', '%25', '%2F', '%2f', '%252F', '%2e%2e', '.%2e', '%zz', '%E2%82%AC', 'a%41',
      ' ', '+', ';', '\\', '..\\', '\n', '\u2028', '\uD800', 'a\uDC00', '\u{1F600}', 'é', '__proto__', 'constructor', 'toString', '',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('%', '2', '5', 'F', 'e', '.', '/', '?', '#', 'a'), maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
)

const hasLoneSurrogate = (text: string): boolean => /\p{Cs}/u.test(text)

describe('RouteTable.reverse', () => {
  for (const c of REVERSE_CASES) {
    it(`"${c.name}": a value is refused, or round-trips as exactly one path segment`, () => {
      assertProperty(
        fc.property(reverseValueArb, (value) => {
          let out: string
          try {
            out = c.reverse(value)
          } catch (error) {
            expect(error).toBeInstanceOf(NoReverseMatch)
            // Refused only for a documented reason.
            expect(c.patternRefuses(value) || value === '.' || value === '..' || hasLoneSurrogate(value)).toBe(true)
            return
          }
          const url = new URL(out, 'http://x')
          expect(url.search).toBe('')
          expect(url.hash).toBe('')
          expect(url.pathname).toBe(out)
          expect(url.pathname.split('/').map((segment) => decodeURIComponent(segment))).toEqual(['', ...c.literals, value])
          const match = table.resolve(url.pathname)
          expect(match?.viewName).toBe(c.name)
          expect(match?.params[c.param]).toBe(value)
        }),
        { numRuns: RUNS * 2, examples: [['a/b'], ['..'], ['?#'], ['%'], ['%2F'], ['a%41']] },
      )
    })
  }
})
