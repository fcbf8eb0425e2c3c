/**
 * The plain Hono and @hono/zod-openapi apps of differential-api.ts as
 * sub-apps of a root app (`app.route('/api', sub)`), as Hono users compose
 * them, with the documents made from the root app.
 */
import { Hono } from 'hono'
import { OpenAPIHono } from '@hono/zod-openapi'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { headDocument, plainApp, plainBodies, plainHistory, requestSchemas, zodOpenAPIApp } from './differential-api.ts'
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
export function composedPlain() {
  const sub = plainApp().app
  const app = new Hono().get('/health', (c) => c.json({ ok: true })).route('/api', sub)
  const document = { ...headDocument, paths: Object.fromEntries(Object.entries(headDocument.paths).map(([p, i]) => [`/api${p}`, i])) }
  const documents = versionedOpenAPI({ scheme: scheme(), app, document, changelog: plainHistory, requests: { schemas: requestSchemas, bodies: plainBodies } })
  return { app, documents }
}
export function composedZod() {
  const sub = zodOpenAPIApp().app
  const app = new OpenAPIHono().route('/api', sub)
  const documents = versionedOpenAPI({ scheme: scheme(), app, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Shop', version: '3' } }), changelog: plainHistory, requests: { schemas: requestSchemas, bodies: plainBodies } })
  return { app, documents }
}
export type ComposedPlain = ReturnType<typeof composedPlain>['app']
export type ComposedZod = ReturnType<typeof composedZod>['app']
