// What every entry's public API must have: a doc comment on every export, an @example on the main
// ones, the core's names in the root entry and no machine internals. Which names there are is the
// API report's to pin (api/*.api.md, checked by test/package/api-report.test.ts). Read from the
// built declaration files (npm test builds first) by scripts/count-exports.mjs.
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
    'AgentTurnError',
    'describeError',
  ],
  scripted: ['createScriptedModel'],
  react: ['useAgentTurn', 'Block'],
  restate: ['agentTurnObject', 'runDurableTurn'],
  node: ['createNodeHttpFetch'],
  otel: ['traceAgentTurn'],
  testing: ['machineToDirectedGraph', 'createTurnTestModel'],
  mcp: ['connectMcpServers', 'parseMcpConfig', 'mcpToolName'],
  'ag-ui': ['createAgUiEncoder', 'agUiEvents', 'readAgUiInput'],
  'ui-message-stream': ['createUiMessageEncoder', 'uiMessageParts', 'readUiMessageInput'],
};

let built: Record<string, EntryExports>;

beforeAll(() => {
  const out = execFileSync(process.execPath, [join(packageRoot, 'scripts', 'count-exports.mjs'), '--json', distDir], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  built = JSON.parse(out) as Record<string, EntryExports>;
}, 120_000); // the TypeScript program takes a few seconds, more on a busy machine

describe.each(Object.keys(WITH_EXAMPLE))('the %s entry', (entry) => {
  it('exports something', () => {
    expect(built[entry]!.values.length).toBeGreaterThan(0);
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
  it('holds every name of agent-turn/core and about 40 values in all', () => {
    const root = built.index!;
    expect(built.core!.values.filter((name) => !root.values.includes(name))).toEqual([]);
    expect(built.core!.types.filter((name) => !root.types.includes(name))).toEqual([]);
    // 30 before; + the history rules (DEFAULT_HISTORY_RULE, historyRuleOf, mergeReasoningDetails), parseJsonLoose;
    // + defineTool and the two errors a setup can throw (AgentTurnOptionsError, TurnRecordError)
    // + CHAT_WIRES (the wires createChatClient speaks) and the hooks/plan-mode value
    // + withDialects (a function rather than a protocol method, so a parser-only bundle drops the recognizers)
    // + the names the app used from inside the library before the split (compactHistory, planCompaction,
    //   estimatePromptTokens, contextLimitsFor, listModelProfiles, DEFAULT_CHAT_LIMITS, DEFAULT_MAX_REQUESTS,
    //   checkTurnRecord, agentTurnInput, readMachineGraph, describeEvent, toolPolicyNames)
    // + the errors' one base (AgentTurnError) and describeError, which the app uses
    expect(root.values.length).toBeLessThanOrEqual(56);
    for (const name of ['defineTool', 'AgentTurnError', 'AgentTurnOptionsError', 'TurnRecordError', 'describeError'])
      expect(root.values).toContain(name);
  });

  it('keeps the machine internals out (actors, the internal context, one-caller helpers)', () => {
    const all = [...built.index!.values, ...built.index!.types];
    for (const internal of ['chatActor', 'executeToolActor', 'AgentTurnContext', 'resolveTurnOptions', 'toChatError']) {
      expect(all).not.toContain(internal);
    }
  });
});
