/**
 * Collects a process's output up to a byte budget, keeping its beginning and its end (where
 * errors usually are) and counting what was dropped in between.
 */
export class CappedOutput {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private dropped = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    const headRoom = Math.ceil(this.maxBytes / 2) - this.headBytes;
    if (headRoom > 0) {
      const part = chunk.subarray(0, headRoom);
      this.head.push(part);
      this.headBytes += part.length;
      chunk = chunk.subarray(part.length);
      if (chunk.length === 0) return;
    }
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    const tailBudget = Math.floor(this.maxBytes / 2);
    while (this.tailBytes > tailBudget) {
      const first = this.tail[0];
      const excess = this.tailBytes - tailBudget;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailBytes -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailBytes -= excess;
        this.dropped += excess;
      }
    }
  }

  get totalBytes(): number {
    return this.headBytes + this.tailBytes + this.dropped;
  }

  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    return this.dropped > 0 ? `${head}\n[… ${this.dropped} bytes of output omitted …]\n${tail}` : head + tail;
  }
}
