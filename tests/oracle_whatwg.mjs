// tests/oracle_whatwg.mjs — the browser's URL parser judges hostshift's
// html output (docs/rules.md §3.9, §4): URLs in the spellings a browser
// resolves, generated from a seed, are written into a page in three
// contexts: URL attributes; string literals of a script, in JavaScript's
// escapes (at times a JSON-escaped string inside one); and text, with
// references. hostshift rewrites the page; node reads every position
// before and after (an attribute's references decoded, a literal
// evaluated by node's own JavaScript parser, a text's references decoded)
// and its WHATWG `URL` class resolves it against a page served at the
// variant.
//
//   node tests/oracle_whatwg.mjs HOSTSHIFT N SEED [PAGE_OUT]
//
// Prints one line of counts, then up to 8 examples of each kind:
//   canonical  before, the URL resolved to the canonical origin
//   right      ... and after, to the variant, path, query and fragment kept
//   leak       after, the URL resolves to the canonical origin
//   wrong      canonical before, and after neither the canonical nor the
//              variant with the same path, query and fragment
//   changed    not canonical before, and after it resolves to another URL
// The counts are a function of the binary, N and SEED. PAGE_OUT keeps the
// generated page.
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

const [HS, NS, SEEDS, PAGE_OUT] = process.argv.slice(2);
const N = +NS, SEED = +SEEDS;
let st = (SEED >>> 0) || 1;
const rnd = () => { st ^= st << 13; st >>>= 0; st ^= st >>> 17; st ^= st << 5; st >>>= 0; return st / 4294967296; };
const pick = (a) => a[Math.floor(rnd() * a.length)];

const CANON = 'www.example.fi', VAR = 'wt-a--example.ddev.site';
// an international canonical host (the URL parser gives it as CANON2A)
const CANON2 = 'www.b\u00fccher.example', CANON2A = 'www.xn--bcher-kva.example', VAR2 = 'wt-b--buecher.ddev.site';
const BASE = `https://${VAR}/dir/page.html`;
// Spellings a browser folds into a canonical host (docs/rules.md §1.4):
// the international host in Unicode, upper case, NFD, with ideographic
// or fullwidth dots, fullwidth letters, a soft hyphen, percent-encoded,
// as references, as its A-label; the ASCII host with fullwidth letters,
// ideographic and fullwidth dots, a soft hyphen.
const FOLDS = [
  CANON2, 'WWW.B\u00dcCHER.EXAMPLE', 'www.bu\u0308cher.example', 'www\u3002b\u00fccher\u3002example',
  '\uff57\uff57\uff57.b\u00fccher.example', 'www.b\u00fc\u00adcher.example', 'www.b%C3%BCcher.example',
  'www.b&uuml;cher.example', 'www.b&#xFC;cher.example', CANON2A, 'WWW.B%C3%9CCHER.EXAMPLE',
  '\uff57\uff57\uff57.example.fi', 'www\u3002example.fi', 'www.exam\u00adple.fi', 'www\uff0eexample\uff0efi',
  'WWW\uff0eEXAMPLE.FI', 'www.\uff45xample.fi',
];
// and near misses, which stay as they are
const FOLD_MISSES = ['www.b\u00fccherx.example', 'www.bucher.example', `${CANON2}.evil.test`, '\uff57\uff57.example.fi'];

