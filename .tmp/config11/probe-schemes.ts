// Probe: scheme construction with configuration mistakes, through the public entry points.
import {
  AcceptHeaderVersioning, CombinedVersioning, HeaderVersioning, HostNameVersioning, NamespaceVersioning,
  QueryParameterVersioning, URLPathVersioning,
} from '../../src/index.ts'
import { dateVersions, semver } from '../../src/formats/index.ts'

export function attempt(label: string, make: () => unknown): void {
  try {
    const made = make()
    console.log(`OK    ${label}${made !== undefined && typeof made !== 'object' ? ` -> ${String(made)}` : ''}`)
  } catch (e) {
    console.log(`THROW ${label}: ${(e as Error).name}: ${(e as Error).message}`)
  }
}

const cases: [string, () => unknown][] = [
  ['allowedVersions: "v1"', () => new HeaderVersioning({ allowedVersions: 'v1' as never })],
  ['allowedVersions: [1,2]', () => new HeaderVersioning({ allowedVersions: [1, 2] as never })],
  ['allowedVersions: [""]', () => new HeaderVersioning({ allowedVersions: [''] })],
  ['allowedVersions: ["v1","v1"]', () => new HeaderVersioning({ allowedVersions: ['v1', 'v1'] })],
  ['allowedVersions: ["v2","v1"]', () => new HeaderVersioning({ allowedVersions: ['v2', 'v1'] })],
  ['allowedVersions: ["v1\\r\\nX: y"]', () => new HeaderVersioning({ allowedVersions: ['v1\r\nX: y'] })],
  ['allowedVersions: ["<script>"]', () => new HeaderVersioning({ allowedVersions: ['<script>'] })],
  ['allowedVersions: [" v1 "]', () => new HeaderVersioning({ allowedVersions: [' v1 '] })],
  ['allowedVersions: ["v1,v2"]', () => new HeaderVersioning({ allowedVersions: ['v1,v2'] })],
  ['defaultVersion not in allowed', () => new HeaderVersioning({ allowedVersions: ['v1'], defaultVersion: 'v3' })],
  ['defaultVersion: ""', () => new HeaderVersioning({ allowedVersions: ['v1'], defaultVersion: '' })],
  ['defaultVersion: 2', () => new HeaderVersioning({ allowedVersions: ['v1'], defaultVersion: 2 as never })],
  ['versionParam: ""', () => new QueryParameterVersioning({ versionParam: '' })],
  ['versionParam: "a b"', () => new QueryParameterVersioning({ versionParam: 'a b' })],
  ['versionParam: "a&b=c"', () => new QueryParameterVersioning({ versionParam: 'a&b=c' })],
  ['URLPath versionParam: "a-b"', () => new URLPathVersioning({ versionParam: 'a-b' as never })],
  ['URLPath versionParam: "__proto__"', () => new URLPathVersioning({ versionParam: '__proto__' as never })],
  ['header: "Api Version"', () => new HeaderVersioning({ header: 'Api Version' })],
  ['header: ""', () => new HeaderVersioning({ header: '' })],
  ['header: 5', () => new HeaderVersioning({ header: 5 as never })],
  ['header: "Host"', () => new HeaderVersioning({ header: 'Host' })],
  ['header: "Accept"', () => new HeaderVersioning({ header: 'Accept' })],
  ['mediaTypes: "application/json"', () => new AcceptHeaderVersioning({ mediaTypes: 'application/json' as never })],
  ['mediaTypes: ["json"]', () => new AcceptHeaderVersioning({ mediaTypes: ['json'] })],
  ['mediaTypes: ["application/json; charset=utf-8"]', () => new AcceptHeaderVersioning({ mediaTypes: ['application/json; charset=utf-8'] })],
  ['mediaTypes: ["application/json; version=1"]', () => new AcceptHeaderVersioning({ mediaTypes: ['application/json; version=1'] })],
  ['mediaTypes: ["application/json","application/json"]', () => new AcceptHeaderVersioning({ mediaTypes: ['application/json', 'application/json'] })],
  ['mediaTypes: ["*/*"]', () => new AcceptHeaderVersioning({ mediaTypes: ['*/*'] })],
  ['mediaTypes: ["application/json\\r\\n"]', () => new AcceptHeaderVersioning({ mediaTypes: ['application/json\r\n'] })],
  ['vendorMediaType without {version}', () => new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.acme+json' })],
  ['vendorMediaType {version} in type', () => new AcceptHeaderVersioning({ vendorMediaType: 'application{version}/vnd+json' })],
  ['vendorMediaType with upper-case allowed', () => new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.acme.{version}+json', allowedVersions: ['V2'] })],
  ['vendorMediaType with default "V2" not allowed-checked', () => new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.acme.{version}+json', defaultVersion: 'V2' })],
  ['Accept versionParam "q"', () => new AcceptHeaderVersioning({ versionParam: 'q' })],
  ['Accept versionParam "Q"', () => new AcceptHeaderVersioning({ versionParam: 'Q' })],
  ['semver: allowed ["v1"]', () => new HeaderVersioning({ allowedVersions: ['v1'], versionFormat: semver() })],
  ['semver: allowed ["1.0.0","1.0.0"]', () => new HeaderVersioning({ allowedVersions: ['1.0.0', '1.0.0'], versionFormat: semver() })],
  ['semver: default "2.x"', () => new HeaderVersioning({ allowedVersions: ['1.0.0'], defaultVersion: '2.x', versionFormat: semver() })],
  ['semver: default "1.x" resolves', () => new HeaderVersioning({ allowedVersions: ['1.0.0'], defaultVersion: '1.x', versionFormat: semver() }).defaultVersion],
  ['semver: no allowed', () => new HeaderVersioning({ versionFormat: semver() })],
  ['semver: allowed with null', () => new HeaderVersioning({ allowedVersions: ['1.0.0', null], versionFormat: semver() })],
  ['dates: "2026-02-30"', () => new HeaderVersioning({ allowedVersions: ['2026-02-30'], versionFormat: dateVersions() })],
  ['dates: "June 1"', () => new HeaderVersioning({ allowedVersions: ['June 1'], versionFormat: dateVersions() })],
  ['dates: default "2020-01-01" before first', () => new HeaderVersioning({ allowedVersions: ['2026-01-01'], defaultVersion: '2020-01-01', versionFormat: dateVersions() }).defaultVersion],
  ['dates: default "garbage"', () => new HeaderVersioning({ allowedVersions: ['2026-01-01'], defaultVersion: 'garbage', versionFormat: dateVersions() }).defaultVersion],
  ['versionFormat: "semver"', () => new HeaderVersioning({ versionFormat: 'semver' as never })],
  ['versionFormat: semver (uncalled)', () => new HeaderVersioning({ versionFormat: semver as never })],
  ['unknown option allowed_versions', () => new HeaderVersioning({ allowed_versions: ['v1'] } as never)],
  ['options null', () => new HeaderVersioning(null as never)],
  ['Combined no schemes', () => new CombinedVersioning({} as never)],
  ['Combined one scheme', () => new CombinedVersioning({ schemes: [new HeaderVersioning()] })],
  ['Combined same scheme twice', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), new HeaderVersioning()] })],
  ['Combined same instance twice', () => { const h = new HeaderVersioning(); return new CombinedVersioning({ schemes: [h, h] }) }],
  ['Combined nested combined', () => new CombinedVersioning({ schemes: [new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()] }), new HostNameVersioning()] })],
  ['Combined with namespace', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), new NamespaceVersioning()] })],
  ['Combined vendor upper-case', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.a.{version}+json' })], allowedVersions: ['V1'] })],
  ['huge allowed list (100k)', () => new HeaderVersioning({ allowedVersions: Array.from({ length: 100000 }, (_, i) => `v${i}`) })],
  ['huge semver list (100k)', () => { const t = Date.now(); new HeaderVersioning({ allowedVersions: Array.from({ length: 100000 }, (_, i) => `1.0.${i}`), versionFormat: semver() }); return `${Date.now() - t} ms` }],
  ['allowedVersions: generator', () => new HeaderVersioning({ allowedVersions: (function* () { yield 'v1'; yield 'v2' })() }).allowedVersions?.join()],
  ['allowedVersions: Set', () => new HeaderVersioning({ allowedVersions: new Set(['v1']) }).allowedVersions?.join()],
  ['allowedVersions: {}', () => new HeaderVersioning({ allowedVersions: {} as never })],
  ['allowedVersions: [null] only', () => new HeaderVersioning({ allowedVersions: [null] })],
]
for (const [label, make] of cases) attempt(label, make)
