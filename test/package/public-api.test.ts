// The public API of each entry, pinned name for name: an accidental export (or a lost one) fails
// here. Read from the built declaration files (npm test builds first) by scripts/count-exports.mjs,
// which also reports which names lack a doc comment or an @example.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir, packageRoot } from './package-root.js';

interface EntryExports {
  values: string[];
  types: string[];
  undocumented: string[];
  examples: string[];
}

const CORE_VALUES = [
  // parser
  'parseAssistantMessage',
  'createStreamParser',
  'ParserError',
  // protocol
  'defineProtocol',
  'clineProtocol',
  'clineThinkProtocol',
  'ProtocolError',
  'toolUsePrompt',
  'nativeToolDefinitions',
  'defaultToolDescriptions',
  // wire
  'createChatClient',
  'readChatCompletionStream',
  'ChatError',
  'isChatError',
  // reply
  'createBlockAssembler',
  'BlockAssemblerError',
  'assistantHistoryMessage',
  'toolResultMessages',
  // structured output, profiles
  'requestStructured',
  'StructuredOutputError',
  'profileFor',
  'registerModelProfile',
  'modelProfiles',
  'ModelProfileError',
];

const CORE_TYPES = [
  'AssistantMessageContent',
  'TextStreamContent',
  'ReasoningStreamContent',
  'ToolUse',
  'ParseOptions',
  'StreamParseOptions',
  'StreamParser',
  'ParserErrorCode',
  'Protocol',
  'ProtocolDefinition',
  'ToolDefinition',
  'ToolParamsDefinition',
  'ProtocolErrorCode',
  'ToolDescription',
  'ToolDescriptions',
  'ToolParamDescription',
  'ToolUsePromptOptions',
  'ChatClient',
  'ChatClientOptions',
  'FetchLike',
  'ChatRequest',
  'ChatMessage',
  'ChatRole',
  'ChatToolCall',
  'ChatToolDefinition',
  'ResponseFormat',
  'ChatStreamEvent',
  'ChatUsage',
  'ChatCompletionResult',
  'ChatErrorCode',
  'ChatErrorDetails',
  'ChatStreamSource',
  'ReadChatStreamOptions',
  'ChatLimits',
  'ChatRequestOptions',
  'BlockAssembler',
  'BlockAssemblerOptions',
  'ToolResultEntry',
  'StructuredRequestOptions',
  'StructuredResult',
  'StructuredFormat',
  'StructuredOutputErrorCode',
  'ModelProfile',
  'ReasoningStyle',
  'InactiveKeyConvention',
  'JsonSchemaSupport',
  'StructuredOutputSupport',
];

const MACHINE_VALUES = [
  'runAgentTurn',
  'createAgentTurnActor',
  'agentTurnMachine',
  'selectView',
  'isBlockSettled',
  'machineToMermaid',
];

const MACHINE_TYPES = [
  'AgentTurnSetup',
  'AgentTurnActor',
  'ResumeAgentTurnSetup',
  'PersistedAgentTurn',
  'PersistedTurnState',
  'PersistedTurnOutput',
  'PersistedTurnOptions',
  'PersistedReply',
  'PersistedRequest',
  'PlainChatError',
  'ResumePoint',
  'AgentTurnMachineInput',
  'AgentTurnMachine',
  'AgentTurnInput',
  'AgentTurnOptions',
  'AgentTurnOutput',
  'AgentTurnEvent',
  'ToolFunction',
  'ToolFunctionResult',
  'ToolFunctions',
  'ToolsPerMessage',
  'RetryPolicy',
  'NudgePolicy',
  'DrainPolicy',
  'TurnRequest',
  'TurnToolResult',
  'TurnUsage',
  'TurnEndReason',
  'RequestStatus',
  'ToolOutcomeStatus',
  'ContextTruncation',
  'AgentTurnView',
  'RequestView',
  'BlockView',
  'BlockPlace',
  'TextBlockView',
  'ReasoningBlockView',
  'ToolBlockView',
  'ToolState',
  'BlockStatus',
  'ProseStatus',
  'ToolBlockStatus',
  'TokenTotals',
  'ErrorView',
  'RetryView',
  'ContextView',
  'TruncationView',
  'TurnPhase',
];

