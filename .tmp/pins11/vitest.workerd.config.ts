// The workerd probe: npx vitest run --config .tmp/pins11/vitest.workerd.config.ts
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [cloudflareTest({ wrangler: { configPath: new URL('../../wrangler.toml', import.meta.url).pathname } })],
  test: { name: 'probe-workerd', root: new URL('../..', import.meta.url).pathname, include: ['.tmp/pins11/*.workers.test.ts'] },
})
