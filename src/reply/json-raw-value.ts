// A raw (non-string) JSON value inside an object — a number, literal, array or nested object —
// scanned for its end (the `,` or `}` at its own depth) without parsing it; strings inside it are
// skipped whole, escapes included, so their brackets and commas do not count.

/** Where the scan is inside the raw value; carried across deltas. */
export interface RawValueScan {
  /** Open brackets and braces inside the value. */
  depth: number;
  /** Inside a nested string, and right after a backslash there. */
  inString: boolean;
  escaped: boolean;
}

/** Starts the scan of a new raw value. */
export function resetRawValueScan(scan: RawValueScan): void {
  scan.depth = 0;
  scan.inString = false;
  scan.escaped = false;
}

/** The index in `s` from `i` of the `,`, `}` or `]` that ends the value, or -1 when `s` ends first. */
export function rawValueEnd(scan: RawValueScan, s: string, i: number): number {
  const n = s.length;
  let depth = scan.depth;
  let inString = scan.inString;
  let escaped = scan.escaped;
  let end = -1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c /* \ */) escaped = true;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b /* [ */) depth++;
    else if (c === 0x7d || c === 0x5d /* ] */) {
      if (depth === 0) {
        end = i;
        break;
      }
      depth--;
    } else if (c === 0x2c /* , */ && depth === 0) {
      end = i;
      break;
    }
  }
  scan.depth = depth;
  scan.inString = inString;
  scan.escaped = escaped;
  return end;
}
