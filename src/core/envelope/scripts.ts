// The scripts of an envelope's draft (`skill.scripts`): a map `{name: content}`
// or `[{name, content}]` (and the spellings models use for those keys). A name
// must be a safe script file name (checkScriptFileName); a script whose name
// or content is unusable is dropped with a warning naming it.

import { warningDiag, type Diagnostic } from '../diagnostics.js';
import { checkScriptFileName } from '../names.js';
import { isPlainObject } from '../plain-object.js';

/** Scripts as a map or as `[{name, content}]`; unsafe names and non-text contents are dropped with a diagnostic. */
export function normalizeScripts(raw: unknown, diagnostics: Diagnostic[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw === undefined || raw === null) return out;
  let pairs: Array<[unknown, unknown]>;
  if (Array.isArray(raw)) {
    pairs = raw.map((item) =>
      isPlainObject(item)
        ? [item.name ?? item.filename ?? item.file ?? item.path ?? item.key, item.content ?? item.source ?? item.body ?? item.value]
        : [undefined, item],
    );
  } else if (isPlainObject(raw)) {
    pairs = Object.entries(raw);
  } else {
    diagnostics.push(warningDiag('scripts-invalid', 'skill.scripts', '"scripts" was not a map of file name to content; no scripts were read'));
    return out;
  }
  for (const [rawName, rawContent] of pairs) {
    const name = typeof rawName === 'string' ? stripScriptsPrefix(rawName.trim()) : rawName;
    const problem = checkScriptFileName(name);
    if (problem) {
      diagnostics.push(warningDiag('script-name-unsafe', `scripts/${printable(name)}`, `${problem}; the script was dropped`));
      continue;
    }
    const content =
      typeof rawContent === 'string' ? rawContent : isPlainObject(rawContent) && typeof rawContent.content === 'string' ? rawContent.content : undefined;
    if (content === undefined) {
      diagnostics.push(warningDiag('script-content-invalid', `scripts/${name as string}`, 'the script content was not text; the script was dropped'));
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(out, name as string))
      diagnostics.push(warningDiag('script-duplicate', `scripts/${name as string}`, 'the script was sent twice; the last copy was kept'));
    out[name as string] = content;
  }
  return out;
}

function stripScriptsPrefix(name: string): string {
  return name.startsWith('scripts/') ? name.slice('scripts/'.length) : name;
}

function printable(v: unknown): string {
  // eslint-disable-next-line no-control-regex
  return typeof v === 'string' ? v.replace(/[\u0000-\u001f]/g, '?').slice(0, 80) : String(v);
}
