/**
 * Compile-time checking of what DRF does not have: route wrappers keep the
 * table's names and params typed, HeaderVersioning and CombinedVersioning type
 * `c.var.reverse`, and the lifecycle's options are typed. Each
 * `@ts-expect-error` line must fail to compile.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { Hono } from 'hono'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'
import { type BaseVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, include, QueryParameterVersioning, route, versioned, VersioningError, versionNeutral } from '../../src/index.ts'
import { dateVersions, semver } from '../../src/formats/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import type { RouteEntriesOf } from '../../src/routes/table.ts'

const routes = defineRoutes([
  versioned(['v2'], route('team-detail', '/teams/:id{[0-9]+}')),
  versionNeutral(route('health', '/health')),
  versioned(['v1', 'v2'], include('/admin', [route('audit', '/audit/:day')], { namespace: 'admin' })),
])

describe('versioned() and versionNeutral() keep the table typed', () => {
  it('names and paths', () => {
    expectTypeOf<RouteEntriesOf<typeof routes>['name']>().toEqualTypeOf<'team-detail' | 'health' | 'admin:audit'>()
  })

  it('reverse checks names and params through the wrappers', () => {
    routes.reverse('team-detail', { kwargs: { id: 1 }, version: 'v2' })
    routes.reverse('admin:audit', { kwargs: { day: '2026-11-21' } })
    // @ts-expect-error: "id" is missing
    routes.reverse('team-detail', { kwargs: {} })
    // @ts-expect-error: unknown name
    routes.reverse('audit')
  })
})

describe('HeaderVersioning and CombinedVersioning through the middleware', () => {
  const header = apiVersioning({ scheme: new HeaderVersioning({ header: 'Accept-Version', allowedVersions: ['1.0.0'], versionFormat: semver() }), routes })
  const combined = apiVersioning({
    scheme: new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()], allowedVersions: ['2026-01-01'], versionFormat: dateVersions() }),
    routes,
    policy: versionPolicy({ reportVersions: true }),
    errorResponse: problemDetails(),
  })

  it('types c.var.reverse and c.var.version in mountRoutes handlers', () => {
    const app = new Hono()
    mountRoutes(app, header, {
      'team-detail': (c) => {
        expectTypeOf(c.var.version).toEqualTypeOf<string | null>()
        c.var.reverse('team-detail', { kwargs: { id: 2 } })
        // @ts-expect-error: unknown param
        c.var.reverse('team-detail', { kwargs: { id: 2, x: 1 } })
        return c.text('ok')
      },
    })
    mountRoutes(app, combined, {
      'admin:audit': (c) => {
        expectTypeOf(c.var.versioningScheme.schemes).toEqualTypeOf<readonly BaseVersioning[]>()
        c.var.reverse('admin:audit', { kwargs: { day: 'today' } })
        // @ts-expect-error: "day" is missing
        c.var.reverse('admin:audit', { kwargs: {} })
        return c.text('ok')
      },
    })
  })
})

describe('options are typed', () => {
  it('versionPolicy', () => {
    versionPolicy({ versions: { v1: { deprecation: new Date(0), sunset: '2027-01-01T00:00:00Z', sunsetLink: 'https://x.example' } }, echoHeader: 'api-version' })
    // @ts-expect-error: reportVersions is a boolean or header names
    versionPolicy({ reportVersions: 'yes' })
    // @ts-expect-error: a deprecation is a Date or an ISO string
    versionPolicy({ versions: { v1: { deprecation: 1780272000 } } })
  })

  it('problemDetails answers a VersioningError with a Response', () => {
    expectTypeOf(problemDetails()).toEqualTypeOf<(error: VersioningError) => Response>()
  })

  it('CombinedVersioning needs its schemes', () => {
    // @ts-expect-error: schemes is required
    new CombinedVersioning({ allowedVersions: ['v1'] })
  })
})
