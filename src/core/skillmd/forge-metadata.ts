// `metadata.forge` normalised into ForgeMetadata: bins as strings or install
// recipes, env groups, capabilities, egress, denied tools, timeout, runtime,
// workflow phase. Unknown keys are kept in `extra`; a value of the wrong type
// becomes a diagnostic naming the field, never an exception.

import { errorDiag, type Diagnostic } from '../diagnostics.js';
import { isPlainObject } from '../plain-object.js';
import type { BinRequirement, ForgeMetadata } from './types.js';

type LineOf = (path: readonly (string | number)[]) => number | undefined;

const BIN_KEYS = new Set(['name', 'version', 'optional', 'apt', 'apk', 'url', 'dest', 'chmod', 'run']);
const FORGE_KEYS = new Set(['requires', 'egress_domains', 'denied_tools', 'timeout_hint', 'runtime', 'workflow_phase']);
const REQUIRES_KEYS = new Set(['bins', 'env', 'capabilities']);
const ENV_KEYS = new Set(['required', 'one_of', 'optional']);

export function emptyForgeMetadata(): ForgeMetadata {
  return {
    requires: { bins: [], env: { required: [], oneOf: [], optional: [] }, capabilities: [] },
    egressDomains: [],
    deniedTools: [],
    extra: {},
  };
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return 'a string';
  return `a ${typeof v}`;
}

type Path = (string | number)[];
type ReportTypeError = (path: Path, expected: string, got: unknown) => void;

/** What the reading steps share: the result being filled and how to report a wrong type. */
interface Reading {
  forge: ForgeMetadata;
  diagnostics: Diagnostic[];
  lineOf: LineOf;
  typeError: ReportTypeError;
}

const BASE: readonly string[] = ['metadata', 'forge'];

/** Reads `metadata.forge` out of the frontmatter. Missing pieces are empty, never an error. */
export function normalizeForgeMetadata(frontmatter: Record<string, unknown> | null, lineOf: LineOf): { forge: ForgeMetadata; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const typeError: ReportTypeError = (path, expected, got) => {
    const field = fieldName(path);
    diagnostics.push(errorDiag('forge-type', field, `${field} must be ${expected}, not ${typeName(got)}`, lineOf(path)));
  };
  const r: Reading = { forge: emptyForgeMetadata(), diagnostics, lineOf, typeError };
  const raw = forgeMapping(frontmatter, typeError);
  if (!raw) return { forge: r.forge, diagnostics };
  for (const [key, value] of Object.entries(raw)) {
    if (!FORGE_KEYS.has(key)) r.forge.extra[key] = value;
  }
  readRequires(r, raw['requires']);
  r.forge.egressDomains = stringList(r, raw['egress_domains'], [...BASE, 'egress_domains']);
  r.forge.deniedTools = stringList(r, raw['denied_tools'], [...BASE, 'denied_tools']);
  readScalars(r, raw);
  return { forge: r.forge, diagnostics };
}

/** `metadata.forge` as a mapping, or undefined when absent or (reported) not a mapping. */
function forgeMapping(frontmatter: Record<string, unknown> | null, typeError: ReportTypeError): Record<string, unknown> | undefined {
  if (!frontmatter) return undefined;
  const metadata = frontmatter['metadata'];
  if (metadata === undefined || metadata === null) return undefined;
  if (!isPlainObject(metadata)) {
    typeError(['metadata'], 'a mapping', metadata);
    return undefined;
  }
  const raw = metadata['forge'];
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainObject(raw)) {
    typeError([...BASE], 'a mapping', raw);
    return undefined;
  }
  return raw;
}

/** A list of strings; numbers and booleans are taken as their text, anything else reported. */
function stringList(r: Reading, value: unknown, path: Path): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    r.typeError(path, 'a list of strings', value);
    return [];
  }
  const out: string[] = [];
  value.forEach((item, i) => {
    if (typeof item === 'string') out.push(item);
    else if (typeof item === 'number' || typeof item === 'boolean') out.push(String(item));
    else r.typeError([...path, i], 'a string', item);
  });
  return out;
}

/** `requires`: bins, env groups and capabilities; unknown keys kept as `requires.<key>`. */
function readRequires(r: Reading, requires: unknown): void {
  if (requires === undefined || requires === null) return;
  const rpath = [...BASE, 'requires'];
  if (!isPlainObject(requires)) {
    r.typeError(rpath, 'a mapping', requires);
    return;
  }
  for (const [key, value] of Object.entries(requires)) {
    if (!REQUIRES_KEYS.has(key)) r.forge.extra[`requires.${key}`] = value;
  }
  r.forge.requires.bins = readBins(requires['bins'], [...rpath, 'bins'], r.lineOf, r.typeError);
  readEnv(r, requires['env'], [...rpath, 'env']);
  r.forge.requires.capabilities = stringList(r, requires['capabilities'], [...rpath, 'capabilities']);
}

