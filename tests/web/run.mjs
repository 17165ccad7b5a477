// Browser end-to-end tests of the web client: starts the real grognard-server on a free port,
// drives Debian's headless Chromium through playwright-core, saves a screenshot of each screen
// and prints one line per test. Usage (docs/web.md, "Browser tests"):
//   node tests/web/run.mjs --server PATH/grognard-server --client PATH/grognard \
//     --artefacts DIR [--only NAME] [--web-dir DIR] [--chromium PATH] [--clock-server PATH]
// With --clock-server (grognard-server-testclock) that program is the server, its clock moved on
// by the clocks test through the file GROGNARD_TEST_CLOCK_FILE names (docs/clocks.md "Tests").
// Exit status: 0 when every test passed, 1 when one failed, 2 for bad arguments.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Harness } from './lib.mjs';
import { itchyGame } from './itchy_game.mjs';
import { sharpeReferee } from './sharpe.mjs';
import { reportDice } from './report.mjs';
import { layoutAndKeyboard } from './layout.mjs';
import { rcwSmoke, rcwUnspotted } from './rcw.mjs';
import { connPages } from './pages.mjs';
import { accountsTest } from './accounts.mjs';
import { clocksTest } from './clocks.mjs';
import { emailTest } from './email.mjs';
import { notifySettingsTest, notifyBrowserTest } from './notify.mjs';

// The tests in the order they run: the report and layout tests use the game of the first
// (or play one of their own through the protocol when it did not finish or did not run).
const TESTS = [
  { name: 'itchy-game', timeout: 170_000, fn: itchyGame },
  { name: 'sharpe-referee', timeout: 90_000, fn: sharpeReferee },
  { name: 'report', timeout: 45_000, fn: reportDice },
  { name: 'layout', timeout: 45_000, fn: layoutAndKeyboard },
  { name: 'rcw', timeout: 60_000, fn: rcwSmoke },
  { name: 'rcw-unspotted', timeout: 20_000, fn: rcwUnspotted },
  { name: 'pages', timeout: 10_000, fn: connPages },
  { name: 'accounts', timeout: 45_000, fn: accountsTest },
  { name: 'email', timeout: 30_000, fn: emailTest },
  { name: 'notify-settings', timeout: 15_000, fn: notifySettingsTest },
  { name: 'notify-browser', timeout: 40_000, fn: notifyBrowserTest },
  // Last: it moves the server's clock a day on.
  { name: 'clocks', timeout: 30_000, fn: clocksTest },
];
const WHOLE_RUN_MS = 345_000;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];

function usage(why) {
  console.error(`run.mjs: ${why}\nusage: node tests/web/run.mjs --server PATH --client PATH ` +
    '--artefacts DIR [--only NAME] [--web-dir DIR] [--chromium PATH] [--clock-server PATH]\n' +
    `tests: ${TESTS.map((t) => t.name).join(', ')}`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { chromium: '/usr/bin/chromium', only: [] };
  const known = ['server', 'client', 'artefacts', 'only', 'web-dir', 'chromium', 'clock-server'];
  for (let i = 0; i < argv.length; i += 1) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m || !known.includes(m[1])) usage(`unknown argument ${argv[i]}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) usage(`--${m[1]} needs a value`);
    if (m[1] === 'only') opts.only.push(...value.split(','));
    else opts[{ 'web-dir': 'webDir', 'clock-server': 'clockServer' }[m[1]] ?? m[1]] = value;
  }
  for (const need of ['server', 'client', 'artefacts']) {
    if (!opts[need]) usage(`--${need} is required`);
  }
  for (const name of opts.only) {
    if (!TESTS.some((t) => t.name === name)) usage(`no test named ${name}`);
  }
  for (const file of [opts.server, opts.client, opts.chromium, opts.clockServer].filter(Boolean)) {
    if (!fs.existsSync(file)) usage(`${file} does not exist`);
  }
  return opts;
}

// Starts the server and resolves with its ws:// address once it prints its listening line.
// `clockFile`: the test clock's file, for --clock-server.
function startServer(opts, tmp, artefacts, clockFile) {
  // A webhook to the loopback address is allowed over http (the notify-settings test sets one).
  // The browser is a trusted proxy, so that the notify tests' pages, which name an address of
  // their own in X-Forwarded-For, register their accounts outside the 5 an hour of 127.0.0.1.
  const args = ['--listen', '127.0.0.1:0', '--db', path.join(tmp, 'g.db'), '--log-level', 'info',
    '--webhook-allow', '127.0.0.1/32', '--trusted-proxy', '127.0.0.1'];
  if (opts.webDir) args.push('--web-dir', opts.webDir);
  const env = clockFile ? { ...process.env, GROGNARD_TEST_CLOCK_FILE: clockFile } : process.env;
  const child = spawn(opts.clockServer || opts.server, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const log = fs.createWriteStream(path.join(artefacts, 'server.log'));
  child.stderr.pipe(log);
  const address = new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server printed no listening line in 10 s')), 10_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /grognard-server listening on (ws:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${signal ?? code}) before listening; see server.log`));
    });
    child.on('error', (err) => { clearTimeout(timer); reject(err); });
  });
  return { child, address };
}

