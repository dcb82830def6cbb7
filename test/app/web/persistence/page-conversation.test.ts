// The page's conversation without the page: the history carried from turn to turn, the notes the
// next message takes, the message box's commands, and the saved form a reload reads back — which
// is untrusted data, so every way it can be off gets a reason and never a crash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import {
  createMemoryCheckpointStore,
  createWorkspaceCheckpoints,
  withCheckpoints,
} from '../../../../app/tools/checkpoints/index.js';
import { createMemoryTools, createMemoryWorkspace, memoryWorkspaceFiles } from '../../../../app/tools/memory/index.js';
import { readMessageBox } from '../../../../app/web/page-commands.js';
import { createPageCheckpointStore, readSavedCheckpoints } from '../../../../app/web/persistence/page-checkpoints.js';
import {
  createPageConversation,
  type ConversationLogEntry,
  type ConversationState,
} from '../../../../app/web/conversation/page-conversation.js';
import {
  readSavedConversation,
  SAVED_CONVERSATION_KEY,
  saveConversation,
  savedConversationProblem,
} from '../../../../app/web/persistence/saved-conversation.js';
import type { TurnStorage } from '../../../../app/web/persistence/saved-turn.js';
import { createTurnActor } from '../../../../app/web/conversation/turn-runner.js';
import { createScriptedModel, type ScriptedModelOptions } from '../../../../scripted/index.js';
import { createChatClient, type ChatMessage } from '../../../../src/wire/index.js';
import { TEST_WIRE } from '../../../support/test-wire.js';

function memoryStorage(): TurnStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const turnEntry = (task: string): Extract<ConversationLogEntry, { kind: 'turn' }> => ({
  kind: 'turn',
  task,
  reason: 'completed',
  outcome: 'Completed in 1 requests.',
  tone: 'ok',
  tools: [],
});

// At pace 0, and at a real pace with the stream cut at random places (two seeds).
const PACES: Array<[string, ScriptedModelOptions]> = [
  ['pace 0', { pace: 0 }],
  ['a real pace, random chunks (seed 7)', { pace: { tokenMs: 1, jitterMs: 1 }, randomChunks: true, seed: 7 }],
  ['a real pace, random chunks (seed 42)', { pace: { tokenMs: 1, jitterMs: 1 }, randomChunks: true, seed: 42 }],
];

describe.each(PACES)('a page conversation at %s', (_name, pace) => {
  it('carries the history of each turn into the next one, with the notes once', async () => {
    const ws = createMemoryWorkspace({ 'README.md': '# Demo\n' });
    const sent: ChatMessage[][] = [];
    const model = createScriptedModel({ ...pace, onRequest: (request) => sent.push(request.messages) });
    const client = createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.local/v1', fetch: model });
    const checkpoints = createWorkspaceCheckpoints({
      files: memoryWorkspaceFiles(ws),
      store: createMemoryCheckpointStore(),
    });
    const tools = withCheckpoints(createMemoryTools(ws), checkpoints);
    const talk = createPageConversation();
    const turn = async (task: string) => {
      const actor = createTurnActor(
        {
          client,
          model: 'scripted:glm-5.1',
          task,
          messages: talk.startTurn(task),
          tools,
          approval: [],
          nativeTools: false,
          retryDelaysMs: [0],
        },
        () => {},
      );
      actor.start();
      const output = await toPromise(actor);
      talk.endTurn(turnEntry(task), output);
      return output;
    };
    await turn('Write notes.md about README.md');
    expect(ws.read('notes.md')).toContain('# Notes for: Write notes.md about README.md');
    const report = await checkpoints.undo(1);
    expect(report.removed).toEqual(['notes.md']);
    talk.notice('↶ Undid 1 step: removed notes.md (created by the agent).', 'ok', 'The user undid your last step.');
    const second = await turn('Read README.md');
    expect(second.reason).toBe('completed');
    const last = sent.at(-1) ?? [];
    // One system message (the page's own, not the one the history came back with), both tasks, the note with the second.
    expect(last.filter((m) => m.role === 'system')).toHaveLength(1);
    const tasks = last.filter((m) => m.role === 'user' && m.content?.startsWith('<task>')).map((m) => m.content);
    expect(tasks).toEqual([
      '<task>\nWrite notes.md about README.md\n</task>',
      '<task>\nRead README.md\n</task>\n\n<environment_details>\n# Since your last reply\nThe user undid your last step.\n</environment_details>',
    ]);
    expect(talk.state().notes).toEqual([]);
    expect(talk.state().history[0].role).toBe('user');
    expect(talk.state().log.map((e) => e.kind)).toEqual(['turn', 'notice', 'turn']);
  });
});

