// The CLI end to end: real processes against the scripted model on temporary workspaces, through --json.
import { afterAll, describe, expect, it } from 'vitest';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { scriptedFaults } from '../../../../scripted/index.js';
import { listModelProfiles } from '../../../../src/profiles/index.js';
import { CHAT_WIRES } from '../../../../src/wire/index.js';
import { startScriptedServer } from '../../../../app/serve/serve-scripted-model.js';
import { runCliProcess, toolResultsOf } from '../../../support/cli-process.js';
import { createNdjsonReplay } from '../../../../app/cli/ndjson/ndjson-replay.js';
import type { NdjsonLine } from '../../../../app/cli/ndjson/ndjson-lines.js';
import { makeSandbox, snapshotTree } from '../../../support/tool-fixtures.js';

const FILES = {
  'README.md': '# Greeter\n\nA tiny project that greets people.\n',
  'src/greet.ts': 'export const greet = (name: string) => `Hello, ${name}!`;\n',
};

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function sandbox() {
  const s = await makeSandbox(FILES);
  cleanups.push(s.cleanup);
  return { ...s, before: await snapshotTree(s.base) };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe.concurrent('the CLI against every scripted profile', () => {
  for (const profile of listModelProfiles().map((p) => p.id)) {
    it(`completes a read-only summary with ${profile}, its tool results matching the files`, async () => {
      const s = await sandbox();
      const run = await runCliProcess([
        '--json',
        '--pace',
        '0',
        '--model',
        // The scripted model's own profile is plain `scripted` (`scripted:scripted` is refused).
        profile === 'scripted' ? 'scripted' : `scripted:${profile}`,
        '--workspace',
        s.workspace,
        'Summarize this project',
      ]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.lines.at(-1)?.type).toBe('output');
      expect(run.output?.reason).toBe('completed');
      const results = toolResultsOf(run.output!);
      const list = results.find((r) => r.name === 'list_files');
      expect(list?.content.split('\n')).toEqual(['README.md', 'src/']);
      const read = results.find((r) => r.name === 'read_file');
      expect(read?.params.path).toBe('README.md');
      expect(read?.content).toBe(FILES['README.md']);
      expect(results.at(-1)?.name).toBe('attempt_completion');
      // NDJSON: state and block lines before the output, the final state last but one.
      const states = run.lines.filter((l) => l.type === 'state').map((l) => l.state);
      expect(states[0]).toBe('request.requesting');
      expect(states.at(-1)).toBe('done');
      expect(run.lines.at(-2)).toEqual({ type: 'state', state: 'done', request: 3 });
      expect(
        run.lines.some((l) => l.type === 'block' && l.kind === 'tool' && l.name === 'read_file' && l.status === 'done'),
      ).toBe(true);
      expect(await snapshotTree(s.base)).toEqual(s.before);
    });
  }
});

describe.concurrent('a real OpenAI-compatible endpoint over HTTP', () => {
  it('completes through --base-url with the key from OPENAI_API_KEY, and fails typed with a wrong key', async () => {
    const server = await startScriptedServer({ port: 0, pace: 0, apiKey: 'sk-test' });
    cleanups.push(() => server.close());
    const s = await sandbox();
    const args = [
      '--json',
      '--model',
      'grok-4.3',
      '--base-url',
      server.url,
      '--workspace',
      s.workspace,
      'Summarize this project',
    ];
    const [good, bad] = await Promise.all([
      runCliProcess(args, { env: { OPENAI_API_KEY: 'sk-test' } }),
      runCliProcess(args, { env: { OPENAI_API_KEY: 'sk-wrong' } }),
    ]);
    expect(good.code).toBe(0);
    expect(good.output?.reason).toBe('completed');
    expect(toolResultsOf(good.output!).find((r) => r.name === 'read_file')?.content).toBe(FILES['README.md']);
    expect(bad.code).toBe(1);
    expect(bad.output).toMatchObject({ reason: 'failed', error: { code: 'http', status: 401 } });
  });
});

describe.concurrent('the CLI over each wire (--wire)', () => {
  for (const wire of CHAT_WIRES) {
    it(`${wire}: the scripted model writes after a read, in native mode, and the turn completes`, async () => {
      const s = await sandbox();
      const run = await runCliProcess(
        [
          '--json',
          '--pace',
          '0',
          '--yes',
          '--native-tools',
          '--wire',
          wire,
          '--model',
          'scripted:glm-5.1',
          '--workspace',
          s.workspace,
          'Read README.md and write notes.md',
        ],
        { timeoutMs: 100_000 },
      );
      expect(run.code).toBe(0);
      expect(run.output?.reason).toBe('completed');
      const results = toolResultsOf(run.output!);
      expect(results.find((r) => r.name === 'read_file')?.content).toBe(FILES['README.md']);
      const write = results.find((r) => r.name === 'write_to_file');
      expect(await readFile(path.join(s.workspace, 'notes.md'), 'utf8')).toBe(write!.params.content);
      // The reply's thinking reached the screen as reasoning on every wire.
      const blocks = run.output!.requests.flatMap((r: any) => r.blocks);
      expect(blocks.some((b: any) => b.type === 'reasoning' && b.reasoning.length > 0)).toBe(true);
    }, 120_000);
  }

  it('anthropic-messages over HTTP: the key from ANTHROPIC_API_KEY (x-api-key), the endpoint from ANTHROPIC_BASE_URL (/v1 added)', async () => {
    const server = await startScriptedServer({ port: 0, pace: 0, apiKey: 'sk-ant-test' });
    cleanups.push(() => server.close());
    const s = await sandbox();
    const args = [
      '--json',
      '--wire',
      'anthropic-messages',
      '--model',
      'claude-haiku-4-5',
      '--workspace',
      s.workspace,
      'Summarize this project',
    ];
    const root = server.url.replace(/\/v1$/, '');
    const [good, openAiKey] = await Promise.all([
      runCliProcess(args, {
        env: { ANTHROPIC_BASE_URL: root, ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-wrong' },
        timeoutMs: 100_000,
      }),
      // The OpenAI key is never sent on the Messages wire.
      runCliProcess(args, { env: { ANTHROPIC_BASE_URL: root, OPENAI_API_KEY: 'sk-ant-test' }, timeoutMs: 100_000 }),
    ]);
    expect(good.code).toBe(0);
    expect(good.output?.reason).toBe('completed');
    expect(toolResultsOf(good.output!).find((r) => r.name === 'read_file')?.content).toBe(FILES['README.md']);
    expect(openAiKey.code).toBe(1);
    expect(openAiKey.output).toMatchObject({ reason: 'failed', error: { code: 'http', status: 401 } });
  }, 120_000);

  it('responses over HTTP: the key from OPENAI_API_KEY, --base-url as the part before /responses', async () => {
    const server = await startScriptedServer({ port: 0, pace: 0, apiKey: 'sk-test' });
    cleanups.push(() => server.close());
    const s = await sandbox();
    const args = [
      '--json',
      '--wire',
      'responses',
      '--model',
      'gpt-5.4-mini',
      '--base-url',
      server.url,
      '--workspace',
      s.workspace,
      'Summarize this project',
    ];
    const [good, anthropicKey] = await Promise.all([
      runCliProcess(args, { env: { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-wrong' }, timeoutMs: 100_000 }),
      runCliProcess(args, { env: { ANTHROPIC_API_KEY: 'sk-test' }, timeoutMs: 100_000 }),
    ]);
    expect(good.code).toBe(0);
    expect(good.output?.reason).toBe('completed');
    expect(toolResultsOf(good.output!).find((r) => r.name === 'read_file')?.content).toBe(FILES['README.md']);
    expect(anthropicKey.output).toMatchObject({ reason: 'failed', error: { code: 'http', status: 401 } });
  }, 120_000);
});

describe.concurrent('native tool calls', () => {
  it('completes a write with --native-tools, the file matching the call', async () => {
    const s = await sandbox();
    const run = await runCliProcess([
      '--json',
      '--pace',
      '0',
      '--yes',
      '--native-tools',
      '--model',
      'scripted:qwen3.6-plus',
      '--workspace',
      s.workspace,
      'Write notes.md summarizing this project',
    ]);
    expect(run.code).toBe(0);
    const blocks = run.output!.requests.flatMap((r: any) => r.blocks);
    expect(blocks.some((b: any) => b.type === 'tool_use' && b.isNativeToolCall)).toBe(true);
    const write = toolResultsOf(run.output!).find((r) => r.name === 'write_to_file');
    expect(await readFile(path.join(s.workspace, 'notes.md'), 'utf8')).toBe(write!.params.content);
  });
});

describe.concurrent('writes and approval', () => {
  it('writes the file with --yes, inside the workspace only', async () => {
    const s = await sandbox();
    const run = await runCliProcess([
      '--json',
      '--pace',
      '0',
      '--yes',
      '--workspace',
      s.workspace,
      'Write notes.md summarizing this project',
    ]);
    expect(run.code).toBe(0);
    const write = toolResultsOf(run.output!).find((r) => r.name === 'write_to_file');
    expect(write?.status).toBe('done');
    expect(await readFile(path.join(s.workspace, 'notes.md'), 'utf8')).toBe(write!.params.content);
    const after = await snapshotTree(s.base);
    expect(Object.keys(after).filter((k) => !(k in s.before))).toEqual([path.join('workspace', 'notes.md')]);
  });

  it('refuses writes without a terminal and without --yes, telling the model why', async () => {
    const s = await sandbox();
    const run = await runCliProcess([
      '--json',
      '--pace',
      '0',
      '--workspace',
      s.workspace,
      'Write notes.md summarizing this project',
    ]);
    expect(run.code).toBe(0);
    expect(run.lines.find((l) => l.type === 'approval')).toMatchObject({ tool: 'write_to_file', decision: 'rejected' });
    const write = toolResultsOf(run.output!).find((r) => r.name === 'write_to_file');
    expect(write?.status).toBe('rejected');
    expect(write?.content).toContain('--yes');
    expect(await exists(path.join(s.workspace, 'notes.md'))).toBe(false);
    expect(await snapshotTree(s.base)).toEqual(s.before);
  });

  it('refuses a path outside the workspace and reveals nothing from it', async () => {
    const s = await sandbox();
    const run = await runCliProcess([
      '--json',
      '--pace',
      '0',
      '--workspace',
      s.workspace,
      'Read ../outside/secret.txt and summarize it',
    ]);
    const read = toolResultsOf(run.output!).find((r) => r.name === 'read_file');
    expect(read?.params.path).toBe('../outside/secret.txt');
    expect(read?.status).toBe('error');
    expect(read?.content).toContain('outside-workspace');
    expect(run.stdout).not.toContain('outside secret');
  });
});

/** What each injected fault must end in (a write task with --yes, so every fault has a place to fire). */
const FAULT_ENDS: Record<string, { code: number; reason: string; errorCode?: string; notesWritten: boolean }> = {
  'http-429-once': { code: 0, reason: 'completed', notesWritten: true },
  'http-500-once': { code: 0, reason: 'completed', notesWritten: true },
  // the provider's server_error is transient: retried after the default 2 s back-off
  'error-mid-stream': { code: 0, reason: 'completed', notesWritten: true },
  'malformed-chunk': { code: 1, reason: 'failed', errorCode: 'malformed-chunk', notesWritten: false },
  'cut-in-tool-call': { code: 0, reason: 'completed', notesWritten: true },
  // The write is cut off by finish_reason 'length': it must never be executed with half a file.
  'length-in-write': { code: 0, reason: 'completed', notesWritten: false },
  'slow-first-token': { code: 0, reason: 'completed', notesWritten: true },
  'invalid-structured': { code: 0, reason: 'completed', notesWritten: true },
  'no-usage': { code: 0, reason: 'completed', notesWritten: true },
};

describe.concurrent('the CLI with each scripted fault', () => {
  it('has an expected end for every fault the scripted model knows', () => {
    expect(Object.keys(FAULT_ENDS).sort()).toEqual([...scriptedFaults].sort());
  });

  for (const [fault, end] of Object.entries(FAULT_ENDS)) {
    it(`reaches ${end.reason} under ${fault}`, async () => {
      const s = await sandbox();
      const run = await runCliProcess([
        '--json',
        '--pace',
        '0',
        '--yes',
        '--fault',
        fault,
        '--workspace',
        s.workspace,
        'Write notes.md summarizing this project',
      ]);
      expect(run.code).toBe(end.code);
      expect(run.output?.reason).toBe(end.reason);
      if (end.errorCode) expect(run.output?.error).toMatchObject({ code: end.errorCode, name: 'ChatError' });
      expect(await exists(path.join(s.workspace, 'notes.md'))).toBe(end.notesWritten);
      if (fault === 'length-in-write')
        expect(toolResultsOf(run.output!).find((r) => r.name === 'write_to_file')?.status).toBe('cut-off');
      if (fault.startsWith('http-'))
        expect(run.output?.requests[0]).toMatchObject({ status: 'failed', error: { code: 'http' } });
      // Whatever happened, nothing outside the workspace changed.
      expect(await snapshotTree(s.outside)).toEqual({ 'secret.txt': 'outside secret\n' });
    });
  }
});

describe.concurrent('interrupts, limits, output modes', () => {
  it('stops on Ctrl-C mid-stream with exit 130, keeping what arrived', async () => {
    const s = await sandbox();
    const run = await runCliProcess(['--json', '--pace', '25', '--workspace', s.workspace, 'Summarize this project'], {
      interruptWhen: (out) => out.includes('"kind":"reasoning"'),
    });
    expect(run.code).toBe(130);
    expect(run.output?.reason).toBe('aborted');
    // The reasoning rebuilt from the block and delta lines is what the output kept.
    const replay = createNdjsonReplay();
    for (const line of run.lines) replay.apply(line as NdjsonLine);
    const seen = replay.blocks().find((b) => b.kind === 'reasoning');
    const kept = run.output!.requests.at(-1).blocks.find((b: any) => b.type === 'reasoning');
    expect(seen?.kind === 'reasoning' && seen.text.length).toBeGreaterThan(0);
    expect(seen).toMatchObject({ text: kept.reasoning });
    expect(await snapshotTree(s.base)).toEqual(s.before);
  });

  it('stops at --max-requests with exit 1', async () => {
    const s = await sandbox();
    const run = await runCliProcess([
      '--json',
      '--pace',
      '0',
      '--max-requests',
      '1',
      '--workspace',
      s.workspace,
      'Summarize this project',
    ]);
    expect(run.code).toBe(1);
    expect(run.output?.reason).toBe('max_requests');
    expect(run.output?.requests).toHaveLength(1);
  });

  it('prints plain lines for people when stdout is not a terminal', async () => {
    const s = await sandbox();
    const run = await runCliProcess(['--pace', '0', '--workspace', s.workspace, 'Summarize this project']);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('\x1b');
    expect(run.stdout).toMatch(/^✻ thought for \d+ tokens$/m);
    expect(run.stdout).toContain('⏺ read_file README.md\n  ⎿ read 3 lines');
    expect(run.stdout).toMatch(/✓ completed · 3 requests · \d+ tokens/);
  });

  it('rejects bad arguments with exit 2 and a message saying what was wrong', async () => {
    const [zero, real, unknown, help] = await Promise.all([
      runCliProcess(['--max-requests', '0']),
      runCliProcess(['--model', 'gpt-4.1-mini', 'hi']),
      runCliProcess(['--model', 'scripted:nope', 'hi']),
      runCliProcess(['--help']),
    ]);
    expect([zero.code, real.code, unknown.code, help.code]).toEqual([2, 2, 2, 0]);
    expect(help.stdout).toContain('Usage: agent-turn [options] [task]');
    expect(help.stdout).toContain('npm start -- [options] [task]');
    expect(help.stdout).toContain('scripted:grok-4.3');
    expect(zero.stderr).toContain('--max-requests must be a whole number');
    expect(real.stderr).toContain('--base-url');
    expect(unknown.stderr).toContain('No scripted profile "nope"');
  });
});
