// The house figures of the code, counted on its TypeScript syntax trees rather than by grep, so that a
// `!` inside a string or an `as` in a comment does not count: non-null assertions and casts in build/,
// functions over a screen (60 lines) in build/ and sources/, operations that pass `{ facts, ctx }` through
// prepare, and enumerations written as loops. `npm run bench -- --parts code` prints them; a session's
// note compares them with the last one's.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';

interface CodeFigures {
  /** Non-null assertions (`x!`) in build/. */
  nonNull: number;
  /** Of them, on a Map's get (`m.get(k)!`). */
  nonNullGet: number;
  /** Casts (`x as T`) in build/, `as const` apart. */
  casts: number;
  asConst: number;
  /** Functions of build/ and sources/ longer than 60 lines, with their place and length. */
  longFunctions: string[];
  /** Operation declarations whose prepare returns the context or a part of it with the facts (`{ facts, ctx }`, `regions: ctx.sources.regions`), or whose render destructures it. */
  factsCtx: string[];
  /** Operation declarations whose enumerate is written out as loops (`flatMap`/`map` calls). */
  loopEnumerations: string[];
}

const LIMIT = 60;

function parse(root: string, file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((c) => walk(c, visit));
}

const lineOf = (sf: ts.SourceFile, pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;

function functionName(n: ts.FunctionLikeDeclaration): string {
  if (n.name) return n.name.getText();
  const parent = n.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** `ctx` itself or a part of it read as is (`ctx.sources.regions`), not something computed from it. */
function isContext(e: ts.Expression | undefined): boolean {
  while (e && ts.isPropertyAccessExpression(e)) e = e.expression;
  return !!e && ts.isIdentifier(e) && e.text === 'ctx';
}

/**
 * Whether a node carries the build context through the facts: an object member (or a binding of one) named
 * `ctx`, or a member that holds the context or a part of it as is (`regions: ctx.sources.regions`): render
 * is given the context, so the facts need not carry it.
 */
function isFactsCtx(n: ts.Node): boolean {
  if (ts.isObjectLiteralExpression(n))
    return n.properties.some(
      (p) =>
        p.name?.getText() === 'ctx' ||
        (ts.isPropertyAssignment(p) && isContext(p.initializer)) ||
        (ts.isShorthandPropertyAssignment(p) && p.name.text === 'ctx'),
    );
  return ts.isObjectBindingPattern(n) && n.elements.some((e) => e.name.getText() === 'ctx');
}

/** The property assignments or methods named `name` of an object literal. */
function member(obj: ts.ObjectLiteralExpression, name: string): ts.Node | undefined {
  return obj.properties.find((p) => p.name?.getText() === name);
}

function hasLoop(node: ts.Node): boolean {
  let found = false;
  walk(node, (n) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression))
      found ||= ['flatMap', 'map'].includes(n.expression.name.text);
  });
  return found;
}

export function codeFigures(root: string): CodeFigures {
  const figures: CodeFigures = {
    nonNull: 0,
    nonNullGet: 0,
    casts: 0,
    asConst: 0,
    longFunctions: [],
    factsCtx: [],
    loopEnumerations: [],
  };
  const files = fg.sync(['build/**/*.ts', 'sources/**/*.ts'], { cwd: root }).sort();
  for (const file of files) {
    const sf = parse(root, file);
    const inBuild = file.startsWith('build/');
    walk(sf, (n) => {
      if (inBuild && ts.isNonNullExpression(n)) {
        figures.nonNull++;
        const e = n.expression;
        if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'get')
          figures.nonNullGet++;
      }
      if (inBuild && ts.isAsExpression(n)) {
        if (n.type.getText() === 'const') figures.asConst++;
        else figures.casts++;
      }
      if (ts.isFunctionLike(n) && 'body' in n && n.body) {
        const lines = lineOf(sf, n.getEnd()) - lineOf(sf, n.getStart()) + 1;
        if (lines > LIMIT)
          figures.longFunctions.push(
            `${file}:${lineOf(sf, n.getStart())} ${functionName(n as ts.FunctionLikeDeclaration)} (${lines} lines)`,
          );
      }
      if (file.startsWith('build/ops/') && ts.isObjectLiteralExpression(n) && member(n, 'route')) {
        const at = `${file}:${lineOf(sf, n.getStart())}`;
        const prepare = member(n, 'prepare');
        const render = member(n, 'render');
        let carries = false;
        for (const m of [prepare, render]) if (m) walk(m, (x) => (carries ||= isFactsCtx(x)));
        if (carries) figures.factsCtx.push(at);
        const enumerate = member(n, 'enumerate');
        if (enumerate && hasLoop(enumerate)) figures.loopEnumerations.push(at);
      }
    });
  }
  return figures;
}

export function printCodeFigures(root: string): void {
  const f = codeFigures(root);
  console.log('Code figures (TypeScript syntax trees)');
  console.log(`  non-null assertions in build/   ${f.nonNull} (${f.nonNullGet} on a Map's get)`);
  console.log(`  casts in build/ (not as const)  ${f.casts} (as const: ${f.asConst})`);
  console.log(`  functions over ${LIMIT} lines       ${f.longFunctions.length}`);
  for (const l of f.longFunctions) console.log(`    ${l}`);
  console.log(`  { facts, ctx } declarations     ${f.factsCtx.length}`);
  for (const l of f.factsCtx) console.log(`    ${l}`);
  console.log(`  enumerations written as loops   ${f.loopEnumerations.length}`);
  for (const l of f.loopEnumerations) console.log(`    ${l}`);
}

if (import.meta.url === `file://${process.argv[1]}`) printCodeFigures(process.cwd());