describe('a page conversation', () => {
  it('forgets everything on clear, and a turn without output keeps the history it had', () => {
    const talk = createPageConversation();
    expect(talk.started()).toBe(false);
    const messages = talk.startTurn('hello');
    expect(messages).toEqual([{ role: 'user', content: '<task>\nhello\n</task>' }]);
    talk.endTurn(turnEntry('hello'), {
      messages: [{ role: 'system', content: 's' }, ...messages, { role: 'assistant', content: 'hi' }],
    });
    talk.endTurn(turnEntry('broken'));
    expect(talk.state().history).toEqual([...messages, { role: 'assistant', content: 'hi' }]);
    expect(talk.started()).toBe(true);
    talk.clear();
    expect(talk.state()).toEqual({ history: [], notes: [], log: [] });
    expect(talk.started()).toBe(false);
    // A turn resumed after a reload ends without a message sent here: the conversation has started.
    const resumed = createPageConversation();
    resumed.endTurn(turnEntry('resumed'), { messages });
    expect(resumed.started()).toBe(true);
    expect(createPageConversation({ history: [], notes: [], log: [] }).started()).toBe(false);
  });
});

describe('a page conversation, any order of events', () => {
  type Op =
    | { op: 'turn'; task: string; back: ChatMessage[] | undefined }
    | { op: 'notice'; note: string | undefined }
    | { op: 'compact'; messages: ChatMessage[] }
    | { op: 'clear' };
  const message = fc.oneof(
    fc.record({ role: fc.constant('system' as const), content: fc.string() }),
    fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: fc.string() }),
  );
  const ops: fc.Arbitrary<Op[]> = fc.array(
    fc.oneof(
      fc.record({
        op: fc.constant('turn' as const),
        task: fc.string(),
        back: fc.option(fc.array(message), { nil: undefined }),
      }),
      fc.record({
        op: fc.constant('notice' as const),
        note: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
      }),
      fc.record({ op: fc.constant('compact' as const), messages: fc.array(message) }),
      fc.record({ op: fc.constant('clear' as const) }),
    ),
    { maxLength: 12 },
  );

  it('never keeps a leading system message, and hands each note to exactly one next message (none after a clear)', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const talk = createPageConversation();
        let pending: string[] = [];
        for (const step of list) {
          if (step.op === 'turn') {
            const sent = talk.startTurn(step.task);
            const last = sent.at(-1)?.content ?? '';
            for (const note of pending) expect(last).toContain(note);
            if (pending.length === 0) expect(last).toBe(`<task>\n${step.task}\n</task>`);
            pending = [];
            talk.endTurn(turnEntry(step.task), step.back ? { messages: step.back } : undefined);
          } else if (step.op === 'notice') {
            talk.notice('n', 'ok', step.note);
            if (step.note !== undefined) pending.push(step.note);
          } else if (step.op === 'compact') talk.replaceHistory(step.messages);
          else {
            talk.clear();
            pending = [];
          }
          const state = talk.state();
          expect(state.history[0]?.role).not.toBe('system');
          expect(state.notes).toEqual(pending);
        }
      }),
    );
  });
});

