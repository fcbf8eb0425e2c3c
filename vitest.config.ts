import { readFileSync } from 'node:fs'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

/** The suites every runtime runs (Node, workerd, Bun, Deno). */
const portable: string[] = JSON.parse(readFileSync(new URL('./test/portable.json', import.meta.url), 'utf8')).suites

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/*.test.ts', 'test/e2e/*.test.ts'],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './test/tsconfig.json',
          },
        },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: {
          name: 'workerd',
          include: ['test/workers/*.test.ts', ...portable],
        },
      },
    ],
  },
})
