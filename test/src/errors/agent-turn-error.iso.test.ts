// One base for every error the package throws: each is an AgentTurnError with its own code and
// name (across copies of the package too), and a ChatError has one JSON form that builds it again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentTurnError } from '../../../src/errors/agent-turn-error.js';
import { ChatError, type ChatErrorJSON } from '../../../src/wire/errors.js';
import type { ChatErrorCode } from '../../../src/wire/types.js';
import { ProtocolError } from '../../../src/protocol/errors.js';
import { ParserError } from '../../../src/parser/stream-parser.js';
import { BlockAssemblerError } from '../../../src/reply/block-assembler.js';
import { StructuredOutputError } from '../../../src/structured/structured-output-error.js';
import { ModelProfileError } from '../../../src/profiles/profiles.js';
import { ScriptedModelError } from '../../../scripted/scripted-model.js';
import { AgentTurnOptionsError } from '../../../src/errors/agent-turn-options-error.js';
import { TurnRecordError } from '../../../machines/record/turn-record.js';
import { TurnInvariantError } from '../../../bindings/testing/turn-invariant-error.js';
import { McpError } from '../../../bindings/mcp/mcp-errors.js';
import { McpConfigError } from '../../../bindings/mcp/mcp-config.js';
import { createChatClient } from '../../../src/wire/chat-client.js';
import { readChatCompletionStream } from '../../../src/wire/read-chat-completion-stream.js';
import { registerModelProfile } from '../../../src/profiles/profiles.js';
import { createScriptedModel } from '../../../scripted/scripted-model.js';
import { parseMcpConfig } from '../../../bindings/mcp/mcp-config.js';
import { checkTurnRecord } from '../../../machines/record/turn-record.js';
import { createStreamParser } from '../../../src/parser/stream-parser.js';

/** What each class's constructor makes, with the code it must carry. */
const made: Array<[string, AgentTurnError, string]> = [
  ['ChatError', new ChatError('timeout', 'm'), 'timeout'],
  ['ProtocolError', new ProtocolError('invalid-name', 'm'), 'invalid-name'],
  ['ParserError', new ParserError('invalid-chunk', 'm'), 'invalid-chunk'],
  ['BlockAssemblerError', new BlockAssemblerError('m'), 'ended'],
  ['StructuredOutputError', new StructuredOutputError('no-json', 'm'), 'no-json'],
  ['ModelProfileError', new ModelProfileError('m'), 'invalid-profile'],
  ['ScriptedModelError', new ScriptedModelError('m'), 'invalid-option'],
  ['AgentTurnOptionsError', new AgentTurnOptionsError('m', 'client'), 'invalid-options'],
  ['TurnRecordError', new TurnRecordError('m'), 'invalid-turn-record'],
  ['TurnInvariantError', new TurnInvariantError('bad-end', 'm'), 'bad-end'],
  ['McpError', new McpError('mcp-timeout', 'm', 'fs'), 'mcp-timeout'],
  ['McpConfigError', new McpConfigError('mcpServers.fs', 'm'), 'invalid-mcp-config'],
];

describe('AgentTurnError, the one base', () => {
  it.each(made)('%s is an AgentTurnError and an Error, with its name and code', (name, error, code) => {
    expect(error instanceof AgentTurnError).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(String(error).startsWith(`${name}: `)).toBe(true);
    expect(error.stack).toContain(name);
  });

  it('recognises an error of any class made by another copy of the package', () => {
    const foreign = new Error('elsewhere');
    Object.defineProperty(foreign, Symbol.for('agent-turn.error.AgentTurnError'), { value: true });
    expect(foreign instanceof AgentTurnError).toBe(true);
    expect(new Error('plain') instanceof AgentTurnError).toBe(false);
    expect(({ code: 'x', message: 'y' } as unknown) instanceof AgentTurnError).toBe(false);
  });

  it('keeps a cause given to it', () => {
    const cause = new Error('under');
    expect(new ChatError('network', 'down', { cause }).cause).toBe(cause);
    expect(new StructuredOutputError('no-json', 'm', { cause }).cause).toBe(cause);
    expect('cause' in new ChatError('network', 'down')).toBe(false);
  });
});

