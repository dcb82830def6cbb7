// Dialect parse cost (issue 35): a reply dense with other dialects' calls against the same calls
// written as Cline XML, one-shot and in 16-character writes, and its linearity (2 MB vs 1 MB).
// `npm run bench -- dialect-parser` (BENCH_CLOCK=cpu for CPU time).
import { createStreamParser, parseAssistantMessage, withDialects } from '../src/parser/index.js';
import { clineThinkProtocol, type Protocol } from '../src/protocol/index.js';
import { dialectReplies } from './dialect-replies.js';
import { timeMs } from './parser.bench.js';

const strict = clineThinkProtocol;
const all = withDialects(clineThinkProtocol, 'all');

function chunked(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function writeIn(chunks: string[], protocol: Protocol): number {
  const parser = createStreamParser({ protocol });
  for (const chunk of chunks) parser.write(chunk);
  return parser.end().length;
}

const oneShot = (text: string, protocol: Protocol) => parseAssistantMessage(text, { protocol, final: true });
const fmt = (n: number, d = 2) => n.toFixed(d);

export function run(): void {
  const MB = 1024 * 1024;
  const one = dialectReplies(MB);
  const two = dialectReplies(2 * MB);
  const completeCalls = oneShot(one.dialect, all).filter((b) => b.type === 'tool_use' && !b.partial).length;
  const clineCalls = oneShot(one.cline, strict).filter((b) => b.type === 'tool_use' && !b.partial).length;
  console.log(
    `1 MB of dialect replies: ${one.calls} calls written, ${completeCalls} read (Cline twin: ${(one.cline.length / MB).toFixed(2)} MB, ${clineCalls} read)`,
  );
  const dOne = timeMs(() => oneShot(one.dialect, all), 20);
  const cOneStrict = timeMs(() => oneShot(one.cline, strict), 20);
  const cOneAll = timeMs(() => oneShot(one.cline, all), 20);
  console.log(
    `one-shot: dialect ${fmt(dOne)} ms, Cline XML twin ${fmt(cOneStrict)} ms strict / ${fmt(cOneAll)} ms every dialect on -> ${fmt(dOne / cOneStrict)}x / ${fmt(dOne / cOneAll)}x (goal <= 1.5x)`,
  );
  const d16 = chunked(one.dialect, 16);
  const c16 = chunked(one.cline, 16);
  const dW = timeMs(() => writeIn(d16, all), 10);
  const cWStrict = timeMs(() => writeIn(c16, strict), 10);
  const cWAll = timeMs(() => writeIn(c16, all), 10);
  console.log(
    `16-char writes: dialect ${fmt(dW)} ms, Cline XML twin ${fmt(cWStrict)} ms strict / ${fmt(cWAll)} ms every dialect on -> ${fmt(dW / cWStrict)}x / ${fmt(dW / cWAll)}x (goal <= 1.5x)`,
  );
  const dTwo = timeMs(() => oneShot(two.dialect, all), 20);
  const dW2 = timeMs(() => writeIn(chunked(two.dialect, 16), all), 10);
  console.log(`linear: one-shot t(2 MB)/t(1 MB) = ${fmt(dTwo / dOne)}, 16-char writes ${fmt(dW2 / dW)} (goal <= 2.2)`);
}
