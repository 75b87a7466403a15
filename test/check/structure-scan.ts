// The structure scan behind structure.test.ts (issue 12): files over the line
// limit and named functions over the line limit, measured with the TypeScript
// compiler API so comments, strings and template literals never fool it.
// Import cycles and layers are dependency-cruiser's (.dependency-cruiser.cjs).
// Pure over { path, src } pairs so the test can feed it synthetic violations.
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
    if (ts.isVariableDeclaration(at))
      at = at.parent.parent; // VariableDeclarationList → VariableStatement
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
