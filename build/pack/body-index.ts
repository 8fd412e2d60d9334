// The pack writer's distinct bodies, by the first 16 bytes of their SHA-256, with the place each was
// stored at: an open-addressing table in typed arrays. The full build has 3.9 million distinct bodies;
// a Map from 16-character strings held them in about 300 MB of heap, this in about 150 MB outside it.

import type { BodyPlace } from './sorted-runs.ts';

const DIGEST_WORDS = 4;

export class BodyIndex {
  /** Per body: its digest (4 words) and place (3 words). */
  private bodies = new Uint32Array(7 * 4096);
  /** Per slot: body number + 1, or 0 when empty. Its length is a power of two, at least twice the bodies. */
  private slots = new Uint32Array(8192);
  size = 0;

  /** The place of a body with this digest, if one was added. */
  placeOf(digest: Buffer): BodyPlace | undefined {
    const words = wordsOf(digest);
    const slot = this.find(words, this.slots);
    const body = this.slots[slot]! - 1;
    if (body < 0) return undefined;
    const at = 7 * body + DIGEST_WORDS;
    return [this.bodies[at]!, this.bodies[at + 1]!, this.bodies[at + 2]!];
  }

  /** Adds a body not added before. */
  add(digest: Buffer, place: BodyPlace): void {
    if (2 * (this.size + 1) > this.slots.length) this.rehash();
    if (7 * (this.size + 1) > this.bodies.length) {
      const grown = new Uint32Array(2 * this.bodies.length);
      grown.set(this.bodies);
      this.bodies = grown;
    }
    const words = wordsOf(digest);
    this.bodies.set(words, 7 * this.size);
    this.bodies.set(place, 7 * this.size + DIGEST_WORDS);
    this.slots[this.find(words, this.slots)] = ++this.size;
  }

  /** The slot holding these words, or the empty slot where they belong (linear probing from the first word). */
  private find(words: Uint32Array, slots: Uint32Array): number {
    const mask = slots.length - 1;
    for (let s = words[0]! & mask; ; s = (s + 1) & mask) {
      const body = slots[s]! - 1;
      if (body < 0 || this.sameDigest(body, words)) return s;
    }
  }

  private sameDigest(body: number, words: Uint32Array): boolean {
    for (let w = 0; w < DIGEST_WORDS; w++) if (this.bodies[7 * body + w] !== words[w]) return false;
    return true;
  }

  private rehash(): void {
    const slots = new Uint32Array(2 * this.slots.length);
    for (let body = 0; body < this.size; body++)
      slots[this.find(this.bodies.subarray(7 * body, 7 * body + DIGEST_WORDS), slots)] = body + 1;
    this.slots = slots;
  }
}

/** The digest's first 16 bytes as words (a SHA-256 is uniform, so its first word is a good hash). */
function wordsOf(digest: Buffer): Uint32Array {
  const words = new Uint32Array(DIGEST_WORDS);
  for (let w = 0; w < DIGEST_WORDS; w++) words[w] = digest.readUInt32LE(4 * w);
  return words;
}
