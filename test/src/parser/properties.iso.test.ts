// Property tests for the invariants of the parse contract: chunking invariance (stream equals
// snapshot after every push), prefix stability (rule 10), call_id stability/uniqueness (rule 11),
// and never throwing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamParser, parseAssistantMessage, type AssistantMessageContent } from '../../../src/parser/index.js';
import { clineProtocol, clineThinkProtocol } from '../../../src/protocol/index.js';
import { chunksOf, cutsArbitrary, messageArbitrary, messagePartsArbitrary } from '../../support/fragments.js';

/** Set by vitest.stryker.config.ts (this file also runs in the browser, where there is no process). */
const underMutationTesting =
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.AGENT_TURN_MUTATION === '1';
const protocols = fc.constantFrom(clineProtocol, clineThinkProtocol);
const runs = { numRuns: 300 };

function callIds(blocks: AssistantMessageContent[]): string[] {
  return blocks.flatMap((b) => (b.type === 'tool_use' ? [b.call_id] : []));
}

describe('stream form equals the snapshot form', () => {
  it('after every push, and end() equals the final snapshot', () => {
    fc.assert(
      fc.property(
        messageArbitrary,
        cutsArbitrary,
        protocols,
        fc.boolean(),
        (text, cuts, protocol, startInReasoning) => {
          const options = { protocol, startInReasoning, idPrefix: 'p' };
          const parser = createStreamParser(options);
          let soFar = '';
          for (const chunk of chunksOf(text, cuts)) {
            soFar += chunk;
            expect(parser.push(chunk)).toEqual(parseAssistantMessage(soFar, options));
          }
          expect(parser.end()).toEqual(parseAssistantMessage(text, { ...options, final: true }));
        },
      ),
      runs,
    );
  });

  it('write() with reads at random points answers like push()', () => {
    fc.assert(
      fc.property(messageArbitrary, cutsArbitrary, fc.array(fc.boolean(), { maxLength: 31 }), (text, cuts, reads) => {
        const parser = createStreamParser({ protocol: clineThinkProtocol });
        let soFar = '';
        chunksOf(text, cuts).forEach((chunk, i) => {
          parser.write(chunk);
          soFar += chunk;
          if (reads[i]) expect(parser.blocks).toEqual(parseAssistantMessage(soFar, { protocol: clineThinkProtocol }));
        });
        expect(parser.blocks).toEqual(parseAssistantMessage(text, { protocol: clineThinkProtocol }));
        expect(parser.end()).toEqual(parseAssistantMessage(text, { protocol: clineThinkProtocol, final: true }));
      }),
      runs,
    );
  });

  it('write() of many chunks past the batch size equals the snapshot', () => {
    const text =
      'Intro <write_to_file><path>a</path><content>\n' +
      '<div>x</div>\n'.repeat(4000) +
      '</content></write_to_file> end';
    const parser = createStreamParser();
    for (let i = 0; i < text.length; i += 3) parser.write(text.slice(i, i + 3));
    expect(parser.end()).toEqual(parseAssistantMessage(text, { final: true }));
  });

  it('when chunk edges fall on mode switches: each fragment its own chunk, cut once at any point', () => {
    // a tag (a mode switch) then starts or ends exactly at a chunk edge, or is split across two
    fc.assert(
      fc.property(
        messagePartsArbitrary,
        fc.array(fc.nat(), { maxLength: 60 }),
        protocols,
        fc.boolean(),
        (parts, splits, protocol, startInReasoning) => {
          const options = { protocol, startInReasoning };
          const chunks = parts.flatMap((part, i) => {
            const at = (splits[i] ?? 0) % (part.length + 1);
            return [part.slice(0, at), part.slice(at)];
          });
          const parser = createStreamParser(options);
          let soFar = '';
          for (const chunk of chunks) {
            soFar += chunk;
            expect(parser.push(chunk)).toEqual(parseAssistantMessage(soFar, options));
          }
          expect(parser.end()).toEqual(parseAssistantMessage(soFar, { ...options, final: true }));
        },
      ),
      runs,
    );
  });

  it('one character at a time', () => {
    fc.assert(
      fc.property(messageArbitrary, protocols, (text, protocol) => {
        const parser = createStreamParser({ protocol });
        for (let i = 0; i < text.length; i++) {
          expect(parser.push(text[i]!)).toEqual(parseAssistantMessage(text.slice(0, i + 1), { protocol }));
        }
        expect(parser.end()).toEqual(parseAssistantMessage(text, { protocol, final: true }));
      }),
      { numRuns: 150 },
    );
  });
});

