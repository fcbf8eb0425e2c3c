/**
 * A route name or a version from configuration, with a control character and 1 MiB long, in the sentences of the
 * history's, the route table's and the schemes' checks: quoted escaped and cut (src/quote.ts), never raw; and a value
 * of another type than the one asked for named as it is (`2`, `null`, `1n`), never as a string nor a TypeError.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, routeAdded, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { AcceptHeaderVersioning, defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { catalog, Product, titles } from '../support/changes-fixture.ts'

/** A route name or version a change may name (no white space, no ":"), with a C1 control, 1 MiB long; and as a sentence shows it. */
const NAME = `r\u0085${'9'.repeat(2 ** 20)}`
const SHOWN = `"r\\u0085${'9'.repeat(71)}…`
/** A table route's name (only "non-empty, no ':'" is checked), with a CR LF; and as a sentence shows it, quoted and bare. */
const VIEW = `r\r\n\u0085${'9'.repeat(2 ** 20)}`
const VIEW_SHOWN = `"r\\r\\n\\u0085${'9'.repeat(67)}…`
const VIEW_BARE = `r\\r\\n\\u0085${'9'.repeat(68)}…`

const target = (allowedVersions: string[] | null, routeNames: Set<string> | null = new Set(['r'])) => ({
  where: 'apiVersioning',
  scheme: new HeaderVersioning(allowedVersions === null ? {} : { allowedVersions }),
  routeNames,
  versionQuery: null,
})

describe('a hostile route name or version in a sentence is quoted, escaped and cut', () => {
  it.each([
    ['a version listed twice', () => versionHistory({ versions: [{ version: NAME }, { version: NAME }] }), `versionHistory: version ${SHOWN} is listed twice; list each version once, oldest first.`],
    ['the changes of a version not a list', () => versionHistory({ versions: [{ version: NAME, changes: 5 as never }] }), `versionHistory: the changes of version ${SHOWN} must be a list of change(...) values.`],
    [
      'a route added twice',
      () => versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('A.', [routeAdded(NAME)])] }, { version: 'v3', changes: [change('B.', [routeAdded(NAME)])] }] }),
      `route ${SHOWN} is added in version "v3", but it already exists in the version before; remove one of the changes.`,
    ],
    [
      'a route not in the table, when the middleware binds the history',
      () => versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('A.', [statusChanged(NAME, { older: 200, newer: 201 })])] }] }).bind(target(['v1', 'v2'])),
      `apiVersioning: changes: the history names route ${SHOWN}, which is not in the route table (r); fix the name or add the route.`,
    ],
    [
      'a history version the scheme does not allow',
      () => versionHistory({ versions: [{ version: 'v1' }, { version: NAME }] }).bind(target(['v1'])),
      `apiVersioning: changes: the history's version ${SHOWN} is not one the scheme allows (v1); add it to allowedVersions or remove it from the history.`,
    ],
    [
      'a scheme that allows every version',
      () => versionHistory({ versions: [{ version: 'v1' }, { version: NAME }] }).bind(target(null)),
      `apiVersioning: changes: the scheme allows every version, but a history migrates only its own; give the scheme allowedVersions: ["v1", ${SHOWN}].`,
    ],
    [
      'a table route name mountRoutes has no route of',
      () => mountRoutes(new Hono(), apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes: defineRoutes([route(VIEW, '/x')]) }), { [`n${VIEW}`]: () => new Response() } as never),
      `mountRoutes: no route is named "nr\\r\\n\\u0085${'9'.repeat(66)}…; the names are ${VIEW_BARE}.`,
    ],
    ['a table route whose path is no path', () => defineRoutes([route(VIEW, VIEW)]), `defineRoutes: the path of route ${VIEW_SHOWN} must start with "/", got ${VIEW_SHOWN}.`],
  ] as const)('%s', (_name, make, message) => {
    expect(make).toThrow(message)
    try {
      make()
    } catch (error) {
      expect((error as Error).message).not.toMatch(/[\r\n\u0085]/)
      expect((error as Error).message.length).toBeLessThan(600)
    }
  })
})

describe('a value of another type is named as it is', () => {
  const cycle: Record<string, unknown> = {}
  cycle['self'] = cycle
  it.each([
    ['a version that is a number (history.migrate)', () => catalog.migrate({} as never, { as: Product, to: 2 as never }), "history.migrate: unknown version 2; the history's versions are v1, v2, v3, v4."],
    ['a version with a control, 1 MiB long (history.migrate)', () => catalog.migrate({}, { as: Product, from: NAME as never }), `history.migrate: unknown version ${SHOWN}; the history's versions are v1, v2, v3, v4.`],
    ['a version that is a number (history.predates)', () => catalog.predates(2 as never, titles), "history.predates: unknown version 2; the history's versions are v1, v2, v3, v4."],
    ['no change (history.predates)', () => catalog.predates('v1', null as never), "history.predates: pass a change(...) value listed in the history's versions, got null."],
    ['a change that is a string (history.predates)', () => catalog.predates('v1', 'titles' as never), `history.predates: pass a change(...) value listed in the history's versions, got "titles".`],
    ['a change id that is a BigInt', () => change('D.', [], { id: 1n as never }), 'change("D."): id must be letters, digits, ".", "_", ":" or "-", got 1n.'],
    ['a change id that is a cycle', () => change('D.', [], { id: cycle as never }), 'change("D."): id must be letters, digits, ".", "_", ":" or "-", got {"self":a cycle}.'],
    ['a header name that is a BigInt', () => new HeaderVersioning({ header: 1n as never }), 'HeaderVersioning: header must be a header name such as "Api-Version", got 1n.'],
    ['a header name that is a Map', () => new HeaderVersioning({ header: new Map() as never }), 'HeaderVersioning: header must be a header name such as "Api-Version", got a Map.'],
    ['a media type that is a BigInt', () => new AcceptHeaderVersioning({ mediaTypes: [1n as never] }), 'AcceptHeaderVersioning: mediaTypes holds 1n, which is not a media type such as "application/json" (no wildcards).'],
    ['a media type that is -0', () => new AcceptHeaderVersioning({ mediaTypes: [-0 as never] }), 'AcceptHeaderVersioning: mediaTypes holds -0, which is not a media type such as "application/json" (no wildcards).'],
  ] as const)('%s', (_name, make, message) => {
    expect(make).toThrow(message)
  })
})

describe("HeaderVersioning's header name is bounded, as it is in every refused request's detail", () => {
  it('takes a name of 256 characters, in DRF\'s sentence as it is', () => {
    const header = `X-${'v'.repeat(254)}`
    expect(new HeaderVersioning({ header }).invalidVersionMessage).toBe(`Invalid version in "${header}" header.`)
  })

  it('refuses a longer one at construction with a sentence', () => {
    const header = `X-${'v'.repeat(2 ** 20)}`
    expect(() => new HeaderVersioning({ header })).toThrow(`HeaderVersioning: header must be a header name of at most 256 characters, got one of ${header.length}: "X-${'v'.repeat(76)}….`)
  })
})
