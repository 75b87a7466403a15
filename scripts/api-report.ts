// The public API report: for every typed entry of package.json "exports", the
// names it exports and the declaration text of each (as a .d.ts would state
// it, without comments or private members), written to api/<entry>.api.md. The declarations are
// emitted in memory from src/ with the TypeScript compiler API, so no build is
// needed. `npm run api:update` rewrites the reports; test/check/api-report.test.ts
// (part of `npm run check`) fails when a report differs from the code, so every
// change to the public surface shows up in review as a diff of api/.
//
//   npx tsx scripts/api-report.ts          print which reports are out of date (exit 1 if any)
//   npx tsx scripts/api-report.ts --write  rewrite them
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const API_DIR = join(ROOT, 'api');
const PKG_NAME = 'forge-skill-builder';
const OUT = join(ROOT, '.api-dts');

export interface ApiEntry {
  /** The subpath as package.json spells it: `.`, `./node`, … */
  subpath: string;
  /** The source file of the entry, absolute. */
  source: string;
  /** The report's file name under api/. */
  reportFile: string;
}

/** The typed entries of package.json "exports", each mapped from dist/types back to its source. */
export function apiEntries(): ApiEntry[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
  const entries: ApiEntry[] = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string' || !target.types) continue;
    const source = join(ROOT, target.types.replace(/^\.\/dist\/types\//, 'src/').replace(/\.d\.ts$/, '.ts'));
    const reportFile = subpath === '.' ? `${PKG_NAME}.api.md` : `${subpath.slice(2).replace(/\//g, '-')}.api.md`;
    entries.push({ subpath, source, reportFile });
  }
  return entries;
}

/** Declaration files of the entries and everything they reach, emitted in memory (comments removed). */
function emitDeclarations(entries: ApiEntry[]): Map<string, string> {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('api-report: cannot read tsconfig.json');
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    removeComments: true,
    declarationDir: OUT,
    rootDir: join(ROOT, 'src'),
  };
  const program = ts.createProgram(
    entries.map((e) => e.source),
    options,
  );
  const files = new Map<string, string>();
  const result = program.emit(undefined, (name, text) => files.set(resolve(name), text), undefined, true);
  const errors = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0)
    throw new Error(
      `api-report: declaration emit failed:\n${ts.formatDiagnostics(errors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' })}`,
    );
  return files;
}

/** A program over the in-memory declarations (libraries still come from disk). */
function declarationProgram(files: Map<string, string>, roots: string[]): ts.Program {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules', '@types')],
    noEmit: true,
    skipLibCheck: true,
    strict: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const directoryExists = host.directoryExists?.bind(host);
  host.getCurrentDirectory = () => ROOT;
  host.readFile = (name) => files.get(resolve(name)) ?? readFile(name);
  host.fileExists = (name) => files.has(resolve(name)) || fileExists(name);
  host.directoryExists = (name) => resolve(name) === OUT || resolve(name).startsWith(`${OUT}/`) || (directoryExists?.(name) ?? true);
  host.getSourceFile = (name, languageVersion) => {
    const text = host.readFile(name);
    return text === undefined ? undefined : ts.createSourceFile(name, text, languageVersion, true);
  };
  return ts.createProgram(roots, options, host);
}

const KIND_ORDER: [ts.SymbolFlags, string][] = [
  [ts.SymbolFlags.Class, 'class'],
  [ts.SymbolFlags.Function, 'function'],
  [ts.SymbolFlags.Variable, 'const'],
  [ts.SymbolFlags.Enum, 'enum'],
  [ts.SymbolFlags.Interface, 'interface'],
  [ts.SymbolFlags.TypeAlias, 'type'],
];

