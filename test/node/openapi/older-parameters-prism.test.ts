/**
 * Each version's documented query parameters, headers and cookies judged by
 * a tool nobody here wrote: Stoplight Prism (`prism proxy --errors`) in
 * front of an app whose older version's parameters requestValidation
 * checks (test/support/older-parameters.ts). A request Prism refuses as
 * breaking version 1's document is one the server refuses with 422, and one
 * Prism lets through is served; none of the answers breaks the document.
 * Prism reads no cookie parameters (its validators are of the path, query,
 * headers and body), so requests with cookies are judged by the portable
 * suite (test/openapi/older-parameters.test.ts) alone.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../../e2e/wrangler-dev.ts'
import { childOutput } from '../../support/child-output.ts'
import { app, docs, requestOf, requests, served, type Sent } from '../../support/older-parameters.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = `${root}.tmp/prism-parameters/`
const closers: (() => void)[] = []

afterAll(() => {
  for (const close of closers) close()
  rmSync(dir, { recursive: true, force: true })
})

async function upstream(): Promise<string> {
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
  closers.push(() => server.close())
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function prism(version: string, to: string): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const file = `${dir}v${version}.json`
  writeFileSync(file, JSON.stringify(docs.document(version)))
  const port = await freePort()
  const child: ChildProcess = spawn(`${root}node_modules/.bin/prism`, ['proxy', file, to, '--errors', '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
  closers.push(() => child.kill())
  await childOutput(child, `prism for version ${version}`).printed('Prism is listening', 60_000)
  return `http://127.0.0.1:${port}`
}

/** What Prism makes of `sent` in `version`: refused as breaking the document, or the status it passed on, and any violation it reports of the answer. */
async function throughPrism(proxy: string, version: string, sent: Sent): Promise<{ refused: boolean; status: number; violations: string | null }> {
  const { url, headers } = requestOf(version, sent)
  const answer = await fetch(`${proxy}${url}`, { headers })
  const text = await answer.text()
  const refused = (answer.headers.get('content-type') ?? '').includes('problem+json') && text.includes('stoplight.io/prism/errors')
  return { refused, status: answer.status, violations: answer.headers.get('sl-violations') }
}

describe("Prism judges each version's parameters as the server does", () => {
  it.each(['1', '2'])('version %s', async (version) => {
    const proxy = await prism(version, await upstream())
    let refusedByBoth = 0
    for (const sent of requests.filter((r) => r.theme === undefined)) {
      const direct = await served(version, sent)
      const judged = await throughPrism(proxy, version, sent)
      // Refused by Prism exactly where the server refuses (the head's parameters are the application's to check: it checks none here).
      if (version === '1') expect({ sent, refused: judged.refused }).toEqual({ sent, refused: direct === 422 })
      else if (!judged.refused) expect({ sent, direct }).toEqual({ sent, direct: 200 })
      if (!judged.refused) expect({ sent, status: judged.status, violations: judged.violations }).toEqual({ sent, status: direct, violations: null })
      if (judged.refused && direct === 422) refusedByBoth++
    }
    if (version === '1') expect(refusedByBoth).toBeGreaterThan(2)
  }, 120_000)
})
