/**
 * Whether a configured URL holds a user name or password (before "@"):
 * where the toolkit publishes it (a response header, an error body, a
 * document, the docs page), every reader would see them.
 */

/** Whether the absolute URL `url` holds a user name or password. */
export function holdsCredentials(url: string): boolean {
  const { username, password } = new URL(url)
  return username !== '' || password !== ''
}
