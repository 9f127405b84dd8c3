/**
 * Headless Chromium for the page tests: Debian's /usr/bin/chromium (`apt-get install chromium`; .ci/run installs it
 * when missing) driven by playwright-core, which downloads no browser of its own. A fresh profile per launch, no
 * background traffic (the machine has no network but the npm registry). Screenshots go to test-artifacts/.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/explorer/', import.meta.url));

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  const profile = mkdtempSync(path.join(tmpdir(), 'junction-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1100, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A full-page screenshot in test-artifacts/explorer/<name>.png (gitignored), for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Collects the page's script errors and failed requests, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page as it is (WCAG 2.1 A and AA rules and best practices); returns the violations. The
 * script is evaluated through the DevTools protocol, which the page's content security policy does not govern.
 */
export async function axe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  // A string, not a function: this file is compiled without the DOM library (the code runs in the page).
  return page.evaluate(`(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  })()`) as Promise<AxeViolation[]>;
}
