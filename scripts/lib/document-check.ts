/**
 * An app's documents checked against its own behaviour, as a user's CI
 * would: every operation of every version's document called in process
 * (`app.request`), with the version where the document puts it and a body
 * generated from its request schema; each answer's status, media type and
 * body validated against the document (Ajv, JSON Schema 2020-12); a valid
 * body refused with 422, or any 5xx, is a problem. The app's routes that
 * no document has are listed, with the status of those that take no
 * parameter (a 2xx there is an undocumented route).
 */
import { answerChecker, callsOf } from './document-calls.ts'

type Json = Record<string, unknown>

/** What the check reads of an app: Hono's `request` and `routes`. */
export interface CheckedApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>
  readonly routes: readonly { readonly method: string; readonly path: string }[]
}

/** What the check reads of a section's documents: `versionedOpenAPI(...)` fits. */
export interface CheckedDocuments {
  readonly versions: readonly { readonly version: string }[]
  document(version: string): object
}

/** The result: disagreements, and routes no document has. */
export interface DocumentCheck {
  readonly calls: number
  readonly problems: readonly string[]
  readonly undocumented: readonly string[]
}

/** A Hono path (`/items/:id{[0-9]+}`) as a regular expression over concrete paths. */
function routeRegExp(path: string): RegExp {
  let out = ''
  for (const part of path.split(/(:[A-Za-z0-9_]+(?:\{(?:[^{}]|\{[^{}]*\})*\})?\??)/)) {
    if (part.startsWith(':')) {
      const pattern = /\{(.*)\}\??$/.exec(part)?.[1] ?? '[^/]+'
      out += `(?:${pattern})${part.endsWith('?') ? '?' : ''}`
    } else out += part.replace(/\*/g, '\u0000').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\u0000/g, '.*')
  }
  return new RegExp(`^${out}$`)
}

/** Checks `sections` of `app`; `origin`: the URL requests go to (`http://<host>` where a document puts the version in the host). */
export async function checkDocuments(app: CheckedApp, sections: readonly CheckedDocuments[], origin = 'http://localhost'): Promise<DocumentCheck> {
  const problems: string[] = []
  const called: { method: string; path: string }[] = []
  for (const documents of sections) {
    for (const { version } of documents.versions) {
      const document = JSON.parse(JSON.stringify(documents.document(version))) as Json
      const check = answerChecker(document)
      for (const call of callsOf(document, true)) {
        const { Host: host, ...headers } = call.headers
        const base = host === undefined ? origin : `${new URL(origin).protocol}//${host}`
        const answer = await app.request(`${base}${call.path}`, { method: call.method, headers, ...(call.body === undefined ? {} : { body: call.body }) })
        const text = await answer.text()
        const where = `${(document['info'] as Json)['title'] as string} ${version}`
        called.push({ method: call.method, path: call.path.split('?')[0] as string })
        if (call.body !== undefined && answer.status === 422) problems.push(`${where}: ${call.operation} refused a body its schema accepts (${call.body}).`)
        if (answer.status >= 500) problems.push(`${where}: ${call.operation} answered ${answer.status}.`)
        for (const problem of check(call.operation, answer.status, answer.headers.get('content-type'), text)) problems.push(`${where}: ${problem}.`)
      }
    }
  }
  const undocumented: string[] = []
  const seen = new Set<string>()
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || path.endsWith('*') || seen.has(`${method} ${path}`)) continue
    seen.add(`${method} ${path}`)
    const regexp = routeRegExp(path)
    if (called.some((c) => (c.method === method || (method === 'GET' && c.method === 'HEAD')) && regexp.test(c.path))) continue
    if (path.includes(':') || method !== 'GET') {
      undocumented.push(`${method} ${path} (in no document; not called: it takes parameters or a body)`)
      continue
    }
    const answer = await app.request(`${origin}${path}`)
    await answer.body?.cancel()
    undocumented.push(`${method} ${path} (in no document; answers ${answer.status}${answer.status < 300 ? ': an undocumented route' : ''})`)
  }
  return { calls: called.length, problems, undocumented }
}
