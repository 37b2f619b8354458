// tests/oracle_css.mjs — a browser's reading of style sheets judges
// hostshift's html output (docs/rules.md §3.5, §3.9): URLs in the
// spellings a browser resolves, generated from a seed, are written with
// CSS escapes into `url()` of a style attribute (where the page's parser
// decodes references first) and of a <style> element (where it does not);
// hostshift rewrites the page; each url() is read before and after as a
// browser reads it (references, then the CSS tokenizer's url and string
// tokens, written here from CSS Syntax Level 3 §3.3 and §4.3), and node's
// WHATWG `URL` class resolves it against a page served at the variant.
//
//   node tests/oracle_css.mjs HOSTSHIFT N SEED [PAGE_OUT]
//
// Prints one line of counts, then up to 8 examples of each kind:
//   canonical  before, the url() resolved to the canonical origin
//   right      ... and after, to the variant, path, query and fragment kept
//   leak       after, the url() resolves to the canonical origin
//   wrong      canonical before, and after neither the canonical nor the
//              variant with the same path, query and fragment
//   changed    not canonical before, and after it resolves to another URL,
//              or the style sheet reads another token there (a url() made
//              bad, or a bad one made good)
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [HS, NS, SEEDS, PAGE_OUT] = process.argv.slice(2);
const N = +NS, SEED = +SEEDS;
let st = (SEED >>> 0) || 1;
const rnd = () => { st ^= st << 13; st >>>= 0; st ^= st >>> 17; st ^= st << 5; st >>>= 0; return st / 4294967296; };
const pick = (a) => a[Math.floor(rnd() * a.length)];

const CANON = 'www.example.fi', VAR = 'wt-a--example.ddev.site';
const BASE = `https://${VAR}/dir/page.html`;

// ---- the page's parser: references in an attribute value -----------------
const NAMED = { sol: '/', bsol: '\\', colon: ':', period: '.', Tab: '\t', NewLine: '\n', amp: '&', quot: '"', num: '#', quest: '?', commat: '@', lpar: '(', rpar: ')' };
const decodeRefs = (v) => v.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (m, r) => {
  if (r[0] === '#') {
    const cp = r[1] === 'x' || r[1] === 'X' ? parseInt(r.slice(2), 16) : parseInt(r.slice(1), 10);
    return cp === 13 ? '\r' : String.fromCodePoint(cp);
  }
  return NAMED[r] !== undefined ? NAMED[r] : m;
});

// ---- the style sheet: CSS Syntax Level 3 --------------------------------
const isHex = (c) => /^[0-9a-fA-F]$/.test(c);
const isWs = (c) => c === ' ' || c === '\t' || c === '\n';
// §3.3: CR LF, CR and FF are LF; U+0000 is U+FFFD.
const preprocess = (s) => s.replace(/\r\n|\r|\f/g, '\n').replace(/\0/g, '\uFFFD');
// §4.3.7 consume an escaped code point: s[i] is the byte after the backslash.
function escaped(s, i) {
  if (i >= s.length) return ['\uFFFD', i];
  if (!isHex(s[i])) return [s[i], i + 1];
  let j = i;
  while (j < s.length && j - i < 6 && isHex(s[j])) j++;
  const cp = parseInt(s.slice(i, j), 16);
  if (j < s.length && isWs(s[j])) j++;
  return [cp === 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff ? '\uFFFD' : String.fromCodePoint(cp), j];
}
// The argument of the url() that starts at s[i] (its `url(` read): the
// value, or null for a bad url or string; the index after it.
function urlArg(s, i) {
  while (i < s.length && isWs(s[i])) i++;
  if (s[i] === '"' || s[i] === "'") {   // a function with a string token (§4.3.5)
    const q = s[i++];
    let v = '';
    for (;;) {
      if (i >= s.length) return [v, i];
      const c = s[i++];
      if (c === q) break;
      if (c === '\n') return [null, i];   // bad string
      if (c === '\\') {
        if (i >= s.length) continue;
        if (s[i] === '\n') { i++; continue; }   // a line continuation
        const [e, j] = escaped(s, i);
        v += e; i = j;
        continue;
      }
      v += c;
    }
    while (i < s.length && isWs(s[i])) i++;
    return s[i] === ')' ? [v, i + 1] : [null, i];
  }
  let v = '';   // a url token (§4.3.6)
  for (;;) {
    if (i >= s.length) return [v, i];
    const c = s[i++];
    if (c === ')') return [v, i];
    if (isWs(c)) {
      while (i < s.length && isWs(s[i])) i++;
      if (i >= s.length || s[i] === ')') return [v, i + 1];
      return [null, i];
    }
    if (c === '"' || c === "'" || c === '(' || c.charCodeAt(0) < 0x20 && c !== '\t' || c === '\x7f') return [null, i];
    if (c === '\\') {
      if (i >= s.length || s[i] === '\n') return [null, i];
      const [e, j] = escaped(s, i);
      v += e; i = j;
      continue;
    }
    v += c;
  }
}
// Every url() of a style sheet, in order (`url(` written plainly: the
// generator writes it so).
function urls(sheet) {
  const s = preprocess(sheet), out = [];
  for (let i = s.indexOf('url('); i >= 0; i = s.indexOf('url(', i)) {
    const [v, j] = urlArg(s, i + 4);
    out.push(v);
    i = j;
  }
  return out;
}