// playwright-core from tests/web/node_modules, with a word on how to get it.
async function loadPlaywright() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 18) {
    console.log(`FAIL run: playwright-core needs Node.js 18 or later; this is ${process.version}`);
    process.exit(1);
  }
  try {
    return (await import('playwright-core')).chromium;
  } catch (err) {
    console.log(`FAIL run: playwright-core cannot be loaded (${err.message.split('\n')[0]}); run \`npm ci\` in tests/web first`);
    process.exit(1);
  }
  return null;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const chromium = await loadPlaywright();
  const artefacts = path.resolve(opts.artefacts);
  fs.mkdirSync(artefacts, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grognard-web-'));
  let server = null;
  let browser = null;
  let finishing = false;
  // Every way out goes through here: the server and the browser never outlive the run.
  const cleanup = async () => {
    if (finishing) return;
    finishing = true;
    if (browser) await browser.close().catch(() => {});
    if (server && server.exitCode === null) server.kill('SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on('exit', () => { if (server && server.exitCode === null) server.kill('SIGKILL'); });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => { console.log(`FAIL run: stopped by ${sig}`); cleanup().finally(() => process.exit(1)); });
  }
  const wholeRun = setTimeout(() => {
    console.log(`FAIL run: the whole run took longer than ${WHOLE_RUN_MS / 1000} s`);
    cleanup().finally(() => process.exit(1));
  }, WHOLE_RUN_MS);
  wholeRun.unref();

  let failed = 0;
  try {
    const clockFile = opts.clockServer ? path.join(tmp, 'clock-offset') : '';
    if (clockFile) fs.writeFileSync(clockFile, '0');
    const started = startServer(opts, tmp, artefacts, clockFile);
    server = started.child;
    const ws = await started.address;
    const base = ws.replace(/^ws:/, 'http:').replace(/\/$/, '');
    browser = await chromium.launch({
      executablePath: opts.chromium, headless: true, args: CHROMIUM_ARGS, timeout: 30_000,
    });
    const harness = new Harness({ browser, base, ws, artefacts, client: opts.client, tmp, clockFile });
    const chosen = TESTS.filter((t) => !opts.only.length || opts.only.includes(t.name));
    for (const f of fs.readdirSync(artefacts)) {
      if (chosen.some((t) => f.startsWith(`${t.name}-`) && f.endsWith('.png'))) fs.rmSync(path.join(artefacts, f));
    }
    for (const test of chosen) {
      const result = await harness.run(test);
      if (finishing) break; // stopped by a signal or the whole run's time limit
      if (result.ok) console.log(`ok ${test.name} (${result.seconds} s)${result.note ? ` — ${result.note}` : ''}`);
      else { failed += 1; console.log(`FAIL ${test.name} (${result.seconds} s): ${result.why}`); }
    }
    if (!finishing) console.log(`${chosen.length - failed} of ${chosen.length} passed; screenshots in ${artefacts}`);
  } catch (err) {
    failed += 1;
    console.log(`FAIL run: ${err.message}`);
  } finally {
    await cleanup();
  }
  process.exit(failed ? 1 : 0);
}

main();