const EXPECTED: Record<string, { values: string[]; types: string[] }> = {
  index: { values: [...CORE_VALUES, ...MACHINE_VALUES], types: [...CORE_TYPES, ...MACHINE_TYPES] },
  core: { values: CORE_VALUES, types: CORE_TYPES },
  scripted: {
    values: ['createScriptedModel', 'ScriptedModelError', 'scriptedFaults'],
    types: ['ScriptedModelOptions', 'ScriptedFault'],
  },
  react: {
    values: ['useAgentTurn', 'Block'],
    types: ['UseAgentTurnOptions', 'UseAgentTurnResult', 'BlockProps', 'BlockRenderer', 'AgentTurnRef'],
  },
  restate: {
    values: [
      'agentTurnObject',
      'runDurableTurn',
      'VIEW_STATE',
      'APPROVAL_STATE',
      'journaledChatClient',
      'journaledTools',
      'ensurePromiseWithResolvers',
    ],
    types: [
      'AgentTurnObject',
      'AgentTurnObjectOptions',
      'ApprovalAnswer',
      'ApprovalInput',
      'DurableTurnOptions',
      'DurableTurnContext',
      'PendingApproval',
      'ApprovalDecision',
      'LiveTurnEvents',
      'JournaledChatOptions',
      'LiveReplyEvents',
      'JournaledToolOptions',
      'DurableTurnOutput',
      'DurableTurnRequest',
      'RecordedReply',
      'RecordedChatError',
    ],
  },
  node: { values: ['createNodeHttpFetch'], types: ['NodeHttpFetchOptions'] },
  otel: { values: ['traceAgentTurn'], types: ['TurnTrace', 'TurnTracingOptions', 'TraceableTurnActor'] },
  testing: {
    values: ['machineToDirectedGraph'],
    types: [
      'DirectedGraphNode',
      'DirectedGraphEdge',
      'DirectedGraphLabel',
      'StateNodeLike',
      'TransitionLike',
      'EdgeKind',
    ],
  },
};

/** The entry points a reader meets first: each shows its use in an @example. */
const WITH_EXAMPLE: Record<string, string[]> = {
  index: ['runAgentTurn', 'createAgentTurnActor', 'agentTurnMachine', 'selectView'],
  core: [
    'parseAssistantMessage',
    'createStreamParser',
    'defineProtocol',
    'createChatClient',
    'readChatCompletionStream',
    'createBlockAssembler',
    'requestStructured',
  ],
  scripted: ['createScriptedModel'],
  react: ['useAgentTurn', 'Block'],
  restate: ['agentTurnObject', 'runDurableTurn'],
  node: ['createNodeHttpFetch'],
  otel: ['traceAgentTurn'],
  testing: ['machineToDirectedGraph'],
};

const sorted = (names: string[]) => [...names].sort();

let built: Record<string, EntryExports>;

beforeAll(() => {
  const out = execFileSync(process.execPath, [join(packageRoot, 'scripts', 'count-exports.mjs'), '--json', distDir], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  built = JSON.parse(out) as Record<string, EntryExports>;
}, 120_000); // the TypeScript program takes a few seconds, more on a busy machine

describe.each(Object.keys(EXPECTED))('the %s entry', (entry) => {
  it('exports exactly the pinned values and types', () => {
    expect(sorted(built[entry]!.values)).toEqual(sorted(EXPECTED[entry]!.values));
    expect(sorted(built[entry]!.types)).toEqual(sorted(EXPECTED[entry]!.types));
  });

  it('has a doc comment on every export', () => {
    expect(built[entry]!.undocumented).toEqual([]);
  });

  it('shows its main entry points in an @example', () => {
    const main = entry === 'index' ? [...WITH_EXAMPLE.index!, ...WITH_EXAMPLE.core!] : WITH_EXAMPLE[entry]!;
    expect(main.filter((name) => !built[entry]!.examples.includes(name))).toEqual([]);
  });
});

describe('the root entry', () => {
  it('holds every name of agent-turn/core and about 25 values in all', () => {
    const root = built.index!;
    expect(built.core!.values.filter((name) => !root.values.includes(name))).toEqual([]);
    expect(built.core!.types.filter((name) => !root.types.includes(name))).toEqual([]);
    expect(root.values.length).toBeLessThanOrEqual(30);
  });

  it('keeps the machine internals out (actors, the internal context, one-caller helpers)', () => {
    const all = [...built.index!.values, ...built.index!.types];
    for (const internal of [
      'chatActor',
      'executeToolActor',
      'AgentTurnContext',
      'resolveTurnOptions',
      'toChatError',
      'agentTurnInput',
    ]) {
      expect(all).not.toContain(internal);
    }
  });
});
