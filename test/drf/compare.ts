/**
 * The comparison of the differential test (./differential.ts): the fields on which DRF and the twin disagree, and
 * the deliberate differences of docs/drf-differences.md that may explain a disagreement.
 */
import { parseMediaType, type AvailableType } from '../../src/http/accept.ts'
import { acceptElement, acceptTexts, matches, type AcceptElement } from '../../src/http/accept-list.ts'
import type { DrfCase, DrfResult } from './twin.ts'

/** One field on which DRF and the twin disagree: the outcome, or the URL of one reversal. */
export interface Mismatch {
  /** `outcome` (status, detail, version) or `url` (the reversal at `index`). */
  readonly field: 'outcome' | 'url'
  readonly index: number
  readonly drf: unknown
  readonly ours: unknown
}

/** DRF's answer to another case, `undefined` when no case is that one. */
export type Reference = (c: DrfCase) => DrfResult | undefined

export interface Difference {
  readonly id: string
  /**
   * Whether this documented difference explains the mismatch: DRF answered as
   * docs/drf-differences.md says it does, and so did we.
   */
  readonly explains: (c: DrfCase, m: Mismatch, drf: DrfResult, ours: DrfResult, reference: Reference) => boolean
}

const sortedQuery = (url: unknown): unknown => {
  if (typeof url !== 'string' || !url.includes('?')) return url
  const [base, query] = url.split('?') as [string, string]
  return `${base}?${query.split('&').sort().join('&')}`
}

/** Whether two answers are the same: status, version, detail and every reversed URL. */
/**
 * Whether our answer `b` to case `c` is DRF's answer `a` to another request: the same outcome, and each reversed URL the
 * same or different only as a documented difference of reversal explains (one that needs no other answer).
 */
const same = (a: DrfResult | undefined, b: DrfResult | undefined, c?: DrfCase): boolean =>
  a !== undefined &&
  b !== undefined &&
  (JSON.stringify(normalise(a)) === JSON.stringify(normalise(b)) ||
    (c !== undefined && mismatches(a, b).every((m) => m.field === 'url' && DIFFERENCES.some((d) => d.explains(c, m, a, b, () => undefined)))))

const JSON_TYPE = parseMediaType('application/json') as AvailableType

/** The elements of an Accept header as DRF lists them, each with how it reads (`null`: Django raises). */
const elements = (header: string): { text: string; element: AcceptElement | null }[] => acceptTexts(header).map((text) => ({ text, element: acceptElement(text) }))

/**
 * Whether our answer is DRF's to the header without the elements we skip, of which `skipped` picks one or more, or,
 * when no element left matches, the 406 of no acceptable type.
 */
function skipping(c: DrfCase, ours: DrfResult, reference: Reference, skipped: (e: { element: AcceptElement | null }) => boolean): boolean {
  const all = elements(c.accept as string)
  if (!all.some(skipped)) return false
  // Without every element we skip (of both kinds: a header may hold both).
  const kept = all.filter((e) => e.element !== null && !e.element.malformed)
  if (!kept.some((e) => e.element !== null && !e.element.malformed && matches(JSON_TYPE, e.element))) return ours.status === 406 && ours.detail === 'Could not satisfy the request Accept header.'
  return same(reference({ ...c, accept: kept.map((e) => e.text).join(', ') }), ours, c)
}

/** Whether Django's `get_host` takes a host (django/http/request.py: `host_validation_re`, then `split_domain_port`). */
function djangoHost(host: string): boolean {
  const lower = host.toLowerCase()
  if (!/^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(:\d+)?$/.test(lower)) return false
  if (lower.endsWith(']')) return true
  const colon = lower.lastIndexOf(':')
  const domain = colon === -1 ? lower : lower.slice(0, colon)
  return (domain.endsWith('.') ? domain.slice(0, -1) : domain) !== ''
}

