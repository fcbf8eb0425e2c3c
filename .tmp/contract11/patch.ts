/** Older PATCH and POST bodies: the document's request schema (Ajv 2020) against the server's validation (422 or not), body by body. */
import Ajv2020 from 'ajv/dist/2020.js'
import { plainProbe, tableProbe } from './apps.ts'
import { HeaderVersioning } from '../../src/index.ts'

const bodies: unknown[] = [{}, { name: null }, { name: 'Ada' }, { name: '' }, { role: 'owner' }, { role: null }, { email: null }, { fullName: null }, { fullName: 'A B', email: null }, { name: 'A', extra: 1 }, { firstName: 'A' }, [], 'x', null, { role: 'admin', name: 'A B' }, { email: 'x', role: 'member', fullName: 'A' }]
for (const probe of [plainProbe(), tableProbe('table Header', new HeaderVersioning({ allowedVersions: ['0', '1', '2', '3'], defaultVersion: '3' }), '/api', '/api')]) {
  const prefix = probe.name.startsWith('table') ? '/api' : ''
  for (const version of ['1', '2']) {
    const d = JSON.parse(JSON.stringify(probe.documents.document(version)))
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    ajv.addSchema({ $id: 'doc', components: d.components })
    for (const [method, path, type] of [['PATCH', `${prefix}/people/{id}`, 'application/merge-patch+json'], ['POST', `${prefix}/people`, 'application/json']] as const) {
      const schema = d.paths[path][method.toLowerCase()].requestBody.content[type].schema
      const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')))
      for (const body of bodies) {
        const res = await probe.app.fetch(new Request(`http://people.test${path.replace('{id}', '1')}`, { method, headers: { 'Api-Version': version, 'Content-Type': type }, body: JSON.stringify(body) }))
        const docOk = validate(body)
        const serverOk = res.status !== 422 && res.status !== 400
        if (docOk !== serverOk) console.log(`[${probe.name} v${version}] ${method} ${JSON.stringify(body)}: document ${docOk ? 'accepts' : 'refuses'}, server ${res.status} ${(await res.text()).slice(0, 160)}`)
      }
    }
  }
}
console.log('done')
process.exit(0)
