/** Which runtime the tests are running on, from globals only that runtime has. */
export type Runtime = 'workerd' | 'bun' | 'deno' | 'node' | 'unknown'

export function detectRuntime(): Runtime {
  const g = globalThis as Record<string, unknown>
  if (typeof g['WebSocketPair'] === 'function' && Reflect.get(navigator, 'userAgent') === 'Cloudflare-Workers') return 'workerd'
  if (typeof g['Bun'] === 'object') return 'bun'
  if (typeof g['Deno'] === 'object') return 'deno'
  const process = g['process'] as { release?: { name?: string } } | undefined
  if (process?.release?.name === 'node') return 'node'
  return 'unknown'
}
