/** The media types of the bodies version changes read: JSON (`application/*+json` too) and forms. */

// RFC 6838 §4.2: a subtype's name may carry "+" before its "+json" suffix (`application/vnd.a+b+json`).
const JSON_TYPE = /^application\/(?:[\w.!#$&^+-]+\+)?json\s*(?:;|$)/i
const JSON_PATCH_TYPE = /^application\/json-patch\+json\s*(?:;|$)/i
const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i

/** Whether a Content-Type (with or without parameters, any case) is JSON (`application/json`, `application/problem+json`, `application/merge-patch+json`, ...). */
export function isJsonType(type: string | null): boolean {
  return type !== null && JSON_TYPE.test(type)
}

/** Whether a Content-Type is a form (`application/x-www-form-urlencoded`, `multipart/form-data`). */
export function isFormType(type: string | null): boolean {
  return type !== null && FORM_TYPE.test(type)
}

/** Whether a Content-Type is a JSON Patch (RFC 6902, `application/json-patch+json`): a list of operations, not a body of the route's shape. */
export function isJsonPatchType(type: string | null): boolean {
  return type !== null && JSON_PATCH_TYPE.test(type)
}

/** A Content-Type's media type, lower case, without parameters (`''` when there is none). */
export function mediaType(contentType: string | null): string {
  if (contentType === null) return ''
  const semi = contentType.indexOf(';')
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase()
}
