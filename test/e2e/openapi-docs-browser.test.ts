/**
 * The docs page in a real browser: starts the worker example on workerd
 * (`wrangler dev`, on a free loopback port), drives a headless Chromium
 * with playwright-core, reads the version selector, switches versions, and
 * checks that the paths and field names shown are those of the chosen
 * version (on the page's text; no screenshot comparison).
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
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
let dev: WranglerDev | undefined
let browser: Browser | undefined
/** One page for every test (the packaged Chromium runs single-process: closing its last page ends it). */
let page: Page
let origin = ''


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
}, 120_000)

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
    await page.goto(`${origin}/docs`)
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
  }, 120_000)

  it('/docs/path (from the route table alone): v2 and v1 at their own concrete paths', async () => {
    await page.goto(`${origin}/docs/path`)
    await expect.poll(() => selectorButton(page).innerText(), POLL).toBe('v2 (latest)')
    await expect.poll(() => shownPaths(page), POLL).toEqual(['/path/v2/categories', '/path/v2/categories/{slug}', '/path/v2/products', '/path/v2/products/{id}'])
    expect(await openSelector(page)).toEqual(['v2 (latest)', 'v1'])
    await page.keyboard.press('Escape')
    await choose(page, 'v1')
    await expect.poll(() => shownPaths(page), POLL).toEqual(['/path/v1/categories', '/path/v1/categories/{slug}', '/path/v1/products', '/path/v1/products/{id}'])
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
