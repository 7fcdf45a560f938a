// The playground in a real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core;
// no browser is downloaded). Run by `npm run test:browser`, which installs Chromium and builds the
// page first; `npm test` does not run it. Fails on any page error, console error or failed request.
// Usage: node test/browser/playground.mjs   (after node examples/playground/build.mjs)
/* global document */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../examples/playground/serve.mjs';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const dist = fileURLToPath(new URL('../../examples/playground/dist/', import.meta.url));
const results = fileURLToPath(new URL('../../test-results/', import.meta.url));
const screenshot = join(results, 'playground.png');

const SOURCE = [
  'import hashlib',
  '',
  '',
  'class UserAuth:',
  '    def __init__(self, valid):',
  '        self.valid = set(valid)',
  '',
  '    def validate(self, token):',
  '        return token in self.valid',
  '',
  '    def logout(self, token):',
  '        self.valid.discard(token)',
  '',
].join('\n');
// Given at zero indent, as an LLM sends it; structedit re-indents it into the class.
const NEW_VALIDATE = ['def validate(self, token):', '    if not token:', '        return False', '    return hashlib.sha256(token.encode()).hexdigest() in self.valid'].join('\n');
const EXPECTED = [
  'import hashlib',
  '',
  '',
  'class UserAuth:',
  '    def __init__(self, valid):',
  '        self.valid = set(valid)',
  '',
  '    def validate(self, token):',
  '        if not token:',
  '            return False',
  '        return hashlib.sha256(token.encode()).hexdigest() in self.valid',
  '',
  '    def logout(self, token):',
  '        self.valid.discard(token)',
  '',
].join('\n');

if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run bash scripts/ensure-browser.sh`);
if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: run node examples/playground/build.mjs`);

