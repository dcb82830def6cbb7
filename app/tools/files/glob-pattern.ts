import { compileLinearRegex, type LinearRegex } from './linear-regex.js';

/**
 * A file glob as a linear-time regex over forward-slash relative paths: `*` and `?` stay within one path
 * segment, `**` spans segments, `{a,b}` alternates, `[...]` is a class. A pattern without a '/'
 * matches the file name anywhere (as ripgrep's -g does). Returns an error value on a pattern
 * it cannot read.
 */
export function globToRegExp(glob: string): { ok: true; regexp: LinearRegex } | { ok: false; message: string } {
  const pattern = glob.trim();
  if (pattern === '') return { ok: false, message: 'the pattern is empty' };
  let out = '';
  let braceDepth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        // '**/' matches zero or more whole segments; a bare '**' matches anything.
        if (pattern[i + 2] === '/') {
          out += '(?:.*/)?';
          i += 2;
        } else {
          out += '.*';
          i += 1;
        }
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close === -1) return { ok: false, message: `"[" at position ${i + 1} is never closed` };
      let body = pattern.slice(i + 1, close).replace(/\\/g, '\\\\');
      if (body.startsWith('!')) body = `^${body.slice(1)}`;
      out += `[${body}]`;
      i = close;
    } else if (c === '{') {
      braceDepth++;
      out += '(?:';
    } else if (c === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (c === ',' && braceDepth > 0) out += '|';
    else out += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  if (braceDepth > 0) return { ok: false, message: '"{" is never closed' };
  const anchored = pattern.includes('/') ? `^${out.replace(/^\\?\.\//, '')}$` : `(?:^|/)${out}$`;
  // Linear time: a glob like `*a*a*a*a*b` would make a backtracking engine crawl on long names.
  const compiled = compileLinearRegex(anchored);
  return compiled.ok ? { ok: true, regexp: compiled.regex } : { ok: false, message: compiled.message };
}
