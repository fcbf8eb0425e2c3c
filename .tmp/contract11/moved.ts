/** A route whose path changed (pathChanged, team-detail /groups/:id → /teams/:id in 2): what each version answers at each path, and where its document puts it. */
import { tableProbe, plainProbe } from './apps.ts'
import { HeaderVersioning, URLPathVersioning } from '../../src/index.ts'
const versions = { allowedVersions: ['0', '1', '2', '3'], defaultVersion: '3' }
for (const p of [tableProbe('table Header', new HeaderVersioning(versions), '/api', '/api'), tableProbe('table URLPath', new URLPathVersioning({ allowedVersions: ['0', '1', '2', '3'] }), '/api/:version{[0-9]+}', '/api/{version}'), plainProbe()]) {
  for (const v of ['1', '2']) {
    const paths = Object.keys(p.documents.document(v).paths).filter((k) => k.includes('groups') || k.includes('teams'))
    const out: string[] = []
    for (const seg of ['groups', 'teams']) {
      const base = p.name.includes('URLPath') ? `/api/${v}` : p.name.startsWith('table') ? '/api' : ''
      const r = await p.app.fetch(new Request(`http://people.test${base}/${seg}/1`, { headers: { 'Api-Version': v } }))
      out.push(`${seg} ${r.status}`)
    }
    console.log(p.name, 'v' + v, 'doc:', paths.join(' '), '| server:', out.join(', '))
  }
}
process.exit(0)
