// The .csv files under the folder given to the importer, sub-folders included. A link to a folder is not
// followed: the glob that listed them before followed every one, and a link back up (ln -s .. loop) made
// it walk the same tables again at every depth (reported: 171 s and 3.99 GB before a confusing "both give
// 2020"), while a link to / would read a whole disk. A link to a file is read, and a file reached by two paths once.

import type { Dirent } from 'node:fs';
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { InputError } from '../../build/user-error.ts';

const CSV = /\.(csv|CSV)$/;

/** The files to read, sorted by path; what was passed over is added to `skipped` with the reason. */
export function csvFiles(folder: string, skipped: { file: string; why: string }[]): string[] {
  let root: string;
  try {
    root = realpathSync(folder);
    if (!statSync(root).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new InputError(`${folder} is not a folder; give the folder that holds the downloaded tables`);
  }
  const found: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.name.startsWith('.')) continue; // hidden, as the glob left them: an editor's or a tool's files
      if (entry.isDirectory()) walk(path);
      else if (entry.isSymbolicLink()) {
        const link = followed(path, root, entry);
        if (link === true) found.push(path);
        else if (link) skipped.push({ file: relative(folder, path), why: link });
      } else if (CSV.test(entry.name)) {
        if (entry.isFile()) found.push(path);
        else skipped.push({ file: relative(folder, path), why: 'not a regular file (a pipe, socket or device)' });
      }
    }
  };
  walk(resolve(folder)); // absolute paths, as messages name the files by them
  return onceEach(folder, found.sort(), skipped);
}

/** Whether a link is read (a .csv link to a file), passed over unsaid (any other link to a file), or why not. */
function followed(path: string, root: string, entry: Dirent): boolean | string {
  const csv = CSV.test(entry.name);
  let real: string;
  try {
    real = realpathSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return csv && (code === 'ELOOP' ? 'a link that leads back to itself' : `a link to nothing (${code})`);
  }
  const stats = statSync(real);
  if (stats.isDirectory()) {
    if (within(root, real)) return `a link to ${real}, this folder or one that holds it: not followed (it would loop)`;
    if (within(real, root)) return `a link to ${relative(root, real)}, a folder read already: not followed`;
    return `a link to the folder ${real}: not followed; to read its tables, copy them in or give that folder itself`;
  }
  return csv && (stats.isFile() || 'a link to what is not a regular file (a pipe, socket or device)');
}

/** Whether `path` is `folder` or inside it. */
const within = (path: string, folder: string) =>
  path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/**
 * Each file once (a link to a table of the folder would otherwise give its years twice), under its own
 * path rather than a link's where the folder has both, so that the import names the file.
 */
function onceEach(folder: string, files: string[], skipped: { file: string; why: string }[]): string[] {
  const kept = new Map<string, string>();
  for (const file of files) {
    const real = realpathSync(file);
    const seen = kept.get(real);
    if (seen === undefined || (lstatSync(seen).isSymbolicLink() && !lstatSync(file).isSymbolicLink()))
      kept.set(real, file);
  }
  const read = new Set(kept.values());
  for (const file of files) {
    const used = kept.get(realpathSync(file))!;
    if (!read.has(file))
      skipped.push({ file: relative(folder, file), why: `the same file as ${relative(folder, used)}, read once` });
  }
  return files.filter((f) => read.has(f));
}
