import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS } from '../../build/ops/index.ts';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const OP_PATHS = OPERATIONS.map((o) => o.route.path).sort((a, b) => b.length - a.length);

/**
 * A reviewable digest of a whole output tree, sorted by path. Small groups list one line per file
 * (path, size, SHA-1); a group of more than 200 files (an operation's files under the value of its
 * first parameter) is one line with its file count, total size and a SHA-1 over its lines, so the
 * golden file stays small while any change to any file still shows up and says where.
 */
export function treeDigest(files: ReadonlyMap<string, string>): string {
  const lines = [...files]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, body]) => ({
      path,
      size: Buffer.byteLength(body),
      line: `${path} ${Buffer.byteLength(body)} ${sha1(body)}`,
    }));
  const groups = new Map<string, typeof lines>();
  for (const l of lines) {
    const op = OP_PATHS.find((p) => l.path.startsWith(p + '/'));
    const rest = op ? l.path.slice(op.length + 1).split('/') : [];
    const key = op && rest.length > 2 ? `${op}/${rest[0]}/${rest[1]}/` : l.path;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(l);
  }
  const out: string[] = [];
  for (const [key, group] of groups) {
    if (group.length <= 200) out.push(...group.map((g) => g.line));
    else
      out.push(
        `${key}** ${group.length} files ${group.reduce((a, g) => a + g.size, 0)} bytes ${sha1(group.map((g) => g.line).join('\n'))}`,
      );
  }
  return out.join('\n') + '\n';
}

/**
 * The first ten lines in which these files and the golden tree of `pref` differ (`-` golden, `+` these):
 * none when they are its tree. Given operation paths, only those operations' files are compared.
 */
export function goldenTreeChanges(files: ReadonlyMap<string, string>, pref: number, only?: string[]): string[] {
  const ours = (line: string) => !only || only.some((p) => line.startsWith(p + '/'));
  const expected = readFileSync(join(import.meta.dirname, `tree-${pref}.txt`), 'utf8')
    .split('\n')
    .filter(ours);
  const actual = treeDigest(files).split('\n').filter(ours);
  const [inExpected, inActual] = [new Set(expected), new Set(actual)];
  return [
    ...expected.filter((l) => !inActual.has(l)).map((l) => `- ${l}`),
    ...actual.filter((l) => !inExpected.has(l)).map((l) => `+ ${l}`),
  ].slice(0, 10);
}
