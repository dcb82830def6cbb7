// Where a growing Markdown text can be committed: after its last finished top-level block, i.e.
// after a blank line that is not inside a fenced code block. The scan goes on from where the last
// one stopped (the state is kept per text block), so a reply of n characters costs O(n) in all.

/** What is known of a text block's source so far. */
export interface MarkdownScan {
  /** Characters scanned (always at a line start). */
  scanned: number;
  /** The fence that is open at `scanned`, if any (its marker: ``` or ~~~, and its length). */
  fence: string | undefined;
  /** The end of the last blank line outside a fence: everything before it is finished blocks. */
  boundary: number;
}

/** A scan of nothing yet. */
export function newMarkdownScan(): MarkdownScan {
  return { scanned: 0, fence: undefined, boundary: 0 };
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Scans the whole lines of `text` not scanned yet; returns the commit boundary. */
export function advanceMarkdownScan(scan: MarkdownScan, text: string): number {
  let at = scan.scanned;
  for (;;) {
    const end = text.indexOf('\n', at);
    if (end < 0) break;
    const line = text.slice(at, end);
    const fence = FENCE.exec(line)?.[1];
    if (scan.fence !== undefined) {
      // A closing fence: the same character, at least as long, nothing after it.
      if (
        fence !== undefined &&
        fence[0] === scan.fence[0] &&
        fence.length >= scan.fence.length &&
        line.trim() === fence
      )
        scan.fence = undefined;
    } else if (fence !== undefined) scan.fence = fence;
    else if (line.trim() === '') scan.boundary = end + 1;
    at = end + 1;
  }
  scan.scanned = at;
  return scan.boundary;
}
