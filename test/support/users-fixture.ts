/**
 * The users API the validator suites share (hono's own validator and
 * @hono/zod-openapi's on every runtime, the validator packages on Node):
 * version 1 had a `name` and no `email`; version 2, the head, has a
 * `fullName` and an `email` (null when an older client sends none).
 */
import { change, fieldAdded, fieldRenamed, shape } from '../../src/changes/index.ts'

export interface User {
  id: number
  fullName: string
  email: string | null
}
export const User = shape<User>('User')

/** What version 2 changed about a user's body. */
export const userChanges = [
  change('Users have a fullName instead of a name.', [fieldRenamed(User, { older: 'name', newer: 'fullName' })]),
  change('Users have an email.', [fieldAdded(User, 'email', { default: null })]),
]
