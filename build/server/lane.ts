// Compositions share the one event loop with plain requests. They wait in a lane of bounded length and
// run one per turn of the loop, so the requests that arrived meanwhile are answered between two of them;
// past the lane's length they are refused at once (503 with Retry-After) rather than queued without end.

export class Lane {
  private readonly queue: (() => void)[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(readonly capacity: number) {}

  /** Takes a place in the lane, or false when it is full; give it back with leave(). */
  enter(): boolean {
    if (this.inFlight >= this.capacity) return false;
    this.inFlight++;
    return true;
  }

  leave(): void {
    this.inFlight--;
  }

  get waiting(): number {
    return this.inFlight;
  }

  /** Runs synchronous work on a later turn of the loop, one piece of work per turn. */
  turn<T>(work: () => T): Promise<T> {
    return new Promise<T>((ok, fail) => {
      this.queue.push(() => {
        try {
          ok(work());
        } catch (e) {
          fail(e);
        }
      });
      this.pump();
    });
  }

  private pump(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.queue.shift()!();
      this.pump();
    });
  }
}