// The spellings named in the project's issue on decoder views, always
// first (C is the canonical host).
const FIXED = [
  'https:\\\\C/x', 'https:/\\C/x', 'https:\\/C/x', 'https:///C/x', '///C/x', '\\\\C/x',
  'https://www.example\t.fi/x', 'https://www.example&#9;.fi/x', 'http:C/x', 'https://user@C/x',
  'https://@C/x', '//user@C/x', 'https://www.ex%61mple.fi/x', 'https://%77ww.example.fi/x',
  'https://www%2Eexample.fi/x', 'https:&#47;&#47;&#47;C/x', '&sol;&sol;&sol;C/x', 'https:&bsol;&bsol;C/x',
  'https&#58;\\\\C/x', '/r?u=https%3A//C/x', 'https://C&#9;/x', 'http:\t//C/p', 'ht\ttp://C/p',
  'https://www.example.fi.\tevil.test/', '//www.example.fi.\tevil.test/', 'https://C/x', '//C/x',
  'https:\\\\cdn.other.example/x', '/a//b', '/search?q=a\tb', 'https:www.example.fi/x',
  '/r?u=https%253A%252F%252FC%252Fx', '/r?u=https%3A%2F%2FC%2Fx&v=1', '/r?u=x%3A//C/x',
  // the international host and the fold, as the project's issue lists them
  `https://${CANON2}/x`, 'HTTPS://WWW.B\u00dcCHER.EXAMPLE/x', 'https://www.bu\u0308cher.example/x',
  'https://www\u3002b\u00fccher\u3002example/x', 'https://\uff57\uff57\uff57.b\u00fccher.example/x',
  'https://www.b\u00fc\u00adcher.example/x', 'https://www.b%C3%BCcher.example/x', 'https://www.b&uuml;cher.example/x',
  `//${CANON2}/x`, 'https://\uff57\uff57\uff57.example.fi/x', 'https://www\u3002example.fi/x',
  'https://www.exam\u00adple.fi/x', 'https://www\uff0eexample\uff0efi/x',
].map((s) => s.replace(/\bC\//g, CANON + '/'));

// The page's parser decodes references in attribute values before the URL
// parser sees them; the ones the generator writes.
const NAMED = { sol: '/', bsol: '\\', colon: ':', period: '.', Tab: '\t', NewLine: '\n', amp: '&', quot: '"', num: '#', quest: '?', commat: '@', uuml: '\u00fc' };
const decodeRefs = (v) => v.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (m, r) => {
  if (r[0] === '#') return String.fromCodePoint(r[1] === 'x' || r[1] === 'X' ? parseInt(r.slice(2), 16) : parseInt(r.slice(1), 10));
  return NAMED[r] !== undefined ? NAMED[r] : m;
});

function obfuscate(h) {
  const r = rnd(), i = 1 + Math.floor(rnd() * (h.length - 1));
  if (r < 0.35) return h;
  if (r < 0.5) return h.slice(0, i) + pick(['\t', '\n', '\r', '&#9;', '&NewLine;', '&#x0A;']) + h.slice(i);
  if (r < 0.65) return h.slice(0, i) + '%' + h.charCodeAt(i).toString(16).padStart(2, '0') + h.slice(i + 1);
  if (r < 0.8) return h.toUpperCase();
  return h.slice(0, i) + '&#' + h.charCodeAt(i) + ';' + h.slice(i + 1);
}

function generate() {
  const lead = pick(['', '', '', ' ', '\t', '&#1;']);
  const scheme = pick(['', 'https:', 'https:', 'http:', 'HTTPS:', 'ht\ttps:', 'https&#58;', 'http&colon;']);
  const slashes = pick(['//', '//', '\\\\', '/\\', '\\/', '///', '////', '/', '', '&#47;&#47;', '&sol;&sol;', '&bsol;&bsol;', '/\t/', '&#47;&#47;&#47;']);
  const user = pick(['', '', '', 'user@', '@', 'u:p@']);
  const host = pick([CANON, CANON, CANON, CANON, 'cdn.other.example', `${CANON}.evil.test`, `${CANON}.\tevil.test`, `a${CANON}`, `${CANON}x`,
    'FOLD', 'FOLD', 'FOLD', 'MISS']);
  const dot = pick(['', '', '', '.', '&#46;']);
  const port = pick(['', '', '', ':443', ':8443', '&#58;8443', ':0443', ':80']);
  const path = pick(['/x', '/a b?q=1&amp;r=2#f', '', '?q', '#f', '/p&#47;q', '\t/y']);
  if (host === 'FOLD' || host === 'MISS') {
    const h = pick(host === 'FOLD' ? FOLDS : FOLD_MISSES);
    return lead + scheme + slashes + user + h + dot + port + path;
  }
  return lead + scheme + slashes + user + (host.includes(CANON) ? obfuscate(host) : host) + dot + port + path;
}

// A JavaScript string literal's body whose value is s: each character
// as it is or in one of the escapes a script reads (`\x`, `\u`, `\u{}`,
// a legacy octal, an identity escape), a line continuation before the
// first one or before a `?` or `#` (never inside a host: hostshift
// leaves a host split by one as it is, docs/rules.md §3.9).
const hex = (c, k) => c.toString(16).padStart(k, '0').replace(/[a-f]/g, (x) => (rnd() < 0.5 ? x : x.toUpperCase()));
function jsBody(s) {
  let o = '';
  for (const ch of s) {
    const c = ch.codePointAt(0), r = rnd();
    if (ch === '"' || ch === '\\') { o += '\\' + ch; continue; }
    if (ch === '\n' || ch === '\r' || ch === '<' || (c < 0x20 && ch !== '\t')) {
      o += pick([`\\x${hex(c, 2)}`, `\\u${hex(c, 4)}`, ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : `\\x${hex(c, 2)}`]);
      continue;
    }
    if (r < 0.7 || c > 0x7f) o += ch;
    else if (r < 0.76) o += `\\x${hex(c, 2)}`;
    else if (r < 0.82) o += `\\u${hex(c, 4)}`;
    else if (r < 0.85) o += `\\u{${hex(c, 1)}}`;
    else if (r < 0.9 && ch === '/') o += '\\/';
    else if (r < 0.93 && !/[0-9bfnrtvux]/.test(ch)) o += '\\' + ch;
    else if (r < 0.96) o += '\\' + c.toString(8).padStart(3, '0');
    else if (r < 0.98 && (o === '' || '?#'.includes(ch))) o += '\\\n' + ch;
    else o += ch;
  }
  return o;
}
// What a script hands the URL parser: the URL as a page's text holds it,
// at times escaped as JSON escapes it (`\/`, `\\`) once more.
function scriptValue(v) {
  const s = decodeRefs(v);
  return rnd() < 0.2 ? s.replace(/[\\"]/g, (x) => '\\' + x).replace(/\//g, '\\/') : s;
}

const ATTRS = [['a', 'href'], ['img', 'src'], ['form', 'action'], ['image', 'xlink:href']];
const CONTEXTS = ['attr', 'attr', 'attr', 'attr', 'script', 'text'];
const urls = [], ctx = [], shown = [];
let page = '<!doctype html><html><body>\n', script = '';
for (let k = 0; k < N; k++) {
  // the fixed spellings in each context first
  const f = Math.floor(k / FIXED.length), where = f < 3 ? ['attr', 'script', 'text'][f] : CONTEXTS[k % CONTEXTS.length];
  let v = f < 3 ? FIXED[k % FIXED.length] : generate();
  ctx.push(where);
  if (where === 'attr') {
    const [tag, attr] = ATTRS[k % ATTRS.length];
    urls.push(decodeRefs(v));
    shown.push(v);
    page += `<${tag} id="u${k}" ${attr}="${v.replace(/"/g, '&quot;')}">x</${tag}>\n`;
  } else if (where === 'script') {
    const s = scriptValue(v), body = jsBody(s);
    urls.push(s);
    shown.push(body);
    script += `u[${k}]="${body}";\n`;
    if (script.length > 4096) { page += `<script>\n${script}</script>\n`; script = ''; }
  } else {
    // prose: a URL is a word, so no white space in it
    for (let t = 0; /[\s]/.test(decodeRefs(v)) && t < 64; t++) v = generate();
    if (/[\s]/.test(decodeRefs(v))) v = FIXED[0];
    urls.push(decodeRefs(v));
    shown.push(v);
    page += `<p id="u${k}">${v.replace(/</g, '&lt;')}</p>\n`;
  }
}
if (script) page += `<script>\n${script}</script>\n`;
page += '</body></html>\n';
const dir = mkdtempSync(join(tmpdir(), 'hostshift-whatwg.'));
const inPath = join(dir, 'in.html');
writeFileSync(inPath, page);
if (PAGE_OUT) writeFileSync(PAGE_OUT, page);
const run = spawnSync(HS, ['-q', '-t', 'html', '-p', `https://${CANON}=https://${VAR}`, '-p', `https://${CANON2}=https://${VAR2}`, inPath],
  { maxBuffer: 1 << 28 });
rmSync(dir, { recursive: true, force: true });
if (run.status !== 0) { console.log(`hostshift exited ${run.status}: ${run.stderr}`); process.exit(2); }
// each position after: an attribute's and a text's references decoded,
// a literal's value as node's JavaScript parser gives it
const after = [], afterShown = [];
const out = run.stdout.toString('utf8');
const evalBody = (b) => { try { return runInNewContext(`"${b}"`); } catch { return undefined; } };
for (const [re, dec] of [
  [/id="u(\d+)" [a-z:]+="([^"]*)"/g, decodeRefs],
  [/\nu\[(\d+)\]="((?:[^"\\\n]|\\[\s\S])*)";/g, evalBody],
  [/<p id="u(\d+)">([^<]*)<\/p>/g, decodeRefs],
]) for (let m; (m = re.exec(out));) { after[+m[1]] = dec(m[2]); afterShown[+m[1]] = m[2]; }