const started = performance.now();
const checked = [];
const problems = [];
const server = await serveStatic(dist);
const userDataDir = await mkdtemp(join(tmpdir(), 'structedit-chromium-'));
let context;
try {
  // playwright-core takes the profile folder as launchPersistentContext's first argument (it
  // refuses --user-data-dir in args): a fresh temporary folder, removed afterwards.
  context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  const noProblems = (step) => assert.deepEqual(problems, [], `${step}: the page reported problems`);

  /** Clicks a button and waits until the page has finished the action it started. */
  const act = async (selector) => {
    const before = await page.evaluate(() => Number(document.body.dataset.actions ?? '0'));
    await page.click(selector);
    await page.waitForFunction((count) => Number(document.body.dataset.actions ?? '0') > count, before, { timeout: 20_000 });
  };
  const text = (selector) => page.locator(selector).textContent();

  // 1. The page loads structedit, tree-sitter's runtime and the Python grammar, and says it is ready.
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.state !== 'loading', undefined, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready', `the page did not start: ${await text('#status')}`);
  noProblems('load');
  checked.push(`page ready: ${await text('#status')}`);

  // 2. A sample in another language: TypeScript, read by a target picked from the list.
  await page.selectOption('#sample', { label: 'TypeScript (cart.ts)' });
  await act('#list');
  const tsTargets = await page.locator('#structures li').evaluateAll((items) => items.map((item) => item.dataset.target));
  assert.ok(tsTargets.includes('class Cart\ntotal'), `no "class Cart\\ntotal" among the TypeScript targets: ${JSON.stringify(tsTargets)}`);
  await page.locator('#structures li').filter({ hasText: '"class Cart\\ntotal"' }).click();
  assert.equal(await page.inputValue('#target'), 'class Cart\ntotal');
  await page.selectOption('#operation', 'read');
  await act('#run');
  assert.equal(await page.locator('#status').getAttribute('data-outcome'), 'ok', await text('#tool-text'));
  assert.ok((await text('#tool-text')).includes('return this.items.reduce((sum, item) => sum + item.price, 0);'), await text('#tool-text'));
  checked.push('TypeScript sample: "class Cart\\ntotal" listed, clicked, read');

  // 3. A pasted file's structures, each with its target.
  await page.fill('#path', 'auth.py');
  await page.fill('#source', SOURCE);
  await act('#list');
  const targets = await page.locator('#structures li').evaluateAll((items) => items.map((item) => item.dataset.target));
  assert.ok(targets.includes('class UserAuth\ndef validate'), `no "class UserAuth\\ndef validate" among the listed targets: ${JSON.stringify(targets)}`);
  assert.ok(targets.includes('class UserAuth\ndef logout'), `no "class UserAuth\\ndef logout" among the listed targets: ${JSON.stringify(targets)}`);
  assert.match(await text('#status'), /^auth\.py \(python\): \d+ structures$/);
  checked.push(`list structures: ${targets.length} structures, "class UserAuth\\ndef validate" among them`);

  // 4. Replace a method by its target: the exact new text, a diff, and the text area updated.
  await page.selectOption('#operation', 'replace');
  await page.fill('#target', 'class UserAuth\ndef validate');
  await page.fill('#content', NEW_VALIDATE);
  await act('#run');
  assert.equal(await page.locator('#status').getAttribute('data-outcome'), 'ok', `replace failed: ${await text('#status')}\n${await text('#tool-text')}`);
  assert.equal(await text('#new-text'), EXPECTED);
  assert.equal(await page.inputValue('#source'), EXPECTED);
  assert.ok(await page.locator('#diff').isVisible(), 'the diff is not shown');
  const diff = await text('#diff');
  for (const line of ['--- auth.py', '+++ auth.py', '-        return token in self.valid', '+        if not token:', '+            return False']) {
    assert.ok(diff.split('\n').includes(line), `the diff lacks the line ${JSON.stringify(line)}:\n${diff}`);
  }
  const relisted = await page.locator('#structures li').evaluateAll((items) => items.map((item) => item.textContent));
  assert.ok(relisted.includes('  "class UserAuth\\ndef logout" method, lines 13-14'), `the list was not refreshed after the edit: ${JSON.stringify(relisted)}`);
  assert.match(await text('#tool-text'), /^Replaced "class UserAuth\\ndef validate" in auth\.py; it is now at lines 8-11\./);
  await mkdir(results, { recursive: true });
  await page.screenshot({ path: join(results, 'playground-replace.png'), fullPage: true });
  checked.push('replace "class UserAuth\\ndef validate": exact new text, diff shown, tool text "Replaced … lines 8-11"');

  // 5. A misspelled target: the error as the model sees it, with the right target suggested; nothing written.
  await page.selectOption('#operation', 'delete');
  await page.fill('#target', 'class UserAuth\ndef logut');
  await act('#run');
  assert.equal(await page.locator('#status').getAttribute('data-outcome'), 'error');
  assert.equal(await text('#status'), 'delete_structure failed (TARGET_NOT_FOUND); the file is unchanged');
  const error = await text('#tool-text');
  assert.match(error, /^delete_structure failed \(TARGET_NOT_FOUND\): /);
  assert.ok(error.includes('1. target "class UserAuth\\ndef logout": method at line 13'), `the error does not suggest "class UserAuth\\ndef logout" first:\n${error}`);
  assert.ok(error.includes('No file was changed.'), error);
  assert.equal(await page.inputValue('#source'), EXPECTED);
  assert.ok(await page.locator('#diff-box').isHidden(), 'a diff is shown for a failed call');
  checked.push('misspelled target "class UserAuth\\ndef logut": TARGET_NOT_FOUND, suggests "class UserAuth\\ndef logout", file unchanged');

  noProblems('end');
  await page.screenshot({ path: screenshot, fullPage: true });
  checked.push(`screenshots: ${screenshot} (the error), playground-replace.png (the diff)`);
} catch (failure) {
  if (context) {
    await mkdir(results, { recursive: true });
    await context.pages()[0]?.screenshot({ path: join(results, 'playground-failure.png'), fullPage: true }).catch(() => undefined);
  }
  console.error(`test:browser FAILED after ${checked.length} checks passed${problems.length > 0 ? `; page problems:\n  ${problems.join('\n  ')}` : ''}`);
  throw failure;
} finally {
  await context?.close();
  await server.close();
  await rm(userDataDir, { recursive: true, force: true });
}

console.log(`test:browser: the playground in ${CHROMIUM} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
for (const line of checked) console.log(`  ok  ${line}`);
