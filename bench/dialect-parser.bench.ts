// Dialect parse cost (issue 35): a reply dense with other dialects' calls against the same calls
// written as Cline XML, one-shot and in 16-character writes, and its linearity (2 MB vs 1 MB); then
// a reply in each family alone, as one model writes.
// `npm run bench -- dialect-parser` (BENCH_CLOCK=cpu for CPU time). The goal is judged on the mean per
// parse against the twin parsed with every dialect on (the same parser, so the ratio is what the
// dialects' constructs cost); the strict parser's figure, the fastest runs and the means measured in
// turns (the three parses' batches alternating, so none pays for the heap another left) beside it.
import { createStreamParser, parseAssistantMessage, withDialects } from '../src/parser/index.js';
import { clineThinkProtocol, type Protocol } from '../src/protocol/index.js';
import { dialectReplies, FAMILIES } from './dialect-replies.js';
import { interleavedMeans, meanMs, timeMs } from './parser.bench.js';

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

/** A figure as the mean per parse (what a reply costs, its garbage collection included) and the fastest run. */
function measure(fn: () => void, runs: number): { mean: number; fastest: number } {
  return { mean: meanMs(fn, runs), fastest: timeMs(fn, runs) };
}

/** The three parses of one form, their ratios, and the same with the fastest runs. */
function compare(form: string, dialect: () => void, strictTwin: () => void, twinAll: () => void, runs: number) {
  const d = measure(dialect, runs);
  const cs = measure(strictTwin, runs);
  const ca = measure(twinAll, runs);
  console.log(
    `${form}, mean per parse: dialect ${fmt(d.mean)} ms, Cline XML twin ${fmt(ca.mean)} ms every dialect on / ${fmt(cs.mean)} ms strict -> ${fmt(d.mean / ca.mean)}x / ${fmt(d.mean / cs.mean)}x (goal <= 1.5x)`,
  );
  console.log(
    `  fastest of ${runs}: ${fmt(d.fastest)} / ${fmt(ca.fastest)} / ${fmt(cs.fastest)} ms -> ${fmt(d.fastest / ca.fastest)}x / ${fmt(d.fastest / cs.fastest)}x`,
  );
  const [di, cai, csi] = interleavedMeans([dialect, twinAll, strictTwin], Math.max(2, runs / 5), 6) as [
    number,
    number,
    number,
  ];
  console.log(`  in turns: ${fmt(di)} / ${fmt(cai)} / ${fmt(csi)} ms -> ${fmt(di / cai)}x / ${fmt(di / csi)}x`);
  return d;
}

/** Each family's reply alone against its twin (every dialect on), one-shot and in 16-character writes: means measured in turns. */
function perFamily(): void {
  const rows: string[] = [];
  for (const family of FAMILIES) {
    const replies = dialectReplies(1024 * 1024, family);
    const d16 = chunked(replies.dialect, 16);
    const c16 = chunked(replies.cline, 16);
    // in turns, the reply's batches and its twin's alternating: measured one after the other, the
    // ratio swung by 0.3 from run to run with the heap the first left the second
    const ratio = ([d, c]: number[]) => d! / c!;
    const one = ratio(interleavedMeans([() => oneShot(replies.dialect, all), () => oneShot(replies.cline, all)], 10));
    const writes = ratio(interleavedMeans([() => writeIn(d16, all), () => writeIn(c16, all)], 5));
    rows.push(`${family} ${fmt(one)}x / ${fmt(writes)}x`);
  }
  console.log(`one family per reply (1 MB each), dialect / twin, one-shot / 16-char writes: ${rows.join(', ')}`);
}

export function run(): void {
  const MB = 1024 * 1024;
  const one = dialectReplies(MB);
  const two = dialectReplies(2 * MB);
  const completeCalls = oneShot(one.dialect, all).filter((b) => b.type === 'tool_use' && !b.partial).length;
  const clineCalls = oneShot(one.cline, strict).filter((b) => b.type === 'tool_use' && !b.partial).length;
  console.log(
    `1 MB of dialect replies: ${one.calls} calls written, ${completeCalls} read (Cline twin: ${(one.cline.length / MB).toFixed(2)} MB, ${clineCalls} read)`,
  );
  const d1 = compare(
    'one-shot',
    () => oneShot(one.dialect, all),
    () => oneShot(one.cline, strict),
    () => oneShot(one.cline, all),
    20,
  );
  const d16 = chunked(one.dialect, 16);
  const c16 = chunked(one.cline, 16);
  const w1 = compare(
    '16-char writes',
    () => writeIn(d16, all),
    () => writeIn(c16, strict),
    () => writeIn(c16, all),
    10,
  );
  const d2 = measure(() => oneShot(two.dialect, all), 10);
  const two16 = chunked(two.dialect, 16);
  const w2 = measure(() => writeIn(two16, all), 5);
  console.log(
    `linear, means: one-shot t(2 MB)/t(1 MB) = ${fmt(d2.mean / d1.mean)}, 16-char writes ${fmt(w2.mean / w1.mean)} (goal <= 2.2); fastest runs ${fmt(d2.fastest / d1.fastest)} / ${fmt(w2.fastest / w1.fastest)}`,
  );
  perFamily();
}