/** The deliberate differences; docs/drf-differences.md gives each id its reason. */
export const DIFFERENCES: readonly Difference[] = [
  {
    id: 'blank-accept',
    // DRF: 406 "Could not satisfy". We: no preference, so exactly DRF's answer to the same request without an Accept header.
    explains: (c, m, drf, ours, reference) =>
      c.accept !== null &&
      c.accept.trim() === '' &&
      m.field === 'outcome' &&
      drf.detail === 'Could not satisfy the request Accept header.' &&
      same(reference({ ...c, accept: null }), ours, c),
  },
  {
    id: 'equal-ranges',
    // Several equally specific ranges match (as DRF reads them; q ranks nothing in either). We: the first in the
    // header wins, so exactly DRF's answer to that element alone.
    explains: (c, m, _drf, ours, reference) => {
      if (c.accept === null || m.field !== 'outcome') return false
      const json = elements(c.accept).filter((e) => e.element !== null && !e.element.malformed && matches(JSON_TYPE, e.element))
      const top = Math.max(...json.map((e) => e.element?.precedence ?? -1))
      const tied = json.filter((e) => e.element?.precedence === top)
      const first = tied[0]
      return first !== undefined && new Set(tied.map((e) => e.text)).size > 1 && same(reference({ ...c, accept: first.text }), ours, c)
    },
  },
  {
    id: 'malformed-value',
    // We: an element with an unquoted value holding a space or tab is skipped, so exactly DRF's answer to the header
    // without it, and with no other element the Accept header cannot be satisfied.
    explains: (c, m, _drf, ours, reference) => (c.accept === null || m.field !== 'outcome' ? false : skipping(c, ours, reference, (e) => e.element?.malformed === true)),
  },
  {
    id: 'drf-500',
    // DRF answers 500 (Django's parse_header raises) for an element whose type or a parameter name is beyond ASCII, or
    // whose name*= value names no charset; we skip that element: DRF's answer to the header without it.
    explains: (c, m, drf, ours, reference) => (c.accept === null || m.field !== 'outcome' || drf.status !== 500 ? false : skipping(c, ours, reference, (e) => e.element === null)),
  },
  {
    id: 'param-name-case',
    // AcceptHeaderVersioning with a versionParam in capitals: DRF looks it up among parameter names it lower-cased, so
    // never finds it (the default version); we read the parameter case-insensitively: DRF's answer to the lower-case name.
    // (Where DRF's answer to the lower-case name differs from ours, another difference must explain that, as for any case.)
    explains: (c, m, _drf, ours, reference) => {
      if (c.scheme !== 'accept-header' || m.field !== 'outcome' || c.options.versionParam === c.options.versionParam.toLowerCase()) return false
      const lower: DrfCase = { ...c, options: { ...c.options, versionParam: c.options.versionParam.toLowerCase() } }
      const drf = reference(lower)
      if (drf === undefined) return false
      return same(drf, ours, lower) || mismatches(drf, ours).every((other) => DIFFERENCES.some((d) => d.id !== 'param-name-case' && d.explains(lower, other, drf, ours, reference)))
    },
  },
  {
    id: 'query-order',
    explains: (_c, m) => m.field === 'url' && m.drf !== m.ours && sortedQuery(m.drf) === sortedQuery(m.ours),
  },
  {
    id: 'lower-cased-host',
    // We answer as DRF answers the same request from the lower-cased host (the version, whether it is allowed, links).
    explains: (c, _m, _drf, ours, reference) => c.host !== c.host.toLowerCase() && same(reference({ ...c, host: c.host.toLowerCase() }), ours, { ...c, host: c.host.toLowerCase() }),
  },
  {
    id: 'django-host-validation',
    // Django's host grammar: letters, digits, "." and "-", or a bracketed IPv6 address, and a port; and a domain
    // left once the port and a trailing dot are cut (not "." nor ":80"). We read the host like any other with no
    // version: exactly DRF's answer for example.com, links on the request's own host.
    explains: (c, m, drf, ours, reference) =>
      m.field === 'outcome' &&
      drf.status === 400 &&
      !djangoHost(c.host) &&
      same(reference({ ...c, host: 'example.com' }), { ...ours, ...(ours.urls === undefined ? {} : { urls: ours.urls.map((u) => u?.replace(`//${c.host.toLowerCase()}/`, '//example.com/') ?? null) }) }, { ...c, host: 'example.com' }),
  },
  {
    id: 'current-namespace',
    // Under /api/v1/ (namespace api:v1) we link to api:v1:<name>; DRF to the top-level v1:<name>.
    explains: (c, m) =>
      c.scheme === 'namespace' && m.field === 'url' && typeof m.drf === 'string' && m.ours === m.drf.replace('://testserver/v1/', '://testserver/api/v1/'),
  },
  {
    id: 'dot-segment',
    // A kwarg "." or ".." as a whole path segment: we refuse it (NoReverseMatch), DRF resolves it (/path/../items/ is /items/).
    explains: (c, m) =>
      m.field === 'url' && m.ours === null && typeof m.drf === 'string' && Object.values(c.reverse[m.index]?.kwargs ?? {}).some((v) => v === '.' || v === '..'),
  },
  {
    id: 'url-path-fallback',
    explains: (c, m) => c.scheme === 'url-path' && m.field === 'url' && m.drf === null && typeof m.ours === 'string' && c.reverse[m.index]?.kwargs !== undefined,
  },
]

export const normalise = (r: DrfResult): DrfResult => (r.status === 200 ? { status: 200, version: r.version ?? null, urls: r.urls ?? [] } : { status: r.status, ...(r.detail === undefined ? {} : { detail: r.detail }) })
const outcome = (r: DrfResult): string => JSON.stringify({ status: r.status, version: r.version ?? null, detail: r.detail ?? null })

/** The fields on which two results differ; reversals are compared only when both answered 200. */
export function mismatches(drf: DrfResult, ours: DrfResult): Mismatch[] {
  if (outcome(drf) !== outcome(ours)) return [{ field: 'outcome', index: -1, drf: normalise(drf), ours: normalise(ours) }]
  const out: Mismatch[] = []
  const a = drf.urls ?? []
  const b = ours.urls ?? []
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) out.push({ field: 'url', index: i, drf: a[i], ours: b[i] })
  }
  return out
}

