/**
 * The docs page in a real browser: starts the worker example on workerd
 * (`wrangler dev`, on a free loopback port), drives a headless Chromium
 * with playwright-core, reads the version selector, switches versions, and
 * checks that the paths and field names shown are those of the chosen
 * version (on the page's text; no screenshot comparison), all under the
 * page's Content-Security-Policy: no violation is reported, neither as a
 * `securitypolicyviolation` event nor in the console, and a script that
 * reaches the page another way does not run.
 *
 * The browser arrives through the project's own files: @sparticuz/chromium
 * carries a Chromium build inside the npm package; Debian's `chromium` at
 * /usr/bin/chromium is the fallback. Neither launching is a failure, never a
 * skip. The test also writes a screenshot of the page to
 * .tmp/openapi-docs.png, and to docs/openapi-docs.png (the README's) when
 * run with UPDATE_DOCS_SCREENSHOT=1 (`npm run docs:screenshot`).
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { openAPIDocs } from '../../src/openapi/scalar.ts'
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
let dev: WranglerDev | undefined
let browser: Browser | undefined
/** One page for every test (the packaged Chromium runs single-process: closing its last page ends it). */
let page: Page
let origin = ''
/** What the console said of the page's policy ("Refused to ...", "... violates the following Content Security Policy directive ..."). */
const refusals: string[] = []

/** Chromium from @sparticuz/chromium, else Debian's; throws (the test fails) when neither launches. */
async function launchChromium(): Promise<Browser> {
  const failures: string[] = []
  try {
    const { default: packaged } = await import('@sparticuz/chromium')
    return await chromium.launch({ executablePath: await packaged.executablePath(), args: packaged.args, headless: true })
  } catch (error) {
    failures.push(`@sparticuz/chromium: ${String(error)}`)
  }
  const debian = '/usr/bin/chromium'
  if (existsSync(debian)) {
    try {
      return await chromium.launch({ executablePath: debian, args: ['--no-sandbox'], headless: true })
    } catch (error) {
      failures.push(`${debian}: ${String(error)}`)
    }
  } else {
    failures.push(`${debian}: not installed (apt-get install chromium)`)
  }
  throw new Error(`No Chromium could be launched:\n${failures.join('\n')}`)
}

beforeAll(async () => {
  const ready = startWranglerDev().then((started) => {
    dev = started
    origin = started.origin
  })
  const [launched] = await Promise.all([launchChromium(), ready])
  browser = launched
  page = await launched.newPage({ viewport: { width: 1280, height: 800 } })
  // Every violation the page's policy reports, kept in the page (each navigation starts a new list).
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))
  })
  page.on('console', (message) => {
    if (/^Refused|Content Security Policy/.test(message.text())) refusals.push(message.text())
  })
}, 120_000)

/** The violations the page reported since it loaded. */
const violations = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)

/** Opens `path`: its answer carries the page's policy, scripts from the bundle ('self') and the page's own by hash. */
async function open(page: Page, path: string): Promise<string> {
  refusals.length = 0
  const response = await page.goto(`${origin}${path}`)
  const policy = response?.headers()['content-security-policy'] ?? ''
  expect(policy).toMatch(/^default-src 'none'; script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}='){2}; style-src 'unsafe-inline'; /)
  expect(policy).toContain("; object-src 'none'; base-uri 'none';")
  return policy
}

/** No violation reported, in the page or in the console. */
async function noViolation(page: Page): Promise<void> {
  expect(await violations(page)).toEqual([])
  expect(refusals).toEqual([])
}

afterAll(async () => {
  await browser?.close()
  await dev?.stop()
}, 30_000)

/** How long the page may take to show something (Scalar renders after loading a 4 MB bundle; CI machines are busy). */
const POLL = { timeout: 30_000, interval: 250 }

/** The version selector's button (Scalar's document selector). */
const selectorButton = (page: Page) => page.locator('.document-selector button[aria-haspopup="listbox"]')

/**
 * Opens the selector and reads its options, in order; leaves it open. Escape does not always close the list (a list
 * still open is read as it is: a click would close it), and a click on a busy machine can be lost (made again, up to
 * five times, while no option shows).
 */
async function openSelector(page: Page): Promise<string[]> {
  const options = page.getByRole('option')
  for (let attempt = 1; !(await options.first().isVisible()); attempt++) {
    await selectorButton(page).click()
    try {
      await options.first().waitFor({ timeout: 6_000 })
    } catch (error) {
      if (attempt === 5) throw error
    }
  }
  return (await options.allInnerTexts()).map((t) => t.trim())
}