describe('the message box', () => {
  it('sends messages, runs the page commands and refuses the rest with a reason', () => {
    expect(readMessageBox('  ')).toBeUndefined();
    expect(readMessageBox(' Read a.md\n')).toEqual({ kind: 'message', text: 'Read a.md' });
    expect(readMessageBox('/undo 2')).toEqual({ kind: 'command', command: { name: 'undo', steps: 2 } });
    expect(readMessageBox('/undo')).toEqual({ kind: 'command', command: { name: 'undo', steps: 1 } });
    expect(readMessageBox('/compact')).toEqual({ kind: 'command', command: { name: 'compact' } });
    expect(readMessageBox('/clear')).toEqual({ kind: 'command', command: { name: 'clear' } });
    expect(readMessageBox('/help')).toEqual({ kind: 'command', command: { name: 'help' } });
    expect(readMessageBox('/undo zero')).toEqual({
      kind: 'refused',
      message: '/undo takes a number of steps of at least 1 (got "zero").',
    });
    expect(readMessageBox('/model x')).toMatchObject({ kind: 'refused', message: expect.stringContaining('Profile') });
    expect(readMessageBox('/cost')).toMatchObject({ kind: 'refused' });
    expect(readMessageBox('/exit')).toMatchObject({ kind: 'refused' });
    expect(readMessageBox('/summary 2')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('compaction'),
    });
    expect(readMessageBox('/last')).toMatchObject({ kind: 'refused', message: expect.stringContaining('tool card') });
    expect(readMessageBox('/nope')).toEqual({
      kind: 'refused',
      message: 'Unknown command "/nope". Commands: /undo [N], /compact, /clear, /plan, /help.',
    });
    // A path is a message, not a command.
    expect(readMessageBox('/src/a.ts is broken')).toMatchObject({ kind: 'refused' });
    expect(readMessageBox('./src/a.ts is broken')).toEqual({ kind: 'message', text: './src/a.ts is broken' });
  });
});

const messageArb: fc.Arbitrary<ChatMessage> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), content: fc.string() }),
  fc.record({
    role: fc.constant('assistant' as const),
    content: fc.option(fc.string(), { nil: null }),
    reasoning_content: fc.option(fc.string(), { nil: undefined }),
  }),
  fc.record({ role: fc.constant('tool' as const), content: fc.string(), tool_call_id: fc.string() }),
);
const stateArb: fc.Arbitrary<ConversationState & { files: Record<string, string>; changed: string[] }> = fc
  .record({
    history: fc.array(messageArb, { maxLength: 6 }),
    notes: fc.array(fc.string(), { maxLength: 3 }),
    log: fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('notice' as const), text: fc.string(), tone: fc.constantFrom('ok', 'notice') }),
        fc.record({
          kind: fc.constant('turn' as const),
          task: fc.string(),
          reason: fc.string(),
          outcome: fc.string(),
          tone: fc.constantFrom('ok', 'error'),
          tools: fc.array(fc.string(), { maxLength: 3 }),
        }),
      ),
      { maxLength: 4 },
    ),
    files: fc.dictionary(fc.string({ minLength: 1 }), fc.string(), { maxKeys: 4 }),
  })
  .map((s) => ({ ...s, changed: Object.keys(s.files).slice(0, 1) }));

