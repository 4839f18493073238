/** Cuts a byte stream into UTF-8 lines (LF or CRLF), without re-copying the whole buffer per chunk. */
export class LineSplitter {
  private pending: Buffer[] = [];

  constructor(private readonly online: (line: string) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    let index = chunk.indexOf(10);
    while (index !== -1) {
      const piece = chunk.subarray(start, index);
      const line = this.pending.length ? Buffer.concat([...this.pending, piece]) : piece;
      this.pending = [];
      this.emit(line);
      start = index + 1;
      index = chunk.indexOf(10, start);
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }

  /** Emits what is left as a last line (the stream ended without a newline). */
  flush(): void {
    if (!this.pending.length) return;
    const line = Buffer.concat(this.pending);
    this.pending = [];
    this.emit(line);
  }

  private emit(line: Buffer): void {
    const end = line.length > 0 && line[line.length - 1] === 13 ? line.length - 1 : line.length;
    this.online(line.toString('utf8', 0, end));
  }
}
