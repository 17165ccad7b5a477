// The parity table (tests/parity/*.json, docs/client.md "Tests") through the web client's own
// modules, without a browser: each command line through its rule set's parse(), each event
// through describeEvent(). parity_test.cpp runs the same table through the terminal client.
// A table holds the rule set's messages in protobuf's JSON mapping without their "@type", which
// is the rule set's View, Command or Event.
//   node tests/parity/parity.mjs [TABLE.json...]   (default: every table beside this file)
// Prints one line per disagreement and "N passed, N failed"; exit status 1 when one failed.
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webJs = pathToFileURL(path.join(here, '..', '..', 'web', 'js') + '/').href;
// The page's import map ({"grognard/": "/js/"}, web/index.html) as a resolve hook.
const hook = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('grognard/')) return next(${JSON.stringify(webJs)} + specifier.slice(9), context);
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
const { rulesets } = await import('grognard/rulesets/index.js');

// A Command JSON as protobuf's JSON mapping prints it: fields at their defaults left out (a
// message field stays, even empty), keys sorted, 64-bit integers as numbers.
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out = {};
    for (const key of Object.keys(value).sort()) {
      const v = value[key];
      if (v === undefined || v === null || v === 0 || v === false || v === '') continue;
      if (Array.isArray(v) && v.length === 0) continue;
      out[key] = canonical(v);
    }
    return out;
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return value;
}

// Equal as the wire reads them; doubles within a part in 10^12 (two maths libraries).
function same(a, b) {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length
      && a.every((x, i) => same(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
  }
  return a === b;
}

const tables = process.argv.length > 2 ? process.argv.slice(2)
  : fs.readdirSync(here).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(here, f));
let passed = 0;
let failed = 0;
const check = (ok, what) => {
  if (ok) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${what}`);
  }
};

for (const file of tables) {
  const table = JSON.parse(fs.readFileSync(file, 'utf8'));
  const name = path.basename(file);
  const rs = rulesets[table.ruleset];
  if (!rs) {
    check(false, `${name}: the web client has no rule set "${table.ruleset}"`);
    continue;
  }
  const typed = (message, body) =>
    ({ '@type': `type.googleapis.com/grognard.v1.${table.ruleset}.${message}`, ...body });
  const view = table.view ? typed('View', table.view) : null;
  for (const row of table.commands || []) {
    const got = rs.parse(row.line, { view });
    if (row.error !== undefined) {
      check(got.error === row.error, `${name}: "${row.line}"\n  want error: ${row.error}\n  got: ${
        JSON.stringify(got)}`);
    } else {
      const want = canonical(typed('Command', row.command));
      const ok = !got.error && same(canonical(got.command), want);
      check(ok, `${name}: "${row.line}"\n  want: ${JSON.stringify(want)}\n  got:  ${
        JSON.stringify(got.error ? got : canonical(got.command))}`);
    }
  }
  for (const row of table.events || []) {
    const got = rs.describeEvent(typed('Event', row.event), view).text;
    check(got === row.text, `${name}: event ${JSON.stringify(row.event)}\n  want: ${row.text}\n  got:  ${got}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
