/**
 * What the benchmarks that run each side in a process of its own share: the
 * command that runs a script on Node, Bun or Deno (the project's own
 * binaries), and the median of a side's rounds.
 */

declare const process: { execPath: string }

/** The binary and leading arguments that run `script` (a path from the project's root `root`) on `runtime`. */
export function runtimeCommand(root: string, runtime: string, script: string): [string, string[]] {
  if (runtime === 'node') return [process.execPath, [script]]
  if (runtime === 'bun') return [`${root}node_modules/.bin/bun`, [script]]
  return [`${root}node_modules/.bin/deno`, ['run', '--allow-all', script]]
}

/** The median of `xs` (of an even count, the mean of the middle two). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}
