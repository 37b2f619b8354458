// oracle_idna.mjs — the idna tier's judge (tests/oracle_idna.sh): host
// names generated from a seed, each turned to ASCII by node's
// url.domainToASCII (the WHATWG URL parser's "domain to ASCII"), by
// hostshift's idna_to_ascii (`unit --idna`) and, where Debian's
// python3-idna is installed, by idna.encode(..., uts46=True); hostshift
// must give node's answer for every name, and python's wherever python
// accepts the name (python3-idna also applies IDNA2008's own rules, which
// browsers do not: hyphens at 3-4, symbols, empty labels).
//
//   node tests/oracle_idna.mjs UNIT N SEED [SAMPLE_OUT]
//
// Prints failures, then `idna: P passed, F failed (...)`. SAMPLE_OUT, if
// given, receives `HEX<TAB>ANSWER` lines (node's answer, `!` for a
// refusal) for the committed sample that make check replays without node.
import url from 'node:url';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [unit, nArg, seedArg, sampleOut] = process.argv.slice(2);
const N = Number(nArg || 12000);
let s = BigInt(seedArg || 1) * 0x9E3779B97F4A7C15n & 0xFFFFFFFFFFFFFFFFn;
function rnd(n) {
	s = (s * 6364136223846793005n + 1442695040888963407n) & 0xFFFFFFFFFFFFFFFFn;
	return Number((s >> 33n) % BigInt(n));
}
const pick = (a) => a[rnd(a.length)];
const cp = (lo, hi) => String.fromCodePoint(lo + rnd(hi - lo + 1));

