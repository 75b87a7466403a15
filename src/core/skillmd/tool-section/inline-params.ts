// The inline parameter form `location (string) - City name, days (integer:
// 1-3)`: split on top-level commas, each piece a name, an optional
// parenthesised spec (type, required/optional, constraint) and a description.
// A parameter says whether it is required (`required`, `optional`, a default
// value); one that says nothing is read as the runtime reads it (the first is
// required, the others not) — unless another parameter is marked `required`:
// then the author marks what is required, and an unmarked first parameter is
// optional (the validator reports that the runtime will still require it).

import { runtimeRequires } from '../../forge-runtime/input-spec.js';
import type { ToolParam } from '../types.js';
import { stripCode } from './cells.js';

/** `location (string) - City name, days (integer: 1-3)` → params. */
export function parseInlineParams(text: string): ToolParam[] {
  return readInlineParams(text, false) ?? [];
}

/**
 * Like parseInlineParams, but null when some text would not end up in a
 * parameter (used where nothing may be lost, e.g. by decompileSkill).
 */
export function parseInlineParamsStrict(text: string): ToolParam[] | null {
  return readInlineParams(text, true);
}

function readInlineParams(text: string, strict: boolean): ToolParam[] | null {
  const trimmed = text.trim();
  if (/^(\(?none\)?|no input|n\/a|-|—)\.?$/i.test(trimmed)) return [];
  const params: ToolParam[] = [];
  const unmarked = new Set<ToolParam>();
  for (const piece of splitTopLevel(trimmed)) {
    const param = inlineParam(piece, params.length, unmarked);
    if (param) params.push(param);
    else if (strict && params.length === 0 && piece.trim() !== '') return null;
    else if (params.length > 0 && piece.trim() !== '') {
      const last = params[params.length - 1]!;
      if (last.description !== '') last.description += `, ${piece.trim()}`;
      else if (last.constraint !== undefined) last.constraint += `, ${piece.trim()}`;
      else last.description = piece.trim();
    }
  }
  if (params.some((p) => p.required && !unmarked.has(p))) for (const p of unmarked) p.required = false;
  return params;
}

/** Splits on commas outside (), [], {} and code spans. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inCode = false;
  let start = 0;
  // Code units, not code points: every character looked at is ASCII.
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    else if (!inCode && (ch === '(' || ch === '[' || ch === '{')) depth++;
    else if (!inCode && (ch === ')' || ch === ']' || ch === '}')) depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0 && !inCode) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

const INLINE_NAME = /^\s*(`?)([A-Za-z_$][\w$.-]*)\1/;

/** One inline parameter at `position`; one that does not say whether it is required goes into `unmarked`, required as the runtime makes it. */
function inlineParam(piece: string, position: number, unmarked: Set<ToolParam>): ToolParam | null {
  const m = INLINE_NAME.exec(piece);
  if (!m) return null;
  const name = m[2]!;
  let rest = piece.slice(m[0].length).trim();
  const param: ToolParam = { name, type: '', required: runtimeRequires(position, false), description: '' };
  let said = false;
  if (rest.startsWith('(')) {
    const close = matchingParen(rest);
    if (close < 0) return null;
    said = readParenSpec(rest.slice(1, close), param);
    rest = rest.slice(close + 1).trim();
  }
  if (!said) unmarked.add(param);
  if (rest === '') return param;
  const sep = /^(?:-|–|—|:)\s*/.exec(rest);
  if (!sep) return null; // prose such as "or coordinates"
  param.description = rest.slice(sep[0].length).trim();
  return param;
}

function matchingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** `string, optional: branch name` / `integer: 1-3` / `int, default: 1` into type, required, constraint; true when it says whether the parameter is required. */
function readParenSpec(spec: string, param: ToolParam): boolean {
  let text = spec.trim();
  // Leading flags: `(optional, string)`, `(optional: a note)`.
  for (let flag = /^(optional|required)\b[ \t]*([,:]?)\s*/i.exec(text); flag; flag = /^(optional|required)\b[ \t]*([,:]?)\s*/i.exec(text)) {
    param.required = flag[1]!.toLowerCase() === 'required';
    text = text.slice(flag[0].length);
    if (flag[2] === ':' || flag[2] === '') {
      if (text.trim()) param.constraint = text.trim();
      return true;
    }
  }
  const leadingFlag = text !== spec.trim();
  // `/^([^,:]*)([,:]?)([\s\S]*)$/`, as a search for the first `,` or `:`.
  const cut = text.search(/[,:]/);
  const m = cut < 0 ? ['', text, '', ''] : ['', text.slice(0, cut), text[cut]!, text.slice(cut + 1)];
  param.type = stripCode(m[1]!.trim());
  let tail = m[3]!.trim();
  let explicit = false;
  if (m[2] === ',') {
    const flag = /^(optional|required)\b\s*:?\s*/i.exec(tail);
    if (flag) {
      explicit = true;
      param.required = flag[1]!.toLowerCase() === 'required';
      tail = tail.slice(flag[0].length).trim();
    }
  }
  if (tail) param.constraint = tail;
  // A parameter with a default value need not be given.
  const hasDefault = !explicit && /\bdefault\b/i.test(tail);
  if (hasDefault) param.required = false;
  return explicit || leadingFlag || hasDefault;
}
