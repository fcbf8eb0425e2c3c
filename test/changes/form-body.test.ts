/**
 * Form bodies of older clients (`application/x-www-form-urlencoded`,
 * `multipart/form-data`): migrated like JSON ones where the route says
 * `forms: true` (renames, added and removed fields, value changes on text
 * fields; files passed through untouched), read by the handler through
 * `c.req.parseBody()` and `c.req.formData()`; refused with 415 elsewhere.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape } from '../../src/changes/index.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

interface Upload { title: string; size: string; visibility: string; document: File; tags: string[] }
const Upload = shape<Upload>('Upload')
const history = twoVersionHistory(
  [
    change('Uploads have a title.', [fieldRenamed(Upload, { older: 'name', newer: 'title' })]),
    change('Files are documents.', [fieldRenamed(Upload, { older: 'file', newer: 'document' })]),
    change('Uploads have a visibility.', [fieldAdded(Upload, 'visibility', { default: 'private' })]),
    change('Uploads lose their folder.', [fieldRemoved(Upload, 'folder')]),
    change('Sizes are in bytes.', [fieldChanged(Upload, 'size', { down: (size) => String(Number(size) / 1024), up: (size) => String(Number(size) * 1024) })]),
  ],
  {
    bodies: {
      'POST /uploads': { request: Upload, forms: true },
      'PATCH /uploads/:id': { request: Upload, forms: true },
      'PUT /uploads/:id': { request: Upload, forms: true },
      'POST /json-only': { request: Upload },
    },
    maxBodySize: 64 * 1024,
  },
)

const app = migratingApp(history)
async function describeForm(form: Record<string, string | File | (string | File)[]>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(form)) {
    const one = async (v: string | File) => (typeof v === 'string' ? v : { file: v.name, type: v.type, text: await v.text() })
    out[name] = Array.isArray(value) ? await Promise.all(value.map(one)) : await one(value)
  }
  return out
}
app.post('/uploads', async (c) => c.json({ parsed: await describeForm(await c.req.parseBody({ all: true })), type: c.req.header('content-type')?.split(';')[0] }))
app.patch('/uploads/:id', async (c) => {
  const form = await c.req.formData()
  return c.json({ fields: [...form.keys()], raw: await describeForm(Object.fromEntries(await c.req.raw.clone().formData())) })
})
app.post('/json-only', (c) => c.text('handled'))
// Read as text or bytes, the body is the one the handler's request carries: parsed with that request's Content-Type.
app.put('/uploads/:id', async (c) => {
  const type = c.req.header('content-type') ?? ''
  const bytes = await c.req.arrayBuffer()
  const fields = Object.fromEntries(await new Response(bytes, { headers: { 'content-type': type } }).formData())
  return c.json({ text: type.startsWith('application/x-www-form-urlencoded') ? await c.req.text() : null, fields: await describeForm(fields as Record<string, string | File>) })
})

function urlencoded(fields: Record<string, string>, version: string, path = '/uploads', method = 'POST'): Request {
  return new Request(`http://localhost${path}`, { method, headers: { 'Api-Version': version, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })
}

function multipart(form: FormData, version: string, path = '/uploads', method = 'POST'): Request {
  return new Request(`http://localhost${path}`, { method, headers: { 'Api-Version': version }, body: form })
}

describe('an older form body on a route with forms: true', () => {
  it('is migrated: renamed, added, removed and changed text fields', async () => {
    const res = await app.request(urlencoded({ name: 'Report', folder: 'inbox', size: '2' }, '1'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ parsed: { title: 'Report', size: '2048', visibility: 'private' }, type: 'application/x-www-form-urlencoded' })
  })

  it('passes files through untouched, renamed where their field is', async () => {
    const form = new FormData()
    form.append('name', 'Report')
    form.append('file', new File(['%PDF-1.7 \u0000\u00ff bytes'], 'report.pdf', { type: 'application/pdf' }))
    form.append('tags', 'a')
    form.append('tags', 'b')
    const res = await app.request(multipart(form, '1'))
    expect(await res.json()).toEqual({
      parsed: { title: 'Report', document: { file: 'report.pdf', type: 'application/pdf', text: '%PDF-1.7 \u0000\u00ff bytes' }, tags: ['a', 'b'], visibility: 'private' },
      type: 'multipart/form-data',
    })
  })

  it('never gives a file to a converter, as it never gives null: a value change on a field that holds one leaves it untouched', async () => {
    const Note = shape<{ body: string | File; labels: string[] }>('Note')
    const notes = migratingApp(
      twoVersionHistory([change('Notes are trimmed; labels are lower case.', [fieldChanged(Note, 'body', { down: (body) => body, up: (body) => String(body).trim() }), fieldChanged(Note, 'labels', { down: (labels) => labels, up: (labels) => (Array.isArray(labels) ? labels : [labels]).map((label) => String(label).toLowerCase()) })])], { bodies: { 'POST /notes': { request: Note, forms: true } } }),
    )
    notes.post('/notes', async (c) => c.json(await describeForm(await c.req.parseBody({ all: true }))))
    const form = new FormData()
    form.append('body', new File(['  scanned  '], 'scan.png', { type: 'image/png' }))
    form.append('labels', 'Urgent')
    form.append('labels', new File(['x'], 'label.bin', { type: 'application/octet-stream' }))
    expect(await (await notes.request(multipart(form, '1', '/notes'))).json()).toEqual({ body: { file: 'scan.png', type: 'image/png', text: '  scanned  ' }, labels: ['Urgent', { file: 'label.bin', type: 'application/octet-stream', text: 'x' }] })
    const text = await notes.request(urlencoded({ body: '  typed  ', labels: 'Urgent' }, '1', '/notes'))
    expect(await text.json()).toEqual({ body: 'typed', labels: 'urgent' })
  })

  it('is partial on PATCH, and c.req.formData() and c.req.raw read the migrated form', async () => {
    const res = await app.request(urlencoded({ name: 'Renamed' }, '1', '/uploads/1', 'PATCH'))
    expect(await res.json()).toEqual({ fields: ['title'], raw: { title: 'Renamed' } })
  })

  it('is the app\'s own on the head version', async () => {
    const res = await app.request(urlencoded({ title: 'Report', size: '5' }, '2'))
    expect(await res.json()).toEqual({ parsed: { title: 'Report', size: '5' }, type: 'application/x-www-form-urlencoded' })
  })

  it('refuses malformed multipart with 400 MalformedFormBody', async () => {
    const res = await app.request('/uploads', {
      method: 'POST',
      // No boundary: every runtime's parser refuses it (how lenient each is with a part cut short differs).
      headers: { 'Api-Version': '1', 'Content-Type': 'multipart/form-data' },
      body: 'name=Report',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ detail: 'Malformed form data in request body.' })
  })

  it('refuses a compressed form (Content-Encoding) with 400, never its bytes read as fields; identity is no coding', async () => {
    const compressed = async (text: string, format: 'gzip' | 'deflate') => new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream(format) as ReadableWritablePair<Uint8Array, Uint8Array>)).arrayBuffer())
    const form = new FormData()
    form.append('name', 'Report')
    const parts = new Request('http://localhost/', { method: 'POST', body: form })
    const sent: [string, string, 'gzip' | 'deflate', string][] = [
      ['application/x-www-form-urlencoded', 'name=Report', 'gzip', 'gzip'],
      ['application/x-www-form-urlencoded', 'name=Report', 'deflate', 'identity, deflate'],
      [parts.headers.get('content-type') as string, await parts.text(), 'gzip', 'gzip'],
    ]
    for (const [type, text, format, coding] of sent) {
      const res = await app.request('/uploads', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': type, 'Content-Encoding': coding }, body: await compressed(text, format) })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ detail: 'The form is encoded (Content-Encoding), which is not decoded; send it unencoded.' })
    }
    const identity = await app.request('/uploads', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Encoding': 'identity' }, body: 'name=Report' })
    expect(await identity.json()).toEqual({ parsed: { title: 'Report', visibility: 'private' }, type: 'application/x-www-form-urlencoded' })
  })

  it('refuses a multipart body over maxBodySize with 413, before parsing it', async () => {
    const form = new FormData()
    form.append('file', new File([new Uint8Array(200 * 1024)], 'big.bin'))
    const res = await app.request(multipart(form, '1'))
    expect(res.status).toBe(413)
  })

  it('refuses a type that is neither JSON nor a form with 415, naming both', async () => {
    const res = await app.request('/uploads', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'text/plain' }, body: 'name=Report' })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ detail: 'Unsupported media type in request; send the body as application/json or as a form.' })
  })
})

describe('an older form body read as text or bytes', () => {
  it('urlencoded: c.req.text() is urlencoded, in the newer names, as the request\'s Content-Type says', async () => {
    const res = await app.fetch(urlencoded({ name: 'Report', size: '2' }, '1', '/uploads/1', 'PUT'))
    const { text, fields } = (await res.json()) as { text: string; fields: unknown }
    expect([...new URLSearchParams(text)].sort()).toEqual([['size', '2048'], ['title', 'Report'], ['visibility', 'private']])
    expect(fields).toEqual({ title: 'Report', size: '2048', visibility: 'private' })
  })

  it("multipart: c.req.arrayBuffer() parses with the request's boundary, the file untouched", async () => {
    const form = new FormData()
    form.append('name', 'Report')
    form.append('file', new File(['hello'], 'a.pdf', { type: 'application/pdf' }))
    const res = await app.fetch(new Request('http://localhost/uploads/1', { method: 'PUT', headers: { 'Api-Version': '1' }, body: form }))
    expect(await res.json()).toEqual({ text: null, fields: { title: 'Report', document: { file: 'a.pdf', type: 'application/pdf', text: 'hello' }, visibility: 'private' } })
  })
})

describe('an older form body an earlier middleware read', () => {
  // A middleware before the versioning one that parses the form (Hono keeps it in c.req's cache as FormData).
  const early = new Hono()
  early.use('*', async (c, next) => {
    await c.req.formData()
    await next()
  })
  migratingApp(history, early)
  early.post('/uploads', async (c) => c.json({ parsed: await describeForm(await c.req.parseBody({ all: true })) }))

  it.each(['urlencoded', 'multipart'])('%s: migrated from what the earlier reader left, never read as another type', async (kind) => {
    const form = new FormData()
    form.append('name', 'Report')
    form.append('size', '2')
    const request = kind === 'urlencoded' ? urlencoded({ name: 'Report', size: '2' }, '1') : multipart(form, '1')
    const res = await early.fetch(request)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ parsed: { title: 'Report', size: '2048', visibility: 'private' } })
  })

  it.each(['parseBody', 'arrayBuffer', 'blob'] as const)("a file's bytes are the client's when an earlier middleware read the form (c.req.%s())", async (read) => {
    const before = new Hono()
    before.use('*', async (c, next) => {
      await c.req[read]()
      await next()
    })
    migratingApp(history, before)
    before.post('/uploads', async (c) => {
      const { title, document } = await c.req.parseBody()
      return c.json({ title, bytes: document instanceof File ? [...new Uint8Array(await document.arrayBuffer())] : null })
    })
    // Every byte value: those beyond ASCII are no UTF-8 text on their own.
    const bytes = Array.from({ length: 256 }, (_, i) => i)
    for (const [version, names] of [['1', ['name', 'file']], ['2', ['title', 'document']]] as const) {
      const form = new FormData()
      form.append(names[0], 'Report')
      form.append(names[1], new File([new Uint8Array(bytes)], 'all.bin', { type: 'application/octet-stream' }))
      const res = await before.fetch(multipart(form, version))
      expect(await res.json()).toEqual({ title: 'Report', bytes })
    }
  })
})

describe('an older form body on a route without forms: true', () => {
  it('is refused with 415 UnsupportedBodyType, never handed on un-migrated', async () => {
    const res = await app.request(urlencoded({ name: 'Report' }, '1', '/json-only'))
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ detail: 'Unsupported media type in request; send the body as application/json.' })
  })
})
