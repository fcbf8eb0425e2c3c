// A tiny probe harness: each check prints OK or FAIL with expected and actual.
export const results: { name: string; ok: boolean; detail: string }[] = []
export async function check(name: string, fn: () => Promise<[unknown, unknown]> | [unknown, unknown]): Promise<void> {
  try {
    const [actual, expected] = await fn()
    const ok = JSON.stringify(actual) === JSON.stringify(expected)
    results.push({ name, ok, detail: ok ? '' : `expected ${JSON.stringify(expected)}\n      actual   ${JSON.stringify(actual)}` })
  } catch (error) {
    results.push({ name, ok: false, detail: `threw ${(error as Error)?.stack ?? String(error)}` })
  }
}
export async function res(r: Response): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  const headers: Record<string, string> = {}
  r.headers.forEach((v, k) => (headers[k] = v))
  return { status: r.status, body: await r.text(), headers }
}
export function report(label: string): void {
  const runtime = typeof (globalThis as any).Bun !== 'undefined' ? 'bun' : typeof (globalThis as any).Deno !== 'undefined' ? 'deno' : 'node'
  for (const r of results) console.log(`${r.ok ? 'OK  ' : 'FAIL'} [${runtime}] ${label}: ${r.name}${r.ok ? '' : '\n      ' + r.detail}`)
  console.log(`${label} on ${runtime}: ${results.filter((r) => r.ok).length} ok, ${results.filter((r) => !r.ok).length} failed`)
}
