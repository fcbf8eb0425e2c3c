/**
 * Request layouts no older request can be migrated by, refused when the
 * history is made: a `request` layout named for GET (no runtime passes a GET
 * or HEAD request's body to its handler, so it would migrate nothing), and
 * `forms: true` where the request layout is not one shape. A form's fields
 * are text and files, a list of them where a field repeats (form-body.ts):
 * one object, never a list or an envelope around a shape.
 */
import type { RouteBodies } from './history-options.ts'
import { methodRoute, plainRoute } from './route-changes.ts'
import { Shape, type Layout } from './shape.ts'
import { quoted } from '../quote.ts'

/** Throws a sentence where `bodies[route]` gives a GET route a request layout. */
export function checkRequestMethod(route: string, entry: RouteBodies, where: string): void {
  if (entry.request === undefined) return
  const named = plainRoute(route) ?? methodRoute(route)
  if (named === null || named[0] !== 'GET') return
  const other = named[1].startsWith('/') ? `'POST ${named[1]}'` : `'POST ${named[1]}' (or the route's name alone, for every method that takes a body)`
  throw new Error(
    `${where}: bodies[${quoted(route)}] gives a GET route a request layout, but no runtime passes a GET (or HEAD) request's body to its handler, so it would migrate nothing; declare the request layout for the method that takes the body, such as ${other}, or leave it out.`,
  )
}

/**
 * Throws a sentence where `bodies[route]` says `forms: true` and its request
 * layout is not one shape (a list, an envelope) and some older version
 * migrates it (`migrates(layout, version)`: the layout's steps up from that
 * version are not none; `versions`: how many there are): a form is one object
 * of text and file fields, so no older form could be migrated by it (a list
 * or a required envelope field refused, a partial envelope's fields absent,
 * the form's own fields passed on in their older names). A nested shape in
 * one shape is no such case: a form that leaves it out is migrated, and one
 * that sends it text where older versions migrate a shape is refused (400,
 * naming the place), as a JSON body with a string there is.
 */
export function checkFormLayout(route: string, entry: RouteBodies, migrates: (layout: Layout, version: number) => boolean, versions: number, where: string): void {
  const layout = entry.request
  if (entry.forms !== true || layout === undefined || layout instanceof Shape) return
  if (!Array.from({ length: versions - 1 }, (_, v) => v).some((v) => migrates(layout, v))) return
  throw new Error(
    `${where}: bodies[${quoted(route)}] says forms: true, but its request layout is ${Array.isArray(layout) ? 'a list' : 'an envelope'}, not one shape, and a form is one object of text and file fields, so no older form could be migrated by it; leave forms out (older clients then send JSON), or give the form's route a request layout of one shape.`,
  )
}