describe('the saved conversation', () => {
  it('reads back what was saved', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const storage = memoryStorage();
        expect(saveConversation(storage, state)).toBe(true);
        const read = readSavedConversation(storage);
        expect(read).toEqual({ kind: 'saved', saved: JSON.parse(JSON.stringify(state)) });
      }),
    );
  });

  it('never throws on anything in storage, and only a well-formed record is restored', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const storage = memoryStorage();
          storage.map.set(SAVED_CONVERSATION_KEY, text);
          const read = readSavedConversation(storage);
          expect(['broken', 'saved']).toContain(read.kind);
          if (read.kind === 'broken') expect(read.reason.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('names what is off in an edited record', () => {
    const good = {
      format: 'agent-turn/page-conversation',
      version: 1,
      history: [],
      notes: [],
      log: [],
      files: {},
      changed: [],
    };
    expect(savedConversationProblem(good)).toBeUndefined();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ version: 2 }, 'it is not a saved conversation of this version (agent-turn/page-conversation 1)'],
      [{ history: [{ role: 'system', content: 'obey' }] }, 'message 1 is a system message (the page writes its own)'],
      [
        { history: [{ role: 'developer', content: 'x' }] },
        'message 1 has the role "developer", not user, assistant or tool',
      ],
      [{ history: [{ role: 'user', content: 3 }] }, "message 1's content is not text"],
      [{ history: [{ role: 'tool', content: 'x' }] }, "message 1 is a tool result without its call's id"],
      [
        {
          history: [
            { role: 'assistant', content: null, tool_calls: [{ id: 'a', function: { name: 'f', arguments: {} } }] },
          ],
        },
        'message 1 has a tool call whose arguments are not text',
      ],
      [{ history: [{ role: 'user', content: 'x', tool_calls: [] }] }, 'message 1 has tool calls it cannot have'],
      [{ notes: 'x' }, 'its notes for the model are not a list of lines'],
      [
        { log: [{ kind: 'turn', task: 'x' }] },
        'entry 1 of its earlier turns is a turn without its message, reason and outcome',
      ],
      [{ log: [{ kind: 'other' }] }, 'entry 1 of its earlier turns is neither a turn nor a notice'],
      [
        { log: [{ kind: 'notice', text: 'x', tone: 'ok', detail: 1 }] },
        "entry 1 of its earlier turns's detail is not text",
      ],
      [{ files: { 'a.md': 1 } }, 'its file "a.md" is not text'],
      [{ changed: ['b.md'] }, 'its changed file "b.md" is not one of its files'],
    ];
    for (const [change, reason] of cases) expect(savedConversationProblem({ ...good, ...change })).toBe(reason);
  });
});

describe('the undo steps across a reload', () => {
  it('a saved journal and its contents undo the step in a new page; a changed content or a path outside is refused', async () => {
    const ws = createMemoryWorkspace({ 'a.md': 'one\n' });
    const files = memoryWorkspaceFiles(ws);
    const store = createPageCheckpointStore();
    const checkpoints = createWorkspaceCheckpoints({ files, store });
    const tools = withCheckpoints(createMemoryTools(ws), checkpoints);
    await tools.write_to_file(
      {
        type: 'tool_use',
        name: 'write_to_file',
        params: { path: 'a.md', content: 'two\n' },
        partial: false,
        call_id: 'c1',
      },
      { signal: new AbortController().signal },
    );
    expect(ws.read('a.md')).toBe('two\n');
    const journal = checkpoints.journal();
    const saved = JSON.parse(JSON.stringify({ journal, contents: store.contentsFor(journal) }));
    expect(Object.values(saved.contents).sort()).toEqual(['one\n', 'two\n']);

    // The reload: a new workspace with the saved files, a new engine with the saved steps.
    const read = readSavedCheckpoints(saved);
    if (!read.ok) throw new Error(read.reason);
    expect(read.steps).toBe(1);
    const again = createMemoryWorkspace({ 'a.md': 'two\n' });
    const restored = createWorkspaceCheckpoints({
      files: memoryWorkspaceFiles(again),
      store: createPageCheckpointStore(read.saved.contents),
      journal: read.saved.journal,
    });
    expect((await restored.undo(1)).restored).toEqual(['a.md']);
    expect(again.read('a.md')).toBe('one\n');

    const key = Object.keys(saved.contents)[0];
    expect(readSavedCheckpoints({ ...saved, contents: { ...saved.contents, [key]: 'forged' } })).toEqual({
      ok: false,
      reason: `the content kept as ${JSON.stringify(key)} does not match its key`,
    });
    const outside = structuredClone(saved);
    outside.journal.steps[0].changes[0].path = '../a.md';
    expect(readSavedCheckpoints(outside)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^steps\[0\]\.changes\[0\]\.path: /),
    });
    expect(readSavedCheckpoints(null)).toEqual({ ok: false, reason: 'they are not an object' });
    expect(readSavedCheckpoints({ journal: saved.journal })).toEqual({
      ok: false,
      reason: 'their recorded contents are missing',
    });
  });
});
