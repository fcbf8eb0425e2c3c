/**
 * The comparison of the differential test (./differential.ts): the fields on which DRF and the twin disagree, and
 * the deliberate differences of docs/drf-differences.md that may explain a disagreement.
 */
import { parseAccept } from '../../src/http/accept.ts'
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
const same = (a: DrfResult | undefined, b: DrfResult | undefined): boolean => a !== undefined && b !== undefined && JSON.stringify(normalise(a)) === JSON.stringify(normalise(b))

/** Whether a range of an Accept header matches `application/json`, the type the views render. */
const matchesJson = (r: { type: string; subtype: string }): boolean => (r.type === '*' || r.type === 'application') && (r.subtype === '*' || r.subtype === 'json')

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
      same(ours, reference({ ...c, accept: null })),
  },
  {
    id: 'equal-ranges',
    // Several equally specific ranges with equal q match. We: the first in the header wins, so exactly
    // DRF's answer to that range alone (each element is parsed alone; the cases quote no commas).
    explains: (c, m, _drf, ours, reference) => {
      if (c.accept === null || m.field !== 'outcome') return false
      const json = c.accept.split(',').flatMap((text) => parseAccept(text).filter(matchesJson).map((range) => ({ text: text.trim(), range })))
      const top = Math.max(...json.map((e) => e.range.precedence))
      const tied = json.filter((e) => e.range.precedence === top)
      const first = tied[0]
      return first !== undefined && tied.length > 1 && tied.every((e) => e.range.q === first.range.q) && same(ours, reference({ ...c, accept: first.text }))
    },
  },
  {
    id: 'malformed-value',
    // We: the range is invalid, and with no other range the Accept header cannot be satisfied.
    explains: (c, m, _drf, ours) =>
      c.accept !== null && /=[^;,"\s]+[ \t]+[^;,\s]/.test(c.accept) && m.field === 'outcome' && ours.status === 406 && ours.detail === 'Could not satisfy the request Accept header.',
  },
  {
    id: 'query-order',
    explains: (_c, m) => m.field === 'url' && m.drf !== m.ours && sortedQuery(m.drf) === sortedQuery(m.ours),
  },
  {
    id: 'lower-cased-host',
    // The same answer but for case, or DRF refusing the upper-case version that we read lower-cased.
    explains: (c, m, drf, ours) =>
      c.host !== c.host.toLowerCase() &&
      (JSON.stringify(m.drf).toLowerCase() === JSON.stringify(m.ours).toLowerCase() ||
        (drf.detail === 'Invalid version in hostname.' && ours.version === (c.host.split('.')[0] ?? '').toLowerCase())),
  },
  {
    id: 'django-host-validation',
    // Django's host grammar: letters, digits, "." and "-", or a bracketed IPv6 address, and a port. We read the
    // host like any other with no version: exactly DRF's answer for example.com, links on the request's own host.
    explains: (c, m, drf, ours, reference) =>
      m.field === 'outcome' &&
      drf.status === 400 &&
      !/^([a-z0-9.-]+|\[[a-f0-9:.]+\])(:[0-9]+)?$/i.test(c.host) &&
      same({ ...ours, ...(ours.urls === undefined ? {} : { urls: ours.urls.map((u) => u?.replace(`//${c.host.toLowerCase()}/`, '//example.com/') ?? null) }) }, reference({ ...c, host: 'example.com' })),
  },
  {
    id: 'current-namespace',
    // Under /api/v1/ (namespace api:v1) we link to api:v1:<name>; DRF to the top-level v1:<name>.
    explains: (c, m) =>
      c.scheme === 'namespace' && m.field === 'url' && typeof m.drf === 'string' && m.ours === m.drf.replace('://testserver/v1/', '://testserver/api/v1/'),
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