/** Runs `f` and gives back what it threw (or undefined when it threw nothing). */
function thrownBy(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('what the package throws at bad input is an AgentTurnError with a code', () => {
  const cases: Array<[string, () => unknown, string]> = [
    ['createChatClient without baseURL', () => createChatClient({} as never), 'invalid-options'],
    [
      'createChatClient with an unknown wire',
      () => createChatClient({ baseURL: 'http://x', wire: 'grpc' as never }),
      'invalid-options',
    ],
    [
      'createChatClient with a bad limit',
      () => createChatClient({ baseURL: 'http://x', idleTimeoutMs: -1 } as never),
      'invalid-options',
    ],
    ['readChatCompletionStream of a number', () => readChatCompletionStream(42 as never), 'invalid-options'],
    ['registerModelProfile of nonsense', () => registerModelProfile(null as never), 'invalid-profile'],
    [
      'createScriptedModel with an unknown fault',
      () => createScriptedModel({ faults: ['gremlin' as never] }),
      'invalid-option',
    ],
    ['parseMcpConfig of a list', () => parseMcpConfig([] as never), 'invalid-mcp-config'],
    ['checkTurnRecord of a string', () => checkTurnRecord('turn' as never), 'invalid-turn-record'],
    ['a stream parser given a number', () => createStreamParser().push(42 as never), 'invalid-chunk'],
  ];
  it.each(cases)('%s', (_, f, code) => {
    const error = thrownBy(f);
    expect(error instanceof AgentTurnError, String(error)).toBe(true);
    expect((error as AgentTurnError).code).toBe(code);
  });

  it('names the option at fault', () => {
    expect(thrownBy(() => createChatClient({} as never))).toMatchObject({ option: 'baseURL' });
    expect(thrownBy(() => createChatClient({ baseURL: 'http://x', idleTimeoutMs: 0 } as never))).toMatchObject({
      option: 'idleTimeoutMs',
    });
    expect(thrownBy(() => readChatCompletionStream(null as never))).toMatchObject({ option: 'source' });
  });
});

const chatErrorCodes: ChatErrorCode[] = [
  'http',
  'provider-error',
  'malformed-chunk',
  'truncated',
  'aborted',
  'network',
  'timeout',
  'too-large',
  'client-bug',
];

const chatErrorJSON: fc.Arbitrary<ChatErrorJSON> = fc.record(
  {
    code: fc.constantFrom(...chatErrorCodes),
    message: fc.string(),
    retryable: fc.boolean(),
    status: fc.integer({ min: 100, max: 599 }),
    providerMessage: fc.string(),
    providerCode: fc.string(),
    retryAfterMs: fc.nat(),
  },
  { requiredKeys: ['code', 'message', 'retryable'] },
);

describe("ChatError's one JSON form", () => {
  it('JSON.stringify then fromJSON gives the same error, and toJSON the same JSON (property)', () => {
    fc.assert(
      fc.property(chatErrorJSON, (json) => {
        const error = ChatError.fromJSON(json);
        expect(error instanceof ChatError).toBe(true);
        expect(error.toJSON()).toEqual({ name: 'ChatError', ...json });
        const again = ChatError.fromJSON(JSON.parse(JSON.stringify(error)));
        expect(again.toJSON()).toEqual({ name: 'ChatError', ...json });
        expect([again.code, again.message, again.retryable, again.status]).toEqual([
          json.code,
          json.message,
          json.retryable,
          json.status,
        ]);
      }),
    );
  });

  it('names its class, as every error an NDJSON or HTTP reader sees does', () => {
    expect(JSON.parse(JSON.stringify({ error: new ChatError('timeout', 'slow') })).error).toMatchObject({
      name: 'ChatError',
      code: 'timeout',
    });
  });

  it('keeps a retryable the constructor derived, and leaves out the cause and the stack', () => {
    const error = new ChatError('http', 'busy', { status: 503, cause: new Error('socket') });
    expect(error.toJSON()).toEqual({ name: 'ChatError', code: 'http', message: 'busy', retryable: true, status: 503 });
    expect(ChatError.fromJSON(error.toJSON()).retryable).toBe(true);
  });
});
