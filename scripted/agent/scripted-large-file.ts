// The large-file scenario: a task that asks for "a large file" gets a write_to_file of about 1 MB,
// to show how a renderer copes with a big reply streamed fast (the web page's load test uses it).

/** The size of the large file, in characters (about 1 MB; every character is ASCII). */
export const LARGE_FILE_CHARS = 1_000_000;

/** The default path of the large file when the task names none. */
export const LARGE_FILE_PATH = 'large-file.txt';

/** True when a task asks for the large file ("Write a large file", "create a big file …"). */
export function asksForLargeFile(task: string): boolean {
  return /\b(?:large|big|huge)\s+file\b/i.test(task);
}

/**
 * About {@link LARGE_FILE_CHARS} characters of numbered lines, the same every time. Each line
 * holds `<`, `&&` and a tag-like word, which the parser must keep as text.
 */
export function largeFileContent(chars: number = LARGE_FILE_CHARS): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < chars; n++) {
    const line = `line ${String(n).padStart(6, '0')}: if (a < b && b > ${n % 97}) total += ${(n * 7919) % 10007}; // <item> stays text`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n').slice(0, chars);
}
