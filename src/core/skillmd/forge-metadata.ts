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

/** A YAML mapping once read: an object that is not a list (the frontmatter holds no other objects). */

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return 'a string';
  return `a ${typeof v}`;
}

/** Reads `metadata.forge` out of the frontmatter. Missing pieces are empty, never an error. */
export function normalizeForgeMetadata(frontmatter: Record<string, unknown> | null, lineOf: LineOf): { forge: ForgeMetadata; diagnostics: Diagnostic[] } {
  const forge = emptyForgeMetadata();
  const diagnostics: Diagnostic[] = [];
  const typeError = (path: (string | number)[], expected: string, got: unknown): void => {
    const field = fieldName(path);
    diagnostics.push(errorDiag('forge-type', field, `${field} must be ${expected}, not ${typeName(got)}`, lineOf(path)));
  };

  if (!frontmatter) return { forge, diagnostics };
  const metadata = frontmatter['metadata'];
  if (metadata === undefined || metadata === null) return { forge, diagnostics };
  if (!isPlainObject(metadata)) {
    typeError(['metadata'], 'a mapping', metadata);
    return { forge, diagnostics };
  }
  const raw = metadata['forge'];
  if (raw === undefined || raw === null) return { forge, diagnostics };
  if (!isPlainObject(raw)) {
    typeError(['metadata', 'forge'], 'a mapping', raw);
    return { forge, diagnostics };
  }
  const base = ['metadata', 'forge'];

  const stringList = (value: unknown, path: (string | number)[]): string[] => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      typeError(path, 'a list of strings', value);
      return [];
    }
    const out: string[] = [];
    value.forEach((item, i) => {
      if (typeof item === 'string') out.push(item);
      else if (typeof item === 'number' || typeof item === 'boolean') out.push(String(item));
      else typeError([...path, i], 'a string', item);
    });
    return out;
  };

  for (const [key, value] of Object.entries(raw)) {
    if (!FORGE_KEYS.has(key)) forge.extra[key] = value;
  }

  // requires
  const requires = raw['requires'];
  if (requires !== undefined && requires !== null) {
    if (!isPlainObject(requires)) typeError([...base, 'requires'], 'a mapping', requires);
    else {
      const rpath = [...base, 'requires'];
      for (const [key, value] of Object.entries(requires)) {
        if (!REQUIRES_KEYS.has(key)) forge.extra[`requires.${key}`] = value;
      }
      forge.requires.bins = readBins(requires['bins'], [...rpath, 'bins'], lineOf, typeError);
      const env = requires['env'];
      if (env !== undefined && env !== null) {
        if (!isPlainObject(env)) typeError([...rpath, 'env'], 'a mapping with required / one_of / optional lists', env);
        else {
          forge.requires.env.required = stringList(env['required'], [...rpath, 'env', 'required']);
          forge.requires.env.oneOf = stringList(env['one_of'], [...rpath, 'env', 'one_of']);
          forge.requires.env.optional = stringList(env['optional'], [...rpath, 'env', 'optional']);
          for (const [key, value] of Object.entries(env)) {
            if (!ENV_KEYS.has(key)) forge.extra[`requires.env.${key}`] = value;
          }
        }
      }
      forge.requires.capabilities = stringList(requires['capabilities'], [...rpath, 'capabilities']);
    }
  }

  forge.egressDomains = stringList(raw['egress_domains'], [...base, 'egress_domains']);
  forge.deniedTools = stringList(raw['denied_tools'], [...base, 'denied_tools']);

  const timeout = raw['timeout_hint'];
  if (timeout !== undefined && timeout !== null) {
    if (typeof timeout === 'number' || typeof timeout === 'string') forge.timeoutHint = timeout;
    else typeError([...base, 'timeout_hint'], 'a number of seconds or a duration string like "300s"', timeout);
  }

  const runtime = raw['runtime'];
  if (runtime !== undefined && runtime !== null) {
    if (runtime === 'script' || runtime === 'binary') forge.runtime = runtime;
    else {
      const field = fieldName([...base, 'runtime']);
      diagnostics.push(
        errorDiag('forge-runtime-invalid', field, `${field} must be "script" or "binary", not ${JSON.stringify(runtime)}`, lineOf([...base, 'runtime'])),
      );
    }
  }

  const phase = raw['workflow_phase'];
  if (phase !== undefined && phase !== null) {
    if (typeof phase === 'string') forge.workflowPhase = phase;
    else typeError([...base, 'workflow_phase'], 'a string', phase);
  }

  return { forge, diagnostics };
}

function readBins(
  value: unknown,
  path: (string | number)[],
  lineOf: LineOf,
  typeError: (path: (string | number)[], expected: string, got: unknown) => void,
): BinRequirement[] {
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