describe('prefix stability (rule 10)', () => {
  it('a complete block in the snapshot of a prefix is identical, at the same index, in every longer snapshot', () => {
    fc.assert(
      fc.property(messageArbitrary, fc.nat(), protocols, (text, cut, protocol) => {
        const prefix = text.slice(0, cut % (text.length + 1));
        const short = parseAssistantMessage(prefix, { protocol });
        const long = parseAssistantMessage(text, { protocol });
        const fin = parseAssistantMessage(text, { protocol, final: true });
        expect(long.length).toBeGreaterThanOrEqual(short.length);
        expect(fin.length).toBeGreaterThanOrEqual(short.length);
        short.forEach((block, i) => {
          if (!block.partial) {
            expect(long[i]).toEqual(block);
            expect(fin[i]).toEqual(block);
          }
        });
      }),
      runs,
    );
  });

  it('in the stream form complete blocks are the same objects and the count never falls', () => {
    fc.assert(
      fc.property(messageArbitrary, cutsArbitrary, (text, cuts) => {
        const parser = createStreamParser();
        let previous: AssistantMessageContent[] = [];
        const check = (blocks: AssistantMessageContent[]) => {
          expect(blocks.length).toBeGreaterThanOrEqual(previous.length);
          previous.forEach((block, i) => {
            if (!block.partial) expect(blocks[i]).toBe(block);
          });
          previous = blocks;
        };
        for (const chunk of chunksOf(text, cuts)) check(parser.push(chunk));
        check(parser.end());
      }),
      runs,
    );
  });
});

describe('call_id (rule 11)', () => {
  it('is stable across snapshots, unique within a message, and differs for another idPrefix', () => {
    fc.assert(
      fc.property(messageArbitrary, cutsArbitrary, (text, cuts) => {
        const parser = createStreamParser({ idPrefix: 'a' });
        let seen: string[] = [];
        for (const chunk of chunksOf(text, cuts)) {
          const ids = callIds(parser.push(chunk));
          expect(ids.slice(0, seen.length)).toEqual(seen);
          seen = ids;
        }
        const ended = parser.end();
        const ids = callIds(ended);
        // a tool tag named in a sentence (`Use <read_file> to …`) gives its sentence back at the end: that one partial id goes
        const last = ended.at(-1);
        const mention = last?.type === 'text' && /^<[a-z_]+>/.test(last.content) && ids.length === seen.length - 1;
        expect(ids.slice(0, seen.length)).toEqual(mention ? seen.slice(0, -1) : seen);
        expect(new Set(ids).size).toBe(ids.length);
        // each is the prefix and the offset of the tool's open tag in the message
        for (const block of ended) {
          if (block.type !== 'tool_use') continue;
          const offset = Number(/^a_(\d+)$/.exec(block.call_id)?.[1]);
          expect(text.startsWith(`<${block.name}>`, offset), `${block.call_id} at <${block.name}>`).toBe(true);
        }
        const other = callIds(parseAssistantMessage(text, { idPrefix: 'b', final: true }));
        expect(other).toEqual(ids.map((id) => `b${id.slice(1)}`));
      }),
      runs,
    );
  });
});

/** A block as the contract describes it: trimmed text, a known tool with known parameters. */
function expectWellFormed(block: AssistantMessageContent): void {
  switch (block.type) {
    case 'text':
      expect(block.content).not.toBe('');
      expect(block.content).toBe(block.content.trim());
      break;
    case 'reasoning':
      expect(block.reasoning).toBe(block.reasoning.trim());
      break;
    default: {
      expect(clineThinkProtocol.tools.map((t) => t.name)).toContain(block.name);
      const tool = clineThinkProtocol.tool(block.name)!;
      for (const [name, value] of Object.entries(block.params)) {
        expect(tool.params).toContain(name);
        if (!tool.raw.includes(name)) expect(value).toBe(value.trim());
      }
    }
  }
}

describe('robustness', () => {
  it('reads arbitrary strings into well-formed blocks, the same in either form', () => {
    const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), messageArbitrary);
    fc.assert(
      fc.property(anyText, cutsArbitrary, fc.boolean(), (text, cuts, final) => {
        const options = { protocol: clineThinkProtocol };
        const snapshot = parseAssistantMessage(text, { ...options, final });
        const parser = createStreamParser(options);
        let pushed: AssistantMessageContent[] = [];
        for (const chunk of chunksOf(text, cuts)) pushed = parser.push(chunk);
        expect(parser.end()).toEqual(parseAssistantMessage(text, { ...options, final: true }));
        if (!final) expect(pushed).toEqual(snapshot);
        for (const block of snapshot) expectWellFormed(block);
        // no '<': nothing but the text itself, trimmed
        if (!text.includes('<')) {
          const content = text.trim();
          expect(snapshot).toEqual(content === '' ? [] : [{ type: 'text', content, partial: !final }]);
        }
      }),
      runs,
    );
  });

  // Under mutation testing (vitest.stryker.config.ts) this one runs for every mutant and costs
  // seconds each time; it pins no behaviour the smaller floods in rules.iso.test.ts do not.
  it.skipIf(underMutationTesting)('survives 10 MB of < in both forms', () => {
    const flood = '<'.repeat(10 * 1024 * 1024);
    expect(parseAssistantMessage(flood, { final: true })).toEqual([{ type: 'text', content: flood, partial: false }]);
    const parser = createStreamParser();
    for (let i = 0; i < flood.length; i += 65536) parser.push(flood.slice(i, i + 65536));
    expect(parser.end()).toHaveLength(1);
  });
});
