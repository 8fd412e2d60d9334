// The repository's modules as the TypeScript parser reads them: what each imports, by name, and what it
// exports. The layers test and the unused-export check read them; a regular expression over the text
// misses re-exports (`export { x } from`), `export default` and imports written across lines.

import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/** One module a file imports: its path from the root, and the names it takes (`*`: all of them). */
export interface ModuleImport {
  from: string;
  /** Empty for a side-effect import; `*` for a namespace import, `export *` or a dynamic import(). */
  names: string[];
}

export interface ModuleInfo {
  imports: ModuleImport[];
  /** The names it exports (`default` for `export default`), with the line each is declared on. */
  exports: { name: string; line: number }[];
}

const relativeImport = (file: string, spec: string) =>
  spec.startsWith('.') ? normalize(join(dirname(file), spec)) : undefined;

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

/** The names a declaration statement exports, if it is exported: `export const a = 1, b = 2` gives a and b. */
function declaredExports(node: ts.Statement): string[] {
  if (!hasModifier(node, ts.SyntaxKind.ExportKeyword)) return [];
  if (hasModifier(node, ts.SyntaxKind.DefaultKeyword)) return ['default'];
  if (ts.isVariableStatement(node))
    return node.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  const named = node as ts.Statement & { name?: ts.Node };
  return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
}

/** What `import …` or `export … from` takes of its module. */
function importedNames(node: ts.ImportDeclaration | ts.ExportDeclaration): string[] {
  if (ts.isExportDeclaration(node)) {
    const clause = node.exportClause;
    return !clause || ts.isNamespaceExport(clause)
      ? ['*']
      : clause.elements.map((e) => (e.propertyName ?? e.name).text);
  }
  const clause = node.importClause;
  if (!clause) return [];
  const names = clause.name ? ['default'] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
  else if (bindings) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
  return names;
}

/** The names an `export { … }` or `export … from` statement gives the module. */
function reexportedNames(node: ts.ExportDeclaration): string[] {
  const clause = node.exportClause;
  if (!clause) return []; // export *: its names are the other module's
  return ts.isNamespaceExport(clause) ? [clause.name.text] : clause.elements.map((e) => e.name.text);
}

/** Dynamic import()s and `import('./x.ts').Type` anywhere in the file: the module's every export may be used. */
function dynamicImports(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const arg =
      ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword ? node.arguments[0] : undefined;
    if (arg && ts.isStringLiteral(arg)) found.push(arg.text);
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The imports and exports of one file, `file` its path from the root (imports are resolved against it). */
export function readModule(file: string, text: string): ModuleInfo {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const info: ModuleInfo = { imports: [], exports: [] };
  const exported = (names: string[], node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    info.exports.push(...names.map((name) => ({ name, line })));
  };
  const imported = (spec: string, names: string[]) => {
    const from = relativeImport(file, spec);
    if (from) info.imports.push({ from, names });
  };
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier))
      imported(node.moduleSpecifier.text, importedNames(node));
    else if (ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        imported(node.moduleSpecifier.text, importedNames(node));
      exported(reexportedNames(node), node);
    } else if (ts.isExportAssignment(node)) exported(['default'], node);
    else exported(declaredExports(node), node);
  }
  for (const spec of dynamicImports(source)) imported(spec, ['*']);
  return info;
}

/** An export, where it is declared. */
export interface ExportAt {
  file: string;
  line: number;
  name: string;
}

/**
 * Exports that no other file imports: `modules` maps every file that may import (by its path from the
 * root) to its text; `checked` says whose exports must be used. A file that takes `*` of a module uses all
 * its exports.
 */
export function unusedExports(modules: Map<string, string>, checked: (file: string) => boolean): ExportAt[] {
  const infos = new Map([...modules].map(([file, text]) => [file, readModule(file, text)]));
  const used = new Map<string, Set<string>>();
  for (const [file, info] of infos)
    for (const i of info.imports) {
      if (i.from === file) continue;
      const names = used.get(i.from) ?? new Set<string>();
      for (const n of i.names) names.add(n);
      used.set(i.from, names);
    }
  return [...infos]
    .filter(([file]) => checked(file))
    .flatMap(([file, info]) => {
      const names = used.get(file) ?? new Set<string>();
      if (names.has('*')) return [];
      return info.exports.filter((e) => !names.has(e.name)).map((e) => ({ file, ...e }));
    });
}

/**
 * Each cycle of imports among the files (type-only imports too: a type shared both ways is one module
 * in two places), as the files around it, `a → b → a`; one per cycle found from its first file.
 */
export function importCycles(modules: Map<string, string>): string[] {
  const edges = new Map(
    [...modules].map(([file, text]) => [
      file,
      [...new Set(readModule(file, text).imports.map((i) => i.from))].filter((to) => modules.has(to)),
    ]),
  );
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const to of edges.get(file) ?? []) {
      if (state.get(to) === 'open') cycles.push([...stack.slice(stack.indexOf(to)), to].join(' → '));
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...modules.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}
