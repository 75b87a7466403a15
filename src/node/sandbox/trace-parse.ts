// Reading strace's text (trace.ts) into what a run did: the programs it
// executed (successful execve, by path, counted) and the files it opened for
// writing, created or renamed into (by the path strace's `-y` resolved, as
// the script saw it), skipping /dev and /proc. Everything before the
// launcher's exec of the interpreter with the tool's script is the sandbox
// starting up, not the script, and is skipped. Calls split by another
// process's line (`<unfinished ...>` / `<... resumed>`) are joined first.

import type { ObservedFile, ObservedProgram, WrittenArea } from '../../core/tool-run/observation.js';

export interface TraceReading {
  programs: ObservedProgram[];
  files: ObservedFile[];
}

export interface TraceContext {
  /** The interpreter and script path as the launcher passes them: `execve(…, [interpreter, scriptPath, …])` starts the script. */
  interpreter: string;
  scriptPath: string;
  /** Path prefixes (folders) and the area each is. */
  areas: ReadonlyArray<{ prefix: string; area: WrittenArea }>;
}

const MAX_FILES = 200;
const WRITE_FLAGS = /\bO_(?:WRONLY|RDWR|CREAT)\b/;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

/** The quoted strings and `<path>` decorations of a call's arguments, in order. */
function tokens(args: string): Array<{ kind: 'string' | 'dir'; text: string; after: string }> {
  const out: Array<{ kind: 'string' | 'dir'; text: string; after: string }> = [];
  let i = 0;
  while (i < args.length) {
    const c = args[i]!;
    if (c === '"') {
      let text = '';
      i++;
      while (i < args.length && args[i] !== '"') {
        if (args[i] === '\\' && i + 1 < args.length) {
          const n = args[i + 1]!;
          if (n === 'x' && i + 3 < args.length) {
            text += String.fromCharCode(parseInt(args.slice(i + 2, i + 4), 16));
            i += 4;
            continue;
          }
          text += ESCAPES[n] ?? n;
          i += 2;
          continue;
        }
        text += args[i];
        i++;
      }
      i++;
      const end = args.indexOf(', "', i);
      out.push({ kind: 'string', text, after: args.slice(i, end === -1 ? undefined : end) });
    } else if (c === '<') {
      const end = args.indexOf('>', i);
      if (end === -1) break;
      out.push({ kind: 'dir', text: args.slice(i + 1, end), after: '' });
      i = end + 1;
    } else i++;
  }
  return out;
}

function joinPath(dir: string | undefined, p: string): string {
  if (p.startsWith('/') || !dir) return p;
  return `${dir.replace(/\/$/, '')}/${p}`;
}

function areaOf(path: string, areas: TraceContext['areas']): WrittenArea {
  return areas.find((a) => path === a.prefix || path.startsWith(`${a.prefix}/`))?.area ?? 'other';
}

interface Call {
  name: string;
  args: string;
  ret: string;
}

/** Splits `name(args) = ret`; null for anything else (exit notes, signals). */
function splitCall(text: string): Call | null {
  const open = text.indexOf('(');
  const eq = text.lastIndexOf(') = ');
  if (open <= 0 || eq < open) return null;
  return { name: text.slice(0, open), args: text.slice(open + 1, eq), ret: text.slice(eq + 4) };
}

/** Each call in order, with split calls joined. */
function* calls(trace: string): Generator<Call> {
  const pending = new Map<string, string>();
  for (const raw of trace.split('\n')) {
    const { pid, rest: line } = pidOf(raw);
    let rest = line;
    if (rest.endsWith(' <unfinished ...>')) {
      pending.set(pid, rest.slice(0, -' <unfinished ...>'.length));
      continue;
    }
    if (rest.startsWith('<... ')) {
      const close = rest.indexOf('resumed>');
      if (close === -1) continue;
      rest = `${pending.get(pid) ?? ''}${rest.slice(close + 'resumed>'.length)}`;
      pending.delete(pid);
    }
    const call = splitCall(rest);
    if (call) yield call;
  }
}

/** A line's process and call: `[pid N] call…` (strace on stderr), `N call…` (to a file), or a bare first process's `call…`. */
function pidOf(raw: string): { pid: string; rest: string } {
  if (raw.startsWith('[pid ')) {
    const close = raw.indexOf('] ');
    if (close !== -1) return { pid: raw.slice(5, close).trim(), rest: raw.slice(close + 2) };
  }
  const sp = raw.indexOf(' ');
  if (sp > 0 && /^\d+$/.test(raw.slice(0, sp))) return { pid: raw.slice(0, sp), rest: raw.slice(sp).trimStart() };
  return { pid: '', rest: raw };
}

function writtenPath(call: Call): string | null {
  const fd = /^\d+<([^>]*)>/.exec(call.ret);
  if (call.name === 'creat') return fd ? fd[1]! : null;
  if (call.name === 'open' || call.name === 'openat') {
    const path = tokens(call.args).find((t) => t.kind === 'string');
    return fd && path && WRITE_FLAGS.test(path.after) ? fd[1]! : null;
  }
  if (call.name.startsWith('rename') && call.ret.startsWith('0')) {
    const t = tokens(call.args);
    const last = t.length - 1;
    if (last < 0 || t[last]!.kind !== 'string') return null;
    const dir = t[last - 1]?.kind === 'dir' ? t[last - 1]!.text : undefined;
    return joinPath(dir, t[last]!.text);
  }
  return null;
}

/** The script's programs and written files, from the trace text. */
export function readTrace(trace: string, ctx: TraceContext): TraceReading {
  const programs = new Map<string, ObservedProgram>();
  const files = new Map<string, ObservedFile>();
  let started = false;
  const marker = `["${ctx.interpreter}", "${ctx.scriptPath}"`;
  for (const call of calls(trace)) {
    if (call.name === 'execve' && call.ret.startsWith('0')) {
      if (!started && !call.args.includes(marker)) continue;
      started = true;
      const path = tokens(call.args)[0]?.text ?? '';
      const known = programs.get(path);
      if (known) known.count++;
      else programs.set(path, { name: path.slice(path.lastIndexOf('/') + 1), path, count: 1 });
      continue;
    }
    if (!started) continue;
    const path = writtenPath(call);
    if (path === null || path.startsWith('/dev/') || path.startsWith('/proc/') || files.size >= MAX_FILES) continue;
    if (!files.has(path)) files.set(path, { path, area: areaOf(path, ctx.areas) });
  }
  return { programs: [...programs.values()], files: [...files.values()] };
}
