/**
 * Form bodies (`application/x-www-form-urlencoded`, `multipart/form-data`)
 * as the objects version changes migrate, and back: each field a string, a
 * file (passed through untouched, never read), or a list of them when the
 * field repeats.
 */
import { withoutStack } from '../errors.ts'
import { MalformedFormBody } from './request-errors.ts'

let malformed: MalformedFormBody | undefined

/** A form body's fields as an object (no prototype: a field named `__proto__` is a field). */
export async function formFields(bytes: Uint8Array, type: string): Promise<Record<string, unknown>> {
  let form: FormData
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData()
  } catch {
    throw (malformed ??= withoutStack(() => new MalformedFormBody()))
  }
  const fields = Object.create(null) as Record<string, unknown>
  for (const [name, value] of form) {
    const known = fields[name]
    if (known === undefined) fields[name] = value
    else if (Array.isArray(known)) known.push(value)
    else fields[name] = [known, value]
  }
  return fields
}

/**
 * The migrated object as a form: strings and files as they are, a list as
 * the field repeated, other values as JSON text (`3`, `true`,
 * `{"a":1}`); `null` and missing fields are left out.
 */
export function formOf(fields: unknown): FormData {
  const form = new FormData()
  if (fields === null || typeof fields !== 'object') return form
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null) continue
      if (typeof item === 'string') form.append(name, item)
      else if (item instanceof Blob) form.append(name, item)
      else form.append(name, JSON.stringify(item))
    }
  }
  return form
}

/**
 * The type of a form an earlier reader took through the framework's cache,
 * which gives it back as multipart with a boundary of its own (its first
 * line a delimiter, `--boundary`, its last the closing one), whatever the
 * request's header says; `null` when the bytes are not so.
 */
export function cachedMultipart(bytes: Uint8Array): string | null {
  // The delimiters are ASCII: read a byte a character.
  const head = String.fromCharCode(...bytes.subarray(0, 76))
  const end = head.indexOf('\r\n')
  if (end < 3 || end > 72 || !head.startsWith('--')) return null
  const boundary = head.slice(2, end)
  const tail = String.fromCharCode(...bytes.subarray(Math.max(0, bytes.byteLength - boundary.length - 70)))
  if (!/^[0-9A-Za-z'()+_,\-./:=? ]+$/.test(boundary) || !tail.trimEnd().endsWith(`--${boundary}--`)) return null
  return `multipart/form-data; boundary="${boundary}"`
}
