// The structure scan behind structure.test.ts (issue 12): import cycles between
// source files, files over the line limit and named functions over the line
// limit, measured with the TypeScript compiler API so comments, strings and
// template literals never fool it. Pure over { path, src } pairs so the test can
// feed it synthetic violations.
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;

/** A comment right above a function that lets it be longer: `// long-function: <why>`. */
const LONG_FUNCTION_MARK = /^\/\/\s*long-function:\s*\S/;

export interface SourceText {
  /** Repository-relative path with forward slashes, e.g. `src/core/envelope/parse.ts`. */
  path: string;
  src: string;
}

const parsed = new WeakMap<SourceText, ts.SourceFile>();

/** The file's syntax tree, parsed once per SourceText object (the checks share it). */
function parse(file: SourceText): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) parsed.set(file, (sf = createSourceFile(file)));
  return sf;
}

function createSourceFile(file: SourceText): ts.SourceFile {
  return ts.createSourceFile(file.path, file.src, ts.ScriptTarget.Latest, true, file.path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function lineCount(src: string): number {
  if (src === '') return 0;
  const lines = src.split('\n').length;
  return src.endsWith('\n') ? lines - 1 : lines;
}

/** Files over MAX_FILE_LINES lines, as `path: N lines`. */
export function findLongFiles(files: SourceText[], max = MAX_FILE_LINES): string[] {
  return files.filter((f) => lineCount(f.src) > max).map((f) => `${f.path}: ${lineCount(f.src)} lines (max ${max})`);
}

/** Every module specifier a file imports or re-exports, including `import type` and dynamic `import('…')`. */
export function moduleSpecifiers(file: SourceText): string[] {
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      specs.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) specs.push(arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specs.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return specs;
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

/** Resolves a relative specifier to one of the known files (`./x.js` → `x.ts`, `./dir` → `dir/index.ts`). */
function resolve(from: string, spec: string, known: Set<string>): string | undefined {
  const base = normalize(`${dirname(from)}/${spec}`);
  const stem = base.replace(/\.(m|c)?js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}/index.ts`];
  return candidates.find((c) => known.has(c));
}

/** The relative-import graph: file → the files it imports. */
export function importGraph(files: SourceText[]): Map<string, string[]> {
  const known = new Set(files.map((f) => f.path));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of moduleSpecifiers(file)) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(file.path, spec, known);
      if (target) targets.add(target);
    }
    graph.set(file.path, [...targets].sort());
  }
  return graph;
}

/** Each import cycle once, as `a.ts -> b.ts -> a.ts` (strongly connected components, Tarjan). */
export function findImportCycles(files: SourceText[]): string[] {
  const graph = importGraph(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[] = [];
  let next = 0;
  const strongConnect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(describeCycle(component.sort(), graph));
  };
  for (const v of graph.keys()) if (!index.has(v)) strongConnect(v);
  return cycles;
}

/** The shortest path around a strongly connected component, from its first file back to it. */
function describeCycle(component: string[], graph: Map<string, string[]>): string {
  const members = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  let last: string | undefined;
  while (queue.length > 0 && last === undefined) {
    const at = queue.shift()!;
    for (const t of graph.get(at) ?? []) {
      if (t === start) {
        last = at;
        break;
      }
      if (members.has(t) && !cameFrom.has(t)) {
        cameFrom.set(t, at);
        queue.push(t);
      }
    }
  }
  const path = [start];
  for (let at = last; at !== undefined && at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
  path.push(start);
  const rest = component.length - (path.length - 1);
  return `${path.join(' -> ')}${rest > 0 ? ` (+${rest} more files in the cycle)` : ''}`;
}

/** The name a function is known by, or undefined for an anonymous callback (measured as part of its parent). */
function functionName(node: ts.Node, sf: ts.SourceFile): string | undefined {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) {
    return node.name ? node.name.getText(sf) : 'default';
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (ts.isFunctionExpression(node) && node.name) return node.name.text;
    const parent = node.parent;
    if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node) {
      return parent.name.getText(sf);
    }
    if (ts.isBinaryExpression(parent) && parent.right === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return parent.left.getText(sf);
    if (ts.isExportAssignment(parent)) return 'default';
  }
  return undefined;
}

/** The node whose leading comments belong to the function (the statement around a `const f = () => …`). */
function commentAnchor(node: ts.Node): ts.Node {
  let at: ts.Node = node;
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && !(ts.isFunctionExpression(node) && node.name && ts.isExpressionStatement(node.parent))) {
    at = node.parent;
    if (ts.isVariableDeclaration(at)) at = at.parent.parent; // VariableDeclarationList → VariableStatement
    else if (ts.isBinaryExpression(at)) at = at.parent;
  }
  return at;
}

function isMarkedLong(node: ts.Node, sf: ts.SourceFile): boolean {
  const anchor = commentAnchor(node);
  const ranges = ts.getLeadingCommentRanges(sf.text, anchor.getFullStart()) ?? [];
  const last = ranges[ranges.length - 1];
  if (!last) return false;
  // The mark must be the comment right above: only whitespace between it and the function.
  return LONG_FUNCTION_MARK.test(sf.text.slice(last.pos, last.end)) && sf.text.slice(last.end, anchor.getStart(sf)).trim() === '';
}

/** Named functions longer than MAX_FUNCTION_LINES lines (signature to closing brace), unless marked `// long-function: <why>`. */
export function findLongFunctions(files: SourceText[], max = MAX_FUNCTION_LINES): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const sf = parse(file);
    const visit = (node: ts.Node): void => {
      const name = ts.isFunctionLike(node) && 'body' in node && node.body ? functionName(node, sf) : undefined;
      if (name !== undefined) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > max && !isMarkedLong(node, sf)) problems.push(`${file.path}:${start + 1}: function ${name} is ${lines} lines (max ${max})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return problems;
}