/** `requires.env`: the required / one_of / optional lists; unknown keys kept as `requires.env.<key>`. */
function readEnv(r: Reading, env: unknown, path: Path): void {
  if (env === undefined || env === null) return;
  if (!isPlainObject(env)) {
    r.typeError(path, 'a mapping with required / one_of / optional lists', env);
    return;
  }
  r.forge.requires.env.required = stringList(r, env['required'], [...path, 'required']);
  r.forge.requires.env.oneOf = stringList(r, env['one_of'], [...path, 'one_of']);
  r.forge.requires.env.optional = stringList(r, env['optional'], [...path, 'optional']);
  for (const [key, value] of Object.entries(env)) {
    if (!ENV_KEYS.has(key)) r.forge.extra[`requires.env.${key}`] = value;
  }
}

/** timeout_hint, runtime and workflow_phase. */
function readScalars(r: Reading, raw: Record<string, unknown>): void {
  const timeout = raw['timeout_hint'];
  if (timeout !== undefined && timeout !== null) {
    if (typeof timeout === 'number' || typeof timeout === 'string') r.forge.timeoutHint = timeout;
    else r.typeError([...BASE, 'timeout_hint'], 'a number of seconds or a duration string like "300s"', timeout);
  }

  const runtime = raw['runtime'];
  if (runtime !== undefined && runtime !== null) {
    if (runtime === 'script' || runtime === 'binary') r.forge.runtime = runtime;
    else {
      const field = fieldName([...BASE, 'runtime']);
      r.diagnostics.push(
        errorDiag('forge-runtime-invalid', field, `${field} must be "script" or "binary", not ${JSON.stringify(runtime)}`, r.lineOf([...BASE, 'runtime'])),
      );
    }
  }

  const phase = raw['workflow_phase'];
  if (phase !== undefined && phase !== null) {
    if (typeof phase === 'string') r.forge.workflowPhase = phase;
    else r.typeError([...BASE, 'workflow_phase'], 'a string', phase);
  }
}

function readBins(value: unknown, path: Path, lineOf: LineOf, typeError: ReportTypeError): BinRequirement[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    typeError(path, 'a list of binary names or install recipes', value);
    return [];
  }
  const bins: BinRequirement[] = [];
  value.forEach((entry, i) => {
    const at = [...path, i];
    if (typeof entry === 'string') {
      bins.push(withLine({ name: entry }, lineOf(at)));
      return;
    }
    if (!isPlainObject(entry)) {
      typeError(at, 'a binary name or a mapping {name, apt|apk|url|run, …}', entry);
      return;
    }
    const bin: BinRequirement = { name: '' };
    const str = (key: string): string | undefined => {
      const v = entry[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'string') return v;
      if (typeof v === 'number' && key !== 'chmod') return String(v);
      typeError([...at, key], key === 'chmod' ? 'a quoted octal string like "0755"' : 'a string', v);
      return undefined;
    };
    const name = str('name');
    if (name !== undefined) bin.name = name;
    const version = str('version');
    if (version !== undefined) bin.version = version;
    const optional = entry['optional'];
    if (typeof optional === 'boolean') bin.optional = optional;
    else if (optional !== undefined && optional !== null) typeError([...at, 'optional'], 'true or false', optional);
    for (const key of ['apt', 'apk', 'url', 'dest', 'chmod'] as const) {
      const v = str(key);
      if (v !== undefined) bin[key] = v;
    }
    const run = entry['run'];
    if (typeof run === 'string') bin.run = [run];
    else if (Array.isArray(run)) {
      const steps: string[] = [];
      run.forEach((step, k) => {
        if (typeof step === 'string') steps.push(step);
        else typeError([...at, 'run', k], 'a command string', step);
      });
      bin.run = steps;
    } else if (run !== undefined && run !== null) typeError([...at, 'run'], 'a list of command strings', run);
    const extra: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(entry)) if (!BIN_KEYS.has(key)) extra[key] = v;
    if (Object.keys(extra).length > 0) bin.extra = extra;
    bins.push(withLine(bin, lineOf(at)));
  });
  return bins;
}

function withLine(bin: BinRequirement, line: number | undefined): BinRequirement {
  if (line !== undefined) bin.line = line;
  return bin;
}

/**
 * `['metadata','forge','requires','bins',1,'dest']` → `metadata.forge.requires.bins[1].dest`:
 * how every SKILL.md diagnostic (parser, validator, spec schema) names a field.
 */
export function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out;
}