// ---- the generator ------------------------------------------------------
function url() {
  const scheme = pick(['', 'https:', 'https:', 'http:', 'HTTPS:']);
  const slashes = pick(['//', '//', '//', '\\\\', '/\\', '///', '/', '']);
  const user = pick(['', '', '', '', 'user@']);
  const host = pick([CANON, CANON, CANON, CANON, 'cdn.other.example', `${CANON}.evil.test`, `a${CANON}`, `${CANON}x`]);
  const dot = pick(['', '', '', '', '.']);
  const port = pick(['', '', '', '', ':443', ':8443', ':80']);
  const path = pick(['/x', '/a b?q=1&r=2#f', '', '?q', '#f', '/p/q', '/h.png']);
  return scheme + slashes + user + host + dot + port + path;
}
const hex = (c) => c.codePointAt(0).toString(16);
// One character of a url() as a style sheet may spell it: as it is, or
// escaped (a hex escape ended by a space, or by nothing where the next
// character cannot read on; a backslash and the character).
function cssChar(c, next, must) {
  const r = rnd();
  if (!must && r < 0.7) return c;
  if (!isHex(c) && c !== '\n' && c !== '\t' && c !== ' ' && r < 0.85) return '\\' + c;
  const h = pick([hex(c), hex(c).padStart(6, '0'), hex(c).toUpperCase()]);
  const open = h.length < 6 && (next === undefined || isHex(next) || isWs(next));
  return '\\' + h + (open || rnd() < 0.5 ? pick([' ', ' ', '\t', '\n']) : '');
}
// A url() of value v: unquoted (white space, quotes, parentheses and
// backslashes escaped) or in either quote (that quote, newlines and
// backslashes escaped).
function cssUrl(v) {
  const q = pick(['', '"', "'"]);
  let s = '';
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    const must = c === '\\' || c === '\n' || (q ? c === q : ' \t"\'()'.includes(c));
    s += cssChar(c, v[i + 1], must);
  }
  return `url(${q}${s}${q})`;
}
// An attribute value: `&` and `"` as references, and some bytes as
// references the page's parser decodes (a backslash, a colon, a slash).
function attrValue(css) {
  let s = '';
  for (const c of css) {
    if (c === '&') s += '&amp;';
    else if (c === '"') s += '&quot;';
    else if (c === '\\' && rnd() < 0.2) s += pick(['&#92;', '&bsol;', '&#x5C;']);
    else if (c === ':' && rnd() < 0.1) s += pick(['&#58;', '&colon;']);
    else if (c === '/' && rnd() < 0.1) s += pick(['&#47;', '&sol;']);
    else s += c;
  }
  return s;
}

