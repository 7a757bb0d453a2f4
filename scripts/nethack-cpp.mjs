// A small C preprocessor and constant-expression evaluator, enough to read NetHack's table
// sources (monst.c / monsters.h, objects.c / objects.h and their headers) the way the compiler
// does: comments, line splices, #define/#undef (object- and function-like, # and ##),
// #if/#ifdef/#ifndef/#elif/#else/#endif with defined(), and #include of the files it is asked
// to follow. Calls to "terminal" macros (MON, OBJECT, BITS, ...) are left unexpanded so their
// arguments can be read by position; everything else expands as cpp would.
// Used only by scripts/extract-nethack.mjs; nothing at runtime imports it.

const PUNCT = ['##', '...', '<<=', '>>=', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '->', '++', '--', '#'];

/** Strip comments (keeping string and char literals) and join backslash-newline splices. */
export function cleanSource(text) {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const body = text.slice(i, end < 0 ? n : end + 2);
      out += body.includes('\n') ? body.replace(/[^\n]/g, '') || ' ' : ' ';
      i = end < 0 ? n : end + 2;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/\\\r?\n/g, '');
}

/** Tokens: { t: 'id' | 'num' | 'str' | 'chr' | 'p', v, hs? } (hs: macros not to re-expand). */
export function tokenize(text) {
  const toks = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < n && /\w/.test(text[j])) j++;
      toks.push({ t: 'id', v: text.slice(i, j) });
      i = j;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < n && /[\w.]/.test(text[j])) j++;
      toks.push({ t: 'num', v: text.slice(i, j) });
      i = j;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      toks.push({ t: c === '"' ? 'str' : 'chr', v: text.slice(i, j + 1) });
      i = j + 1;
    } else {
      const p = PUNCT.find((x) => text.startsWith(x, i)) ?? c;
      toks.push({ t: 'p', v: p });
      i += p.length;
    }
  }
  return toks;
}

export const spell = (toks) => toks.map((t) => t.v).join(' ');

/** Split a parenthesised argument list starting at toks[open] === '('. Returns args and the index after ')'. */
export function splitArgs(toks, open) {
  const args = [[]];
  let depth = 0;
  let i = open;
  for (; i < toks.length; i++) {
    const t = toks[i];
    if (t.t === 'p' && (t.v === '(' || t.v === '{' || t.v === '[')) {
      depth++;
      if (depth === 1) continue;
    } else if (t.t === 'p' && (t.v === ')' || t.v === '}' || t.v === ']')) {
      depth--;
      if (depth === 0) return { args: args.length === 1 && args[0].length === 0 ? [] : args, end: i + 1 };
    } else if (depth === 1 && t.t === 'p' && t.v === ',') {
      args.push([]);
      continue;
    }
    args[args.length - 1].push(t);
  }
  throw new Error('unbalanced parentheses');
}

/**
 * Preprocess `entry` (a path read through `read`). `defined`: names treated as defined (value 1).
 * `follow`: file names whose #include is followed (looked up under `includeDirs`). `terminals`:
 * macro names never expanded. Returns the expanded tokens, the final macro table and, for every
 * function-like macro ever defined (even in an inactive branch), its parameter names.
 */
export function preprocess({
  read,
  entry,
  defined = [],
  follow = [],
  includeDirs = ['include', 'src'],
  terminals = [],
  macros,
}) {
  const table = macros ?? new Map();
  for (const d of defined) table.set(d, { params: null, body: [{ t: 'num', v: '1' }] });
  const term = new Set(terminals);
  const paramsSeen = new Map();
  const out = [];

  const expand = (toks) => expandTokens(toks, table, term);

  const processFile = (path) => {
    const lines = cleanSource(read(path)).split('\n');
    const stack = []; // { active, taken, parentActive }
    const active = () => stack.every((s) => s.active);
    let chunk = [];
    const flush = () => {
      if (chunk.length) out.push(...expand(tokenize(chunk.join('\n'))));
      chunk = [];
    };
    for (const line of lines) {
      const m = line.match(/^\s*#\s*(\w*)\s*(.*)$/);
      if (!m) {
        if (active()) chunk.push(line);
        continue;
      }
      flush();
      const [, dir, rest] = m;
      const on = active();
      switch (dir) {
        case 'define': {
          const dm = rest.match(/^(\w+)(\(([^)]*)\))?\s*(.*)$/);
          if (!dm) break;
          const params =
            dm[2] !== undefined
              ? dm[3]
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean)
              : null;
          if (params) paramsSeen.set(dm[1], params);
          if (on) table.set(dm[1], { params, body: tokenize(dm[4]) });
          break;
        }
        case 'undef':
          if (on) table.delete(rest.trim().split(/\s/)[0]);
          break;
        case 'ifdef':
        case 'ifndef': {
          const has = table.has(rest.trim().split(/\s/)[0]);
          const v = dir === 'ifdef' ? has : !has;
          stack.push({ active: v, taken: v });
          break;
        }
        case 'if': {
          const v = on ? evalCondition(rest, table, term) : false;
          stack.push({ active: v, taken: v });
          break;
        }
        case 'elif': {
          const s = stack[stack.length - 1];
          stack.pop();
          const parentOn = active();
          stack.push(s);
          if (s.taken) s.active = false;
          else {
            s.active = parentOn && evalCondition(rest, table, term);
            s.taken = s.active;
          }
          break;
        }
        case 'else': {
          const s = stack[stack.length - 1];
          s.active = !s.taken;
          s.taken = true;
          break;
        }
        case 'endif':
          stack.pop();
          break;
        case 'include': {
          const im = rest.match(/^"([^"]+)"/);
          if (on && im && follow.includes(im[1])) {
            const dirPath = includeDirs.map((d) => `${d}/${im[1]}`).find((p) => read.exists(p));
            if (!dirPath) throw new Error(`cannot find ${im[1]}`);
            processFile(dirPath);
          }
          break;
        }
        case 'error':
          if (on) throw new Error(`#error in ${path}: ${rest}`);
          break;
        default:
          break;
      }
    }
    flush();
  };
  processFile(entry);
  return { tokens: out, macros: table, paramsSeen };
}