/** Picks a version in the selector, by its label. */
async function choose(page: Page, label: string): Promise<void> {
  await openSelector(page)
  await page.getByRole('option', { name: label, exact: true }).click()
  await expect.poll(() => selectorButton(page).innerText(), POLL).toBe(label)
}

/**
 * The API paths the page shows: every element whose whole text is a path,
 * once the page has been scrolled through (Scalar renders operations as
 * they scroll into view), then back to the top.
 */
async function shownPaths(page: Page): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const bottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight)
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2
    })
    await page.waitForTimeout(100)
    if (bottom) break
  }
  await page.evaluate(() => window.scrollTo(0, 0))
  return page.evaluate(() => {
    const texts = [...document.querySelectorAll('body *')]
      .filter((e) => e.children.length === 0)
      .map((e) => (e.textContent ?? '').trim())
      .filter((t) => /^\/[A-Za-z0-9_\-{}./]+$/.test(t) && !t.endsWith('.js'))
    return [...new Set(texts)].sort()
  })
}

/** The page's text, once `expected` is in it and `absent` is not (Scalar renders after the document loads). */
async function textWith(page: Page, expected: string, absent: string): Promise<string> {
  const shown = (args: readonly [string, string]): boolean => document.body.innerText.includes(args[0]) && !document.body.innerText.includes(args[1])
  await page.waitForFunction(shown, [expected, absent] as const, { timeout: 30_000 })
  return page.evaluate(() => document.body.innerText)
}

