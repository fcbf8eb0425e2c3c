import { releasesDocsOn, sections } from './worker-example/docs.ts'
const d = releasesDocsOn(() => Date.parse('2026-09-01T00:00:00Z'))
const doc = d.document('2025-01-01') as any
console.log(JSON.stringify(doc.paths['/releases/products'].post.requestBody), Object.keys(doc.paths['/releases/products'].post.responses))
console.log(JSON.stringify(doc.components.schemas.ProductRequest), JSON.stringify(doc.components.schemas.ProductList))
console.log(JSON.stringify(doc.info['x-api-version']), JSON.stringify(doc.paths['/releases/products'].get.parameters))
for (const s of sections) for (const v of s.documents.versions) { const x = s.documents.document(v.version) as any; console.log(s.api, v.version, Object.keys(x.paths).join(' '), JSON.stringify(x.info['x-api-version'].send)) }
