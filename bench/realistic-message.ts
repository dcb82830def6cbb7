// A realistic assistant message of a given size: prose, <think> reasoning, many small tool calls,
// write_to_file contents of TSX and XML dense with '<', and replace_in_file diffs. Deterministic.

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words =
  'the file exports a component that renders list items and we should check props state effect hook test build'.split(
    ' ',
  );

function prose(rand: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(words[Math.floor(rand() * words.length)]!);
  return out.join(' ') + '.';
}

function tsx(rand: () => number, lines: number): string {
  const out = ["import React from 'react';", 'export function List({ items }: { items: string[] }) {', '  return ('];
  for (let i = 0; i < lines; i++) {
    out.push(
      `    <li key="${i}" className="item-${Math.floor(rand() * 9)}"><span>{items[${i}]}</span> {a < b && <b>${i}</b>}</li>`,
    );
  }
  out.push('  );', '}');
  return out.join('\n');
}

function xml(rand: () => number, lines: number): string {
  const out = ['<?xml version="1.0"?>', '<project>'];
  for (let i = 0; i < lines; i++)
    out.push(`  <dependency><groupId>g${i}</groupId><version>${Math.floor(rand() * 9)}.0</version></dependency>`);
  out.push('  <!-- a fake close tag: </content> -->', '</project>');
  return out.join('\n');
}

export function realisticMessage(bytes: number, seed = 1): string {
  const rand = prng(seed);
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  while (size < bytes) {
    let part: string;
    switch (i++ % 6) {
      case 0:
        part = `<think>\n${prose(rand, 60)}\n${prose(rand, 40)}\n</think>\n`;
        break;
      case 1:
        part = `${prose(rand, 30)}\n\n<read_file>\n<path>src/components/file${i}.tsx</path>\n</read_file>\n`;
        break;
      case 2:
        part = `${prose(rand, 12)}\n<write_to_file>\n<path>src/List${i}.tsx</path>\n<content>\n${tsx(rand, 40)}\n</content>\n</write_to_file>\n`;
        break;
      case 3:
        part = `<replace_in_file>\n<path>pom${i}.xml</path>\n<diff>\n------- SEARCH\n${xml(rand, 6)}\n=======\n${xml(rand, 8)}\n+++++++ REPLACE\n</diff>\n</replace_in_file>\n`;
        break;
      case 4:
        part = `<write_to_file>\n<path>pom${i}.xml</path>\n<content>\n${xml(rand, 30)}\n</content>\n</write_to_file>\n`;
        break;
      default:
        part = `${prose(rand, 20)} \`<read_file>\` is the tool. <execute_command>\n<command>npm test -- --run ${i}</command>\n<requires_approval>false</requires_approval>\n</execute_command>\n`;
    }
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

/** One write_to_file whose content alone is `bytes` long (TSX, dense with '<'). */
export function singleRawParameter(bytes: number): string {
  const rand = prng(7);
  let content = '';
  while (content.length < bytes) content += tsx(rand, 50) + '\n';
  content = content.slice(0, bytes);
  return `<write_to_file>\n<path>big.tsx</path>\n<content>\n${content}\n</content>\n</write_to_file>`;
}