// Characters from blocks assigned long before Unicode 14 (the mapping
// table's version), so that node's newer tables agree on them.
const alphabets = [
	() => pick('abcdefghijklmnopqrstuvwxyz0123456789-'),
	() => pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
	() => pick('äöåüéèàçñøæßÄÖÅÜÉÑØÆ'),
	() => cp(0x100, 0x17F),                 // Latin Extended-A, both cases
	() => cp(0x180, 0x24F),                 // Latin Extended-B
	() => pick('aeiouyn') + cp(0x300, 0x36F),   // a base and a combining mark (NFD and others)
	() => cp(0x391, 0x3C9),                 // Greek
	() => pick('ςσΣ'),
	() => cp(0x410, 0x44F),                 // Cyrillic
	() => cp(0x4E00, 0x9FA5),               // CJK
	() => cp(0x3041, 0x3096),               // Hiragana
	() => cp(0x30A1, 0x30FA),               // Katakana
	() => cp(0xAC00, 0xD7A3),               // Hangul syllables
	() => cp(0x1100, 0x1112) + cp(0x1161, 0x1175) + (rnd(2) ? cp(0x11A8, 0x11C2) : ''),   // conjoining jamo
	() => cp(0xFF21, 0xFF3A),               // fullwidth Latin
	() => cp(0xFF41, 0xFF5A),
	() => cp(0xFF10, 0xFF19),
	() => cp(0xFF66, 0xFF9D),               // halfwidth Katakana
	() => cp(0x5D0, 0x5EA),                 // Hebrew
	() => cp(0x621, 0x64A),                 // Arabic
	() => cp(0x660, 0x669),                 // Arabic-Indic digits (AN)
	() => cp(0x6F0, 0x6F9),                 // extended ones (EN)
	() => cp(0x64B, 0x652),                 // Arabic marks (NSM)
	() => cp(0x915, 0x939) + (rnd(2) ? '\u094D' : ''),   // Devanagari, a virama
	() => pick(['\u200C', '\u200D']),       // joiners
	() => '\u00AD',                         // soft hyphen (ignored)
	() => cp(0xFE00, 0xFE0F),               // variation selectors (ignored)
	() => pick(['\u2474', '\u2122', '\u00BD', '\u2167', '\u24B6', '\u3397', '\u1E9E', '\u0130', '\u03F4', '\u2126']),
	() => cp(0x1F300, 0x1F5FF),             // pictographs
	() => pick(['_', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=', '~', ' ', '%', '"']),
];
const dots = ['.', '.', '.', '.', '\u3002', '\uFF0E', '\uFF61'];

function label() {
	const shape = rnd(10);
	if (shape === 0) return 'xn--' + pick(['', 'zz', 'a', 'abc', '-', 'bcher-kva', 'hmeen-gra', 'ls8h', 'BCHER-KVA', 'bcher-kv', '99999999']);
	if (shape === 1) {
		// the A-label of a Unicode label node accepts, sometimes altered
		const u = word(2 + rnd(5));
		const a = url.domainToASCII(u);
		if (a.startsWith('xn--')) {
			const k = rnd(4);
			if (k === 0) return a.toUpperCase();
			if (k === 1) return a.slice(0, -1);
			return a;
		}
		return u;
	}
	if (shape === 2) return pick(['wt--acme', 'ab--cd', '-lead', 'trail-', 'a', '1', '123', 'www', 'example']);
	return word(1 + rnd(8));
}

function word(n) {
	// mostly one script, sometimes mixed
	const main = pick(alphabets), other = pick(alphabets);
	let w = '';
	for (let i = 0; i < n; i++) w += (rnd(5) ? main : other)();
	return w;
}

function name() {
	const n = 1 + rnd(4);
	let h = '';
	for (let i = 0; i < n; i++) h += (i ? pick(dots) : '') + label();
	if (!rnd(10)) h += pick(dots);
	// a name whose last label is a number is an IPv4 address to the URL
	// parser, which domainToASCII runs after the UTS #46 steps: not this
	// tier's question
	const labels = h.replace(/[\u00AD\uFE00-\uFE0F]/g, '').normalize('NFKC').split(/[.\u3002\uFF0E\uFF61]/);
	let last = labels[labels.length - 1];
	if (last === '' && labels.length > 1) last = labels[labels.length - 2];
	if (/^(0x[0-9a-f]*|[0-9]+)$/i.test(last)) h += '.test';
	return h;
}

const names = [];
const seen = new Set();
while (names.length < N) {
	const h = name();
	if (seen.has(h)) continue;
	seen.add(h);
	names.push(h);
}
const hex = (h) => Buffer.from(h, 'utf8').toString('hex');
const nodeAns = names.map((h) => {
	const a = url.domainToASCII(h);
	return a === '' ? '!' : a;   /* ('!' is a host of its own: compared as text, refusals are marked apart) */
});

const ours = spawnSync(unit, ['--idna'], { input: names.map(hex).join('\n') + '\n', maxBuffer: 1 << 28 });
if (ours.status !== 0) {
	console.log(`FAIL unit --idna exited ${ours.status}: ${ours.stderr}`);
	console.log('idna: 0 passed, 1 failed');
	process.exit(1);
}
// (a refusal is a TAB and why: no host holds a TAB)
const ourAns = ours.stdout.toString('utf8').split('\n').slice(0, names.length).map((l) => (l.startsWith('\t') ? '!' : l));

// python3-idna (Debian's), where installed
let pyAns = null;
const pyBin = spawnSync('/usr/bin/python3', ['-c', 'import idna'], {}).status === 0 ? '/usr/bin/python3' : 'python3';
const py = spawnSync(pyBin, ['-c', `
import sys, json, idna
for line in sys.stdin:
    h = json.loads(line)
    try:
        print(json.dumps(idna.encode(h, uts46=True, std3_rules=False, transitional=False).decode('ascii')))
    except Exception as e:
        print(json.dumps(None))
`], { input: names.map((h) => JSON.stringify(h)).join('\n') + '\n', maxBuffer: 1 << 28 });
if (py.status === 0) pyAns = py.stdout.toString('utf8').split('\n').slice(0, names.length).map((l) => JSON.parse(l));

let pass = 0, fail = 0, refused = 0, pyCompared = 0, pyRefused = 0, pyDiffer = 0;
const show = (h) => JSON.stringify(h) + ' [' + [...h].map((c) => c.codePointAt(0).toString(16)).join(' ') + ']';
for (let i = 0; i < names.length; i++) {
	let ok = true;
	if (ourAns[i] !== nodeAns[i]) {
		ok = false;
		if (fail < 40) console.log(`FAIL ${show(names[i])}: hostshift ${ourAns[i]}, node ${nodeAns[i]}`);
	}
	if (pyAns) {
		if (pyAns[i] === null) pyRefused++;
		else {
			pyCompared++;
			if (pyAns[i] !== ourAns[i]) {
				ok = false;
				pyDiffer++;
				if (fail < 40) console.log(`FAIL ${show(names[i])}: hostshift ${ourAns[i]}, python3-idna ${pyAns[i]}`);
			}
		}
	}
	if (nodeAns[i] === '!') refused++;
	if (ok) pass++;
	else fail++;
}
if (sampleOut) writeFileSync(sampleOut, names.map((h, i) => hex(h) + '\t' + nodeAns[i]).join('\n') + '\n');
const pyNote = pyAns ? `python3-idna: ${pyCompared} compared, ${pyDiffer} differ, ${pyRefused} refused by its IDNA2008 rules` : 'python3-idna not installed';
console.log(`idna: ${pass} passed, ${fail} failed (${names.length} names, node refuses ${refused}; ${pyNote})`);
process.exit(fail ? 1 : 0);