describe('the docs page of the worker example, in headless Chromium', () => {
  it('/docs: the selector lists 2026-06-01 (latest) and 2025-01-01 (deprecated); switching shows each version\'s paths and fields', async () => {
    await open(page, '/docs')
    await expect.poll(() => selectorButton(page).innerText(), POLL).toBe('2026-06-01 (latest)')

    // 2026-06-01, shown first: top-categories exists; products have a title, a price object, links.
    let text = await textWith(page, '"title": "Sencha"', '"name": "Sencha"')
    expect(text).toContain('"links": {')
    // The changelog route is documented too (Scalar shows /releases/changelog.{format} with its parameter apart).
    await expect.poll(() => shownPaths(page), POLL).toEqual(['/releases/categories', '/releases/categories/{slug}', '/releases/changelog', '/releases/health', '/releases/products', '/releases/products/{id}', '/releases/top-categories'])

    // The selector: every documented version, newest first; 2024-01-01 is past its sunset and refused (410), so absent.
    expect(await openSelector(page)).toEqual(['2026-06-01 (latest)', '2025-01-01 (deprecated)'])
    await screenshot(page)
    await page.keyboard.press('Escape')

    // 2025-01-01: no top-categories; products have a name, a price string, a url; operations are deprecated.
    await choose(page, '2025-01-01 (deprecated)')
    text = await textWith(page, '"name": "Sencha"', '"title": "Sencha"')
    expect(text).toContain('"price": "12.50"')
    expect(text).toContain('"url": "https://catalog.test/releases/products/1"')
    expect(text).toContain('Deprecated: version 2025-01-01 is deprecated since 2026-06-01')
    await expect.poll(() => shownPaths(page), POLL).toEqual(['/releases/categories', '/releases/categories/{slug}', '/releases/changelog', '/releases/health', '/releases/products', '/releases/products/{id}'])

    // And back.
    await choose(page, '2026-06-01 (latest)')
    await textWith(page, '"title": "Sencha"', '"name": "Sencha"')
    await expect.poll(() => shownPaths(page), POLL).toContain('/releases/top-categories')
    await noViolation(page)
  }, 120_000)

  it('/docs/path (from the route table alone): v2 and v1 at their own concrete paths', async () => {
    await open(page, '/docs/path')
    await expect.poll(() => selectorButton(page).innerText(), POLL).toBe('v2 (latest)')
    await expect.poll(() => shownPaths(page), POLL).toEqual(['/path/v2/categories', '/path/v2/categories/{slug}', '/path/v2/products', '/path/v2/products/{id}'])
    expect(await openSelector(page)).toEqual(['v2 (latest)', 'v1'])
    await page.keyboard.press('Escape')
    await choose(page, 'v1')
    await expect.poll(() => shownPaths(page), POLL).toEqual(['/path/v1/categories', '/path/v1/categories/{slug}', '/path/v1/products', '/path/v1/products/{id}'])
    await noViolation(page)
  }, 120_000)

  it('/docs/host: "Test Request" sends to the documents\' server (v2.catalog.test), which the policy allows', async () => {
    const policy = await open(page, '/docs/host')
    expect(policy).toContain("; connect-src 'self' http://v2.catalog.test http://v1.catalog.test; ")
    await expect.poll(() => selectorButton(page).innerText(), POLL).toBe('v2 (latest)')
    await page.getByRole('button', { name: /Test Request/ }).first().click()
    // The host does not resolve here: the request leaving the browser is what the policy decides.
    const sent = page.waitForRequest((request) => request.url().startsWith('http://v2.catalog.test/host/'), { timeout: 30_000 })
    await page.getByRole('button', { name: /^Send/ }).first().click()
    await sent
    await noViolation(page)
  }, 120_000)

  it('the default bundle, from jsDelivr (answered here with the installed file, as jsDelivr serves it): allowed by its URL, run for its integrity, no violation', async () => {
    // The page of openAPIDocs with no cdn, answered in process at https://docs.test (this machine reaches no CDN).
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), routes: defineRoutes([route('user-list', '/users')]) })
    const app = new Hono().route('/docs', openAPIDocs(docs))
    await page.route('https://docs.test/**', async (request) => {
      const res = await app.request(new URL(request.request().url()).pathname)
      await request.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() })
    })
    await page.route('https://cdn.jsdelivr.net/**', (request) =>
      request.fulfill({ status: 200, headers: { 'content-type': 'application/javascript; charset=utf-8', 'access-control-allow-origin': '*' }, path: `${root}node_modules/@scalar/api-reference/dist/browser/standalone.js` }),
    )
    try {
      refusals.length = 0
      const response = await page.goto('https://docs.test/docs')
      expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; script-src https:\/\/cdn\.jsdelivr\.net\/npm\/@scalar\/api-reference@[0-9.]+\/dist\/browser\/standalone\.js( 'sha256-[A-Za-z0-9+/]{43}='){2}; /)
      await expect.poll(() => selectorButton(page).innerText(), POLL).toBe('v2 (latest)')
      expect(await openSelector(page)).toEqual(['v2 (latest)', 'v1'])
      await page.keyboard.press('Escape')
      await noViolation(page)
    } finally {
      await page.unrouteAll()
    }
  }, 120_000)

  it('a script that reaches the page (an element, an event handler) does not run, and is reported; on a page without the policy it runs', async () => {
    /** Puts a script element and an image with an `onerror` handler into the page, as rendered Markdown could; says whether either ran. */
    const inject = (page: Page): Promise<boolean> =>
      page.evaluate(async () => {
        const ran = window as unknown as { injected?: boolean }
        const script = document.createElement('script')
        script.textContent = 'window.injected = true'
        document.body.append(script)
        const holder = document.createElement('div')
        holder.innerHTML = '<img src="/no-such-image.png" onerror="window.injected = true">'
        document.body.append(holder)
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        return ran.injected === true
      })
    await open(page, '/docs')
    await expect.poll(() => selectorButton(page).innerText(), POLL).toBe('2026-06-01 (latest)')
    expect(await inject(page)).toBe(false)
    expect((await violations(page)).map((v) => v.split(' ').slice(0, 2).join(' ')).sort()).toEqual(['script-src-attr inline', 'script-src-elem inline'])
    // The same injection where no policy is sent (the worker's /openapi index, a JSON answer the browser shows as a page).
    await page.goto(`${origin}/docs/openapi`)
    expect(await inject(page)).toBe(true)
  }, 120_000)
})

/** Writes a screenshot to .tmp/openapi-docs.png, and to the README's docs/openapi-docs.png with UPDATE_DOCS_SCREENSHOT=1. */
async function screenshot(page: Page): Promise<void> {
  mkdirSync(`${root}.tmp`, { recursive: true })
  const path = `${root}.tmp/openapi-docs.png`
  await page.screenshot({ path })
  if (process.env['UPDATE_DOCS_SCREENSHOT'] === '1') {
    mkdirSync(`${root}docs`, { recursive: true })
    copyFileSync(path, `${root}docs/openapi-docs.png`)
  }
}
