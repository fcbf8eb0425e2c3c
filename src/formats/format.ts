/**
 * How a scheme reads versions that have an order: which released version a
 * requested text (`^1.2`, `2026-03-15`) stands for.
 */

/** A family of ordered versions and the request forms that resolve to one of them. */
export interface VersionFormat {
  /** The format's name, for messages: 'semver', 'date'. */
  readonly name: string
  /**
   * Checks the released versions once, at construction (throwing an `Error` whose message starts with `${where}: ` and says what to fix),
   * and returns the resolver: requested text → the released version it resolves to, or null when none does (malformed text included).
   */
  compile(released: readonly string[], where: string): (requested: string) => string | null
}