const resolve = (v) => { try { return new URL(v, BASE); } catch { return null; } };
const origin = (u, host) => u && /^https?:$/.test(u.protocol) && u.hostname.replace(/\.$/, '') === host && u.port === '';
// the canonical hosts (as the URL parser gives them) and their variants
const PAIRS = [[CANON, VAR], [CANON2A, VAR2]];
const canonicalOf = (u) => PAIRS.find(([c]) => origin(u, c));
// A redirect parameter `u` holds a URL of its own, percent-encoded once
// or twice: judged as a URL of its own, decoded as the server it is given
// to decodes it, and the outer URL with it set aside.
const embedded = (u) => {
  if (!u || !u.searchParams.has('u')) return undefined;
  let v = u.searchParams.get('u');
  for (let t = 0; t < 2 && /%[0-9a-f]{2}/i.test(v); t++) { try { v = decodeURIComponent(v); } catch { break; } }
  return resolve(v);
};
const aside = (u) => {
  if (!u || !u.searchParams.has('u')) return u;
  const w = new URL(u.href);
  w.searchParams.set('u', '*');
  return w;
};
const c = { canonical: 0, right: 0, leak: 0, wrong: 0, changed: 0 };
const ex = { leak: [], wrong: [], changed: [] };
const show = (k) => `${ctx[k]} ${JSON.stringify(shown[k])} -> ${JSON.stringify(afterShown[k])}`;
for (let k = 0; k < N; k++) {
  if (after[k] === undefined) { c.wrong++; ex.wrong.push(`${ctx[k]} ${JSON.stringify(shown[k])}: position lost`); continue; }
  const b0 = resolve(urls[k]), a0 = resolve(after[k]), eb = embedded(b0);
  if (eb === undefined) judge(k, b0, a0);
  else { judge(k, aside(b0), aside(a0)); judge(k, eb, embedded(a0)); }
}
function judge(k, b, a) {
  if (canonicalOf(a)) { c.leak++; ex.leak.push(show(k)); }
  const pb = canonicalOf(b);
  if (pb) {
    c.canonical++;
    if (origin(a, pb[1]) && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash) c.right++;
    else if (!canonicalOf(a)) { c.wrong++; ex.wrong.push(show(k)); }
  } else if ((b ? b.href : null) !== (a ? a.href : null)) {
    c.changed++;
    ex.changed.push(`${show(k)}: ${b && b.href} became ${a && a.href}`);
  }
}
console.log(`urls ${N} canonical ${c.canonical} right ${c.right} leak ${c.leak} wrong ${c.wrong} changed ${c.changed}`);
for (const k of ['changed', 'wrong', 'leak']) for (const x of ex[k].slice(0, 8)) console.log(`  ${k}: ${x}`);
