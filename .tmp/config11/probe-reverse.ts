// Probe: configured names that reach URLs and Accept values (versionParam, mediaTypes), through reverse and requests.
import { AcceptHeaderVersioning, createReverse, defineRoutes, QueryParameterVersioning, route, URLPathVersioning } from '../../src/index.ts'
const routes = defineRoutes([route('user-list', '/users')])
for (const param of ['a&b=c', 'a b', 'x#y', 'ü']) {
  const scheme = new QueryParameterVersioning({ allowedVersions: ['v1'], versionParam: param })
  const reverse = createReverse(routes, scheme, { origin: 'https://api.example.com' })
  const url = new URL(reverse('user-list', { version: 'v1' } as never), 'https://api.example.com').href
  console.log(JSON.stringify(param), '->', url, '-> reads back', scheme.determineVersion(new Request(url)))
}
let accept: AcceptHeaderVersioning
try { accept = new AcceptHeaderVersioning({ allowedVersions: ['1', '2'], mediaTypes: ['application/json; version=1'] }) } catch (e) { console.log('THROW', (e as Error).message); accept = new AcceptHeaderVersioning({ allowedVersions: ['1', '2'] }) }
for (const a of ['application/json; version=2', 'application/json', '*/*']) {
  try { console.log('mediaTypes with version param, Accept', JSON.stringify(a), '->', accept.determineVersion(new Request('https://a.example/', { headers: { Accept: a } }))) } catch (e) { console.log('  ->', (e as Error).name, (e as Error).message) }
}
const path = new URLPathVersioning({ allowedVersions: ['v1'], defaultVersion: 'v1' })
console.log('URLPath with no :version route ->', path.determineVersion(new Request('https://a.example/users'), routes.resolve('/users')))