/** Macro-expand a token list (hide sets stop recursion, as in cpp). */
export function expandTokens(input, table, term = new Set()) {
  const toks = input.slice();
  const out = [];
  let i = 0;
  while (i < toks.length) {
    const tok = toks[i];
    const mac = tok.t === 'id' && !term.has(tok.v) && !tok.hs?.has(tok.v) ? table.get(tok.v) : undefined;
    if (!mac) {
      out.push(tok);
      i++;
      continue;
    }
    const hs = new Set(tok.hs ?? []);
    hs.add(tok.v);
    let repl;
    let end;
    if (mac.params === null) {
      repl = mac.body.map((b) => ({ ...b }));
      end = i + 1;
    } else {
      if (toks[i + 1]?.v !== '(') {
        out.push(tok);
        i++;
        continue;
      }
      const { args, end: e } = splitArgs(toks, i + 1);
      end = e;
      repl = substitute(mac, args, table, term);
    }
    for (const r of repl) r.hs = new Set([...(r.hs ?? []), ...hs]);
    toks.splice(i, end - i, ...repl);
  }
  return out;
}

function substitute(mac, args, table, term) {
  const { params, body } = mac;
  const argOf = (name) => {
    const k = params.indexOf(name);
    return k < 0 ? null : (args[k] ?? []);
  };
  const res = [];
  for (let k = 0; k < body.length; k++) {
    const b = body[k];
    if (b.t === 'p' && b.v === '#' && body[k + 1] && argOf(body[k + 1].v)) {
      res.push({ t: 'str', v: JSON.stringify(spell(argOf(body[k + 1].v))) });
      k++;
    } else if (b.t === 'p' && b.v === '##') {
      const left = res.pop();
      const nb = body[k + 1];
      const right = argOf(nb.v) ?? [nb];
      const pasted = tokenize((left?.v ?? '') + (right[0]?.v ?? ''));
      res.push(...pasted, ...right.slice(1).map((t) => ({ ...t })));
      k++;
    } else if (b.t === 'id' && argOf(b.v)) {
      const raw = argOf(b.v);
      const pastedNext = body[k + 1]?.v === '##';
      res.push(...(pastedNext ? raw.map((t) => ({ ...t })) : expandTokens(raw, table, term)));
    } else res.push({ ...b });
  }
  return res;
}

function evalCondition(text, table, term) {
  let toks = tokenize(text);
  const out = [];
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].t === 'id' && toks[i].v === 'defined') {
      const paren = toks[i + 1]?.v === '(';
      const name = toks[i + (paren ? 2 : 1)].v;
      out.push({ t: 'num', v: table.has(name) ? '1' : '0' });
      i += paren ? 3 : 1;
    } else out.push(toks[i]);
  }
  toks = expandTokens(out, table, term).map((t) => (t.t === 'id' ? { t: 'num', v: '0' } : t));
  return evaluate(toks, () => 0) !== 0;
}

const TYPE_WORDS = new Set([
  'char',
  'int',
  'long',
  'short',
  'unsigned',
  'signed',
  'const',
  'uchar',
  'schar',
  'xchar',
  'boolean',
  'void',
  'genericptr_t',
  'aligntyp',
]);

/**
 * Evaluate a C integer constant expression. `lookup(name)` gives an identifier's value (enum
 * constants); it may throw for unknown names. String literals evaluate to their text.
 */
