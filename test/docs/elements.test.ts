// docs/embedding.md's element reference must match the Custom Elements
// Manifest the build generates from the elements' own JSDoc and decorators
// (custom-elements.json): the same public properties (and which of them are
// attributes), methods, events, CSS parts, CSS custom properties and slots —
// and every declared custom property is one the styles really read.
// Runs after `npm run build`, like the code-block test.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builderStyles } from '../../src/elements/builder/forge-skill-builder.styles.js';
import { settingsStyles } from '../../src/elements/settings/forge-skill-settings.styles.js';
import { themeStyles } from '../../src/elements/internal/theme.styles.js';
import { ROOT } from './session.js';

interface Manifest {
  modules: Array<{ declarations?: Array<Declaration> }>;
}
interface Declaration {
  tagName?: string;
  attributes?: Array<{ name: string; fieldName?: string }>;
  members?: Array<{ kind: string; name: string; privacy?: string; static?: boolean; attribute?: string }>;
  events?: Array<{ name: string }>;
  cssParts?: Array<{ name: string }>;
  cssProperties?: Array<{ name: string }>;
  slots?: Array<{ name: string }>;
}

const DOC = readFileSync(join(ROOT, 'docs/embedding.md'), 'utf8');
const MANIFEST_PATH = join(ROOT, 'custom-elements.json');

function section(tag: string): string {
  const start = DOC.indexOf(`<!-- element:${tag}:start -->`);
  const end = DOC.indexOf(`<!-- element:${tag}:end -->`);
  expect(start, `docs/embedding.md needs <!-- element:${tag}:start/end -->`).toBeGreaterThan(0);
  return DOC.slice(start, end);
}

/** First-column names of the table whose header starts with `header`. */
function tableNames(text: string, header: string): { name: string; note: string }[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`| ${header}`));
  if (at < 0) return [];
  const out: { name: string; note: string }[] = [];
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break;
    const cell = line.split('|')[1]!.trim();
    const m = /^`([^`(]+)(?:\([^)]*\))?`\s*(.*)$/.exec(cell);
    if (m) out.push({ name: m[1]!.trim(), note: m[2]!.trim() });
  }
  return out;
}

/** The backticked names after `label:` up to the next blank line ("Slots: none." gives []). */
function listAfter(text: string, label: string): string[] {
  const at = text.indexOf(`${label}:`);
  if (at < 0) return ['<missing>'];
  const para = text.slice(at).split('\n\n')[0]!;
  return [...para.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/**
 * The `--forge-*` properties a stylesheet really reads: used by a rule directly, or
 * through a chain of private tokens (`--_space: var(--forge-space, 4px)`, then
 * `--_space-2: calc(var(--_space) * 2)`) whose end some rule reads. A token that
 * is only defined, never read, makes nothing it refers to count.
 */
function consumedCustomProperties(css: string): Set<string> {
  const DEFINITION = /(--[a-z0-9_-]+)\s*:\s*([^;{}]+)/g;
  const VAR = /var\((--[a-z0-9_-]+)/g;
  const refers = new Map<string, string[]>();
  for (const m of css.matchAll(DEFINITION)) {
    refers.set(m[1]!, [...(refers.get(m[1]!) ?? []), ...[...m[2]!.matchAll(VAR)].map((v) => v[1]!)]);
  }
  const rules = css.replace(DEFINITION, '');
  const seen = new Set<string>();
  const queue = [...rules.matchAll(VAR)].map((m) => m[1]!);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...(refers.get(name) ?? []));
  }
  return new Set([...seen].filter((name) => name.startsWith('--forge-')));
}

const STYLES: Record<string, string> = {
  'forge-skill-builder': themeStyles.cssText + builderStyles.cssText,
  'forge-skill-settings': themeStyles.cssText + settingsStyles.cssText,
};

describe('docs/embedding.md: element reference', () => {
  it('custom-elements.json exists (npm run build writes it)', () => {
    expect(existsSync(MANIFEST_PATH), 'run `npm run build` first').toBe(true);
  });

  const manifest: Manifest = existsSync(MANIFEST_PATH) ? JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) : { modules: [] };
  const declarations = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);

  for (const tag of ['forge-skill-builder', 'forge-skill-settings']) {
    it(`documents <${tag}> exactly as its manifest declares it`, () => {
      const decl = declarations.find((d) => d.tagName === tag);
      expect(decl, `${tag} in custom-elements.json`).toBeDefined();
      const text = section(tag);
      const publicMembers = (decl!.members ?? []).filter((m) => !m.static && m.privacy === undefined && !m.name.startsWith('_'));

      const props = tableNames(text, 'attribute / property');
      expect(props.map((p) => p.name).sort()).toEqual(
        publicMembers
          .filter((m) => m.kind === 'field')
          .map((m) => m.name)
          .sort(),
      );
      const attributes = new Set((decl!.attributes ?? []).map((a) => a.name));
      for (const p of props) {
        // A row is an attribute unless it says "(property)" or "(read-only)".
        const propertyOnly = /\((property|read-only)\)/.test(text.split('\n').find((l) => l.startsWith(`| \`${p.name}\``)) ?? '');
        expect(attributes.has(p.name), `${tag} ${p.name}: attribute?`).toBe(!propertyOnly);
      }

      expect(
        tableNames(text, 'method')
          .map((m) => m.name)
          .sort(),
      ).toEqual(
        publicMembers
          .filter((m) => m.kind === 'method')
          .map((m) => m.name)
          .sort(),
      );
      expect(
        tableNames(text, 'event')
          .map((e) => e.name)
          .sort(),
      ).toEqual((decl!.events ?? []).map((e) => e.name).sort());
      expect(listAfter(text, 'Parts')).toEqual((decl!.cssParts ?? []).map((p) => p.name));
      expect(listAfter(text, 'CSS custom properties')).toEqual((decl!.cssProperties ?? []).map((p) => p.name));
      expect(listAfter(text, 'Slots')).toEqual((decl!.slots ?? []).map((s) => s.name));
    });

    it(`<${tag}>: every CSS custom property it declares changes something (its styles read it)`, () => {
      const declared = (declarations.find((d) => d.tagName === tag)?.cssProperties ?? []).map((p) => p.name);
      expect(declared.length).toBeGreaterThan(10);
      const read = consumedCustomProperties(STYLES[tag]!);
      expect(declared.filter((name) => !read.has(name))).toEqual([]);
    });
  }
});