/** The declaration text of one exported symbol, `export`/`declare` dropped. */
function declarationText(symbol: ts.Symbol): string {
  const texts = new Set<string>();
  for (const decl of symbol.declarations ?? []) {
    const node = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
    const text = node
      .getText()
      .replace(/^(export\s+)?(default\s+)?(declare\s+)?/, '')
      // Private members are not part of the surface (a private constructor is: it says `new` is refused); an inferred
      // type's import("…") path depends on the order the compiler met the files (lit vs lit-html), so only its name is kept.
      .replace(/^\s*private (?!constructor)[^\n]*\n/gm, '')
      .replace(/import\("[^"]+"\)\./g, '');
    texts.add(text);
  }
  return [...texts].join('\n');
}

/** Our own types a declaration names (in a signature, a member or an `extends`) that no entry exports. */
function unexportedReferences(checker: ts.TypeChecker, symbol: ts.Symbol, exportedAnywhere: Set<ts.Symbol>, found: Set<string>): void {
  const visit = (node: ts.Node): void => {
    const name = ts.isTypeReferenceNode(node) ? node.typeName : ts.isExpressionWithTypeArguments(node) ? node.expression : undefined;
    if (name) {
      let ref = checker.getSymbolAtLocation(name);
      if (ref && ref.flags & ts.SymbolFlags.Alias) ref = checker.getAliasedSymbol(ref);
      const decl = ref?.declarations?.[0];
      if (
        ref &&
        decl &&
        !(ref.flags & ts.SymbolFlags.TypeParameter) &&
        resolve(decl.getSourceFile().fileName).startsWith(`${OUT}/`) &&
        !exportedAnywhere.has(ref)
      )
        found.add(ref.name);
    }
    ts.forEachChild(node, visit);
  };
  for (const decl of symbol.declarations ?? []) visit(decl);
}

/** The report of one entry, as Markdown. */
function entryReport(checker: ts.TypeChecker, file: ts.SourceFile, entry: ApiEntry, exportedAnywhere: Set<ts.Symbol>): string {
  const moduleSymbol = checker.getSymbolAtLocation(file);
  if (!moduleSymbol) throw new Error(`api-report: ${entry.subpath} is not a module`);
  const exported = checker.getExportsOfModule(moduleSymbol).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const blocks: string[] = [];
  const kinds = new Map<string, number>();
  const unexported = new Set<string>();
  for (const symbol of exported) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    unexportedReferences(checker, target, exportedAnywhere, unexported);
    const kind = KIND_ORDER.find(([flag]) => target.flags & flag)?.[1] ?? 'other';
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    const renamed = target.name !== symbol.name && target.name !== 'default' ? ` (declared as ${target.name})` : '';
    blocks.push(`### ${symbol.name}${renamed}\n\n\`\`\`ts\n${declarationText(target)}\n\`\`\``);
  }
  const importPath = entry.subpath === '.' ? PKG_NAME : `${PKG_NAME}/${entry.subpath.slice(2)}`;
  const counts = KIND_ORDER.map(([, k]) => k)
    .concat('other')
    .filter((k) => kinds.has(k))
    .map((k) => `${kinds.get(k)} ${k}`)
    .join(', ');
  return [
    `# API report: \`${importPath}\``,
    '',
    `<!-- Generated by \`npm run api:update\` (scripts/api-report.ts) from ${relative(ROOT, entry.source)}; do not edit. -->`,
    '',
    `${exported.length} exported names: ${counts}.`,
    '',
    unexported.size > 0
      ? `Named in these declarations but exported by no entry (a user cannot import them by name): ${[...unexported]
          .sort()
          .map((n) => `\`${n}\``)
          .join(', ')}.\n`
      : 'Every type these declarations name is exported by some entry.\n',
    ...blocks.map((b) => `${b}\n`),
  ].join('\n');
}

/** Every entry's report text, keyed by its file name under api/. */
export function buildApiReports(): Map<string, string> {
  const entries = apiEntries();
  const files = emitDeclarations(entries);
  const dtsOf = (e: ApiEntry) => join(OUT, relative(join(ROOT, 'src'), e.source)).replace(/\.ts$/, '.d.ts');
  const program = declarationProgram(files, entries.map(dtsOf));
  const checker = program.getTypeChecker();
  const entryFiles = entries.map((entry) => {
    const file = program.getSourceFile(dtsOf(entry));
    if (!file) throw new Error(`api-report: no declarations for ${entry.subpath} (${relative(ROOT, entry.source)})`);
    return file;
  });
  const exportedAnywhere = new Set<ts.Symbol>();
  for (const file of entryFiles)
    for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(file)!))
      exportedAnywhere.add(symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const reports = new Map<string, string>();
  entries.forEach((entry, i) => reports.set(entry.reportFile, entryReport(checker, entryFiles[i]!, entry, exportedAnywhere)));
  return reports;
}

/** Report files that differ from the code, are missing, or belong to no entry. */
export function staleReports(reports: Map<string, string>): string[] {
  const stale: string[] = [];
  for (const [name, text] of reports) {
    const path = join(API_DIR, name);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(name);
  }
  if (existsSync(API_DIR)) for (const name of readdirSync(API_DIR)) if (name.endsWith('.api.md') && !reports.has(name)) stale.push(name);
  return stale;
}

function main(): void {
  const reports = buildApiReports();
  if (process.argv.includes('--write')) {
    if (existsSync(API_DIR)) for (const name of readdirSync(API_DIR)) if (name.endsWith('.api.md') && !reports.has(name)) rmSync(join(API_DIR, name));
    mkdirSync(API_DIR, { recursive: true });
    for (const [name, text] of reports) writeFileSync(join(API_DIR, name), text);
    console.log(`api-report: wrote ${reports.size} reports to api/`);
    return;
  }
  const stale = staleReports(reports);
  if (stale.length > 0) {
    console.error(`api-report: out of date: ${stale.join(', ')} — run \`npm run api:update\` and review the diff`);
    process.exitCode = 1;
  } else console.log(`api-report: ${reports.size} reports up to date`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
