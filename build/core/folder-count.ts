// How many folders a build's files make, how many entries each holds and which is the widest, for the host
// limits and the disk estimate, without keeping the folders' paths: the full build makes 4.4 million, and
// their paths as the keys of a Map held about a gigabyte of its heap. A folder is known by a 53-bit hash of
// its path; two folders sharing one (about once in a thousand full builds) would only move a reported figure.

/** FNV-1a over the UTF-16 units of path[0, end), in two independent halves of 32 and 21 bits. */
function hashOf(path: string, end: number): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < end; i++) {
    const c = path.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x0100019b) ^ (b >>> 15);
  }
  return (a >>> 0) * 2 ** 21 + (b & 0x1fffff);
}

export class FolderCount {
  private readonly entries = new Map<number, number>();
  /** The folder with the most entries (files and folders), by its path. */
  widest = { path: '/', entries: 0 };

  /** Counts a file in its folder, and each folder new to the count in its parent. */
  add(path: string): void {
    let end = path.length;
    for (;;) {
      const at = end > 0 ? path.lastIndexOf('/', end - 1) : -1;
      const parent = at <= 0 ? 0 : at; // the root is the empty prefix
      const key = hashOf(path, parent);
      const known = this.entries.get(key);
      const n = (known ?? 0) + 1;
      this.entries.set(key, n);
      if (n > this.widest.entries) this.widest = { path: parent === 0 ? '/' : path.slice(0, parent), entries: n };
      if (known !== undefined || parent === 0) return;
      end = parent;
    }
  }

  /** Folders, the root included. */
  get size(): number {
    return this.entries.size;
  }

  /** Each folder's count of entries. */
  counts(): Iterable<number> {
    return this.entries.values();
  }
}
