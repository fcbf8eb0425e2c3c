/**
 * `npm run bench:openapi`: how long the OpenAPI documents of a 200-route,
 * 10-version API take to make on this runtime, against its goal (a document
 * for 200 routes and 10 versions in well under 100 ms).
 *
 * Two sources, each measured from scratch (a new `versionedOpenAPI` per
 * sample, since documents are made once and then shared):
 * - the route table alone: 200 routes, a fifth limited to some versions, a
 *   changelog adding, removing and moving routes, HeaderVersioning, a policy;
 * - a head document: 200 operations over 40 component schemas, with a
 *   changelog of field renames, additions, removals and enum values.
 * For each: construction, one document (the oldest, which undoes the most
 * changes), and all 10. The figure is the median of SAMPLES samples.
 */
import { defineRoutes, HeaderVersioning, include, route, versioned, type RouteDefinition } from '../src/index.ts'
import { versionPolicy } from '../src/lifecycle/index.ts'
import type { Changelog, ChangelogInstruction } from '../src/changes/changelog.ts'
import { versionedOpenAPI, type VersionedOpenAPIOptions } from '../src/openapi/index.ts'

const SAMPLES = 30
const GOAL_MS = 100
const VERSIONS = Array.from({ length: 10 }, (_, i) => `v${i + 1}`)
const scheme = new HeaderVersioning({ allowedVersions: VERSIONS, defaultVersion: 'v10' })
const policy = versionPolicy({ versions: { v1: { deprecation: '2026-01-01', sunset: '2099-01-01' }, v2: { deprecation: '2026-06-01' } } })

/** 200 routes in 20 resources; every fifth route exists only from some version on. */
function table(): RouteDefinition[] {
  const out: RouteDefinition[] = []
  for (let r = 0; r < 20; r++) {
    const list: RouteDefinition[] = []
    for (let i = 0; i < 10; i++) {
      const name = `resource${r}-route${i}`
      const path = i % 2 === 0 ? `/items${i}` : `/items${i}/:id{[0-9]+}`
      list.push(i % 5 === 4 ? versioned(VERSIONS.slice(i % 10), route(name, path)) : route(name, path))
    }
    out.push(include(`/resource${r}`, list))
  }
  return out
}

/** A changelog touching routes and shapes in every version but the first. */
function changelog(): Changelog {
  return {
    head: 'v10',
    versions: VERSIONS.slice(1)
      .reverse()
      .map((version, n) => {
        const instructions: ChangelogInstruction[] = []
        for (let s = 0; s < 40; s += 4) {
          const shape = `Shape${(s + n) % 40}`
          instructions.push({ type: 'field.renamed', shape, older: `old${n}`, newer: `new${n}` })
          instructions.push({ type: 'field.added', shape, field: `added${n}` })
          instructions.push({ type: 'field.removed', shape, field: `removed${n}`, schema: { type: 'string' } })
          instructions.push({ type: 'enum.added', shape, field: 'status', values: [`state${n}`] })
        }
        instructions.push({ type: 'route.added', route: `resource${n}-route1` })
        instructions.push({ type: 'route.removed', route: `resource${n}-route3` })
        instructions.push({ type: 'route.path.changed', route: `resource${n}-route5`, older: `/old${n}/:id`, newer: '/items5/:id' })
        return { version, changes: [{ id: `change-${version}`, description: `What changed in ${version}.`, instructions }] }
      }),
  }
}

/** A head document: the table's 200 operations, each answering one of 40 schemas. */
function headDocument(): { openapi: string } {
  const schemas: Record<string, object> = {}
  for (let s = 0; s < 40; s++) {
    const properties: Record<string, object> = { id: { type: 'integer' }, status: { type: 'string', enum: ['draft', 'live', ...VERSIONS.map((_, n) => `state${n}`)] } }
    for (let n = 0; n < 10; n++) {
      properties[`new${n}`] = { type: 'string', description: `Field ${n}.` }
      properties[`added${n}`] = { type: 'number' }
    }
    schemas[`Shape${s}`] = { type: 'object', properties, required: ['id', 'status'], example: { id: 1, status: 'live', new0: 'x' } }
  }
  const paths: Record<string, Record<string, object>> = {}
  let k = 0
  for (let r = 0; r < 20; r++) {
    for (let i = 0; i < 10; i++) {
      const path = i % 2 === 0 ? `/resource${r}/items${i}` : `/resource${r}/items${i}/{id}`
      const parameters = i % 2 === 0 ? [] : [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
      const schema = { $ref: `#/components/schemas/Shape${k++ % 40}` }
      paths[path] = { get: { summary: `Operation ${k}`, parameters, responses: { '200': { description: 'OK', content: { 'application/json': { schema } } } } } }
    }
  }
  return { openapi: '3.1.0', info: { title: 'Bench', version: 'v10' }, paths, components: { schemas } } as { openapi: string }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

function measure(label: string, options: VersionedOpenAPIOptions): number {
  const construct: number[] = []
  const oldest: number[] = []
  const all: number[] = []
  for (let i = 0; i < SAMPLES + 3; i++) {
    let t = performance.now()
    const docs = versionedOpenAPI(options)
    const built = performance.now() - t
    t = performance.now()
    docs.document('v1')
    const one = performance.now() - t
    const fresh = versionedOpenAPI(options)
    t = performance.now()
    for (const version of VERSIONS) fresh.document(version)
    const ten = performance.now() - t
    // The first samples warm the JIT up.
    if (i < 3) continue
    construct.push(built)
    oldest.push(one)
    all.push(ten)
  }
  const paths = Object.keys(versionedOpenAPI(options).document('v10').paths).length
  const [c, o, a] = [median(construct), median(oldest), median(all)]
  console.log(`| ${label} | ${paths} | ${c.toFixed(2)} | ${o.toFixed(2)} | ${a.toFixed(2)} | ${(c + a).toFixed(2)} | ${c + a < GOAL_MS ? 'met' : 'missed'} |`)
  return c + a
}

const routes = defineRoutes(table())
console.log(`OpenAPI documents, 200 routes x 10 versions, ${typeof process !== 'undefined' ? `Node ${process.version}` : 'this runtime'}; median of ${SAMPLES} samples, ms\n`)
console.log('| source | paths in v10 | construction | one document (v1) | all 10 documents | construction + all 10 | goal: < 100 ms |')
console.log('|---|---:|---:|---:|---:|---:|---|')
const worst = Math.max(
  measure('route table + changelog + policy', { scheme, routes, changelog: changelog(), policy }),
  measure('head document (40 schemas) + table + changelog', { scheme, routes, document: headDocument(), changelog: changelog(), policy }),
)
console.log(`\nslowest: ${worst.toFixed(2)} ms for construction and all 10 documents: ${worst < GOAL_MS ? 'met' : 'missed'} (goal: well under ${GOAL_MS} ms)`)