// The spellings named in the project's issue on decoder views, as the
// characters a style sheet gives the URL parser, first, each in a style
// attribute and in a style element (C is the canonical host).
const FIXED = [
  'https:\\\\C/x', 'https:/\\C/x', 'https:\\/C/x', 'https:///C/x', '///C/x', '\\\\C/x',
  'https://www.example\t.fi/x', 'http:C/x', 'https://user@C/x', 'https://@C/x', '//user@C/x',
  'https://www.ex%61mple.fi/x', 'https://%77ww.example.fi/x', 'https://www%2Eexample.fi/x', 'https://C\t/x',
  'http:\t//C/p', 'ht\ttp://C/p', 'https://www.example.fi.\tevil.test/', '//www.example.fi.\tevil.test/',
  'https://C/x', '//C/x', 'https:\\\\cdn.other.example/x', '/a//b', 'https:www.example.fi/x', 'https://C:8443/x',
].map((s) => s.replace(/\bC\//g, CANON + '/'));

const cases = [];
let page = '<!doctype html><html><head>\n';
for (let k = 0; k < N; k++) {
  const v = k < 2 * FIXED.length ? FIXED[k >> 1] : url(), css = cssUrl(v), inAttr = k % 2 === 0;
  cases.push({ v, css, inAttr });
  if (!inAttr) page += `<style id="t${k}">#t${k}{background:${css}}</style>\n`;
}
page += '</head><body>\n';
for (let k = 0; k < N; k += 2) page += `<div id="s${k}" style="background:${attrValue(cases[k].css)}">x</div>\n`;
page += '</body></html>\n';
const dir = mkdtempSync(join(tmpdir(), 'hostshift-css.'));
const inPath = join(dir, 'in.html');
writeFileSync(inPath, page, 'latin1');
if (PAGE_OUT) writeFileSync(PAGE_OUT, page, 'latin1');
const run = spawnSync(HS, ['-q', '-t', 'html', '-p', `https://${CANON}=https://${VAR}`, inPath], { maxBuffer: 1 << 28 });
rmSync(dir, { recursive: true, force: true });
if (run.status !== 0) { console.log(`hostshift exited ${run.status}: ${run.stderr}`); process.exit(2); }

// The style sheets of a page, by id: a style attribute's value decoded, a
// style element's text as it is.
function sheets(html) {
  const m = new Map();
  for (const r of html.matchAll(/<div id="s(\d+)" style="([^"]*)">/g)) m.set(+r[1], decodeRefs(r[2]));
  for (const r of html.matchAll(/<style id="t(\d+)">([\s\S]*?)<\/style>/g)) m.set(+r[1], r[2]);
  return m;
}
const before = sheets(page), after = sheets(run.stdout.toString('latin1'));

const resolve = (v) => { if (v === null) return null; try { return new URL(v, BASE); } catch { return null; } };
const origin = (u, host) => u && u.hostname.replace(/\.$/, '') === host && u.port === '';
const c = { canonical: 0, right: 0, leak: 0, wrong: 0, changed: 0 };
const ex = { leak: [], wrong: [], changed: [] };
const show = (k) => `${cases[k].inAttr ? 'style=' : '<style>'} ${JSON.stringify(cases[k].css)} -> ${JSON.stringify(after.get(k))}`;
for (let k = 0; k < N; k++) {
  const ub = urls(before.get(k)), ua = after.has(k) ? urls(after.get(k)) : [];
  if (ub.length !== 1 || ua.length !== 1) { c.changed++; ex.changed.push(`${show(k)}: ${ub.length} url() before, ${ua.length} after`); continue; }
  const b = resolve(ub[0]), a = resolve(ua[0]);
  if (origin(a, CANON)) { c.leak++; ex.leak.push(show(k)); }
  if (origin(b, CANON)) {
    c.canonical++;
    if (origin(a, VAR) && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash) c.right++;
    else if (!origin(a, CANON)) { c.wrong++; ex.wrong.push(show(k)); }
  } else if ((ub[0] === null) !== (ua[0] === null) || (b ? b.href : null) !== (a ? a.href : null)) {
    c.changed++;
    ex.changed.push(`${show(k)}: ${b && b.href} became ${a && a.href}`);
  }
}
console.log(`urls ${N} canonical ${c.canonical} right ${c.right} leak ${c.leak} wrong ${c.wrong} changed ${c.changed}`);
for (const k of ['changed', 'wrong', 'leak']) for (const x of ex[k].slice(0, 8)) console.log(`  ${k}: ${x}`);