export function evaluate(toks, lookup) {
  let i = 0;
  const peek = () => toks[i];
  const isP = (v) => toks[i]?.t === 'p' && toks[i].v === v;
  const take = () => toks[i++];
  const primary = () => {
    const t = take();
    if (!t) throw new Error('unexpected end of expression');
    if (t.t === 'num') return parseNumber(t.v);
    if (t.t === 'chr') return unescapeC(t.v.slice(1, -1)).charCodeAt(0);
    if (t.t === 'str') {
      let s = unescapeC(t.v.slice(1, -1));
      while (peek()?.t === 'str') s += unescapeC(take().v.slice(1, -1));
      return s;
    }
    if (t.t === 'id') return lookup(t.v);
    if (t.v === '(') {
      // cast: ( type words [*] )
      let j = i;
      let cast = true;
      let sawType = false;
      for (; j < toks.length && toks[j].v !== ')'; j++) {
        if (toks[j].t === 'id' && TYPE_WORDS.has(toks[j].v)) sawType = true;
        else if (!(toks[j].t === 'p' && toks[j].v === '*')) cast = false;
      }
      if (cast && sawType) {
        const pointer = toks.slice(i, j).some((x) => x.v === '*');
        i = j + 1;
        const v = unary();
        return pointer && v === 0 ? null : v;
      }
      const v = ternary();
      if (!isP(')')) throw new Error('expected )');
      take();
      return v;
    }
    throw new Error(`unexpected token ${t.v}`);
  };
  const unary = () => {
    if (isP('-')) return take(), -num(unary());
    if (isP('+')) return take(), num(unary());
    if (isP('~')) return take(), ~num(unary());
    if (isP('!')) return take(), num(unary()) ? 0 : 1;
    return primary();
  };
  const LEVELS = [
    ['*', '/', '%'],
    ['+', '-'],
    ['<<', '>>'],
    ['<', '>', '<=', '>='],
    ['==', '!='],
    ['&'],
    ['^'],
    ['|'],
    ['&&'],
    ['||'],
  ];
  const binary = (lvl) => {
    if (lvl < 0) return unary();
    let l = binary(lvl - 1);
    while (peek()?.t === 'p' && LEVELS[lvl].includes(peek().v)) {
      const op = take().v;
      const r = binary(lvl - 1);
      l = applyOp(op, num(l), num(r));
    }
    return l;
  };
  const ternary = () => {
    const c = binary(LEVELS.length - 1);
    if (!isP('?')) return c;
    take();
    const a = ternary();
    if (!isP(':')) throw new Error('expected :');
    take();
    const b = ternary();
    return num(c) ? a : b;
  };
  const v = ternary();
  if (i !== toks.length) throw new Error(`trailing tokens: ${spell(toks.slice(i))}`);
  return v;
}

const num = (x) => {
  if (typeof x !== 'number') throw new Error(`not a number: ${x}`);
  return x;
};

function applyOp(op, a, b) {
  switch (op) {
    case '*':
      return a * b;
    case '/':
      return Math.trunc(a / b);
    case '%':
      return a % b;
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '<<':
      return a * 2 ** b;
    case '>>':
      return Math.floor(a / 2 ** b);
    case '<':
      return +(a < b);
    case '>':
      return +(a > b);
    case '<=':
      return +(a <= b);
    case '>=':
      return +(a >= b);
    case '==':
      return +(a === b);
    case '!=':
      return +(a !== b);
    case '&':
      return Number(BigInt(a) & BigInt(b));
    case '^':
      return Number(BigInt(a) ^ BigInt(b));
    case '|':
      return Number(BigInt(a) | BigInt(b));
    case '&&':
      return +(!!a && !!b);
    case '||':
      return +(!!a || !!b);
    default:
      throw new Error(op);
  }
}

function parseNumber(s) {
  const clean = s.replace(/[uUlL]+$/, '');
  if (/^0[xX]/.test(clean)) return parseInt(clean, 16);
  if (/^0[0-7]+$/.test(clean)) return parseInt(clean, 8);
  const v = Number(clean);
  if (!Number.isFinite(v)) throw new Error(`bad number ${s}`);
  return v;
}

function unescapeC(s) {
  return s.replace(/\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)/g, (_, e) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return { n: '\n', t: '\t', r: '\r', 0: '\0' }[e] ?? e;
  });
}

/**
 * Find calls of `names` in a token list, with nested calls of `nested` parsed into
 * { call, args } nodes. Returns [{ call, args }] where each arg is a token list or a node.
 */
export function findCalls(toks, names, nested) {
  const calls = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.t === 'id' && names.includes(t.v) && toks[i + 1]?.v === '(') {
      const { node, end } = parseCall(toks, i, nested);
      calls.push(node);
      i = end - 1;
    }
  }
  return calls;
}

function parseCall(toks, i, nested) {
  const { args, end } = splitArgs(toks, i + 1);
  const parsed = args.map((a) => {
    if (a.length && a[0].t === 'id' && nested.includes(a[0].v) && a[1]?.v === '(') {
      const { node, end: e } = parseCall(a, 0, nested);
      if (e === a.length) return node;
    }
    return a;
  });
  return { node: { call: toks[i].v, args: parsed }, end };
}
