// kill -9 the CLI at random moments of a turn that runs commands, resume it with --resume each
// time until it finishes, and check what a crash must never cost: every command whose result was
// recorded ran exactly once (the lines of log.txt), notes.md is whole, the history holds no
// duplicate tool result. KILL_TURNS (default 3) sets how many turns are killed; KILL_SEED replays one run.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, toolResultsOf } from '../../../support/cli-process.js';
import { CLI_NODE_ARGS } from '../../../support/cli-command.js';

// Each command takes a moment, so that some kills land while one runs (its outcome is then unknown).
const COMMANDS = [
  'sleep 0.3 && echo one >> log.txt',
  'sleep 0.3 && echo two >> log.txt',
  'sleep 0.3 && echo three >> log.txt',
];
const TASK = `Run \`${COMMANDS[0]}\`, \`${COMMANDS[1]}\` and \`${COMMANDS[2]}\`, then write notes.md`;
const TURNS = Number(process.env.KILL_TURNS ?? 3);
const MAX_KILL_DELAY_MS = 2500;

/** A small seeded generator (mulberry32), so a failing run can be replayed with KILL_SEED. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Run {
  code: number | null;
  killed: boolean;
  stdout: string;
}

/** Runs the CLI; kills it with SIGKILL `killAfterMs` after its first output (unless it ended before). */
function runCli(args: string[], killAfterMs: number | undefined): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      NO_COLOR: '1',
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
    } as NodeJS.ProcessEnv;
    const child = spawn(process.execPath, [...CLI_NODE_ARGS, ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let killed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (killAfterMs !== undefined && timer === undefined) {
        timer = setTimeout(() => {
          killed = child.exitCode === null;
          child.kill('SIGKILL');
        }, killAfterMs);
      }
    });
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      if (timer) clearTimeout(timer);
      resolve({ code, killed, stdout });
    });
  });
}

describe('--session and --resume under kill -9', () => {
  it(
    'every recorded command ran exactly once, notes.md is whole, no tool result is doubled',
    async () => {
      const seed = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
      const next = random(seed);
      const totals = { kills: 0, resumes: 0, commandsRun: 0, unknownOutcomes: 0, turns: 0 };
      for (let turn = 0; turn < TURNS; turn++) {
        const dir = mkdtempSync(path.join(tmpdir(), 'agent-turn-kill-'));
        const workspace = path.join(dir, 'ws');
        const session = path.join(dir, 'session.json');
        try {
          mkdirSync(workspace, { recursive: true });
          writeFileSync(path.join(workspace, 'README.md'), '# Demo\n');
          let args = [
            '--workspace',
            workspace,
            '--yes',
            '--no-sandbox',
            '--json',
            '--pace',
            '3',
            '--session',
            session,
            TASK,
          ];
          let run: Run | undefined;
          for (let attempt = 0; attempt < 25; attempt++) {
            // The first 12 runs of a turn are killed at a random moment; after that one is let finish.
            run = await runCli(args, attempt < 12 ? Math.floor(next() * MAX_KILL_DELAY_MS) : undefined);
            if (run.killed) totals.kills++;
            if (!run.killed && run.code !== null) break;
            // The session is data: the workspace and the approvals are named again by whoever resumes.
            args = ['--resume', session, '--json', '--workspace', workspace, '--yes', '--no-sandbox'];
            totals.resumes++;
          }
          const label = `seed ${seed}, turn ${turn + 1}`;
          expect(run?.killed, label).toBe(false);
          expect(run?.code, `${label}: ${run?.stdout.slice(-500)}`).toBe(0);
          const output = JSON.parse(readFileSync(session, 'utf8')).turn.output;
          expect(output.reason, label).toBe('completed');
          const log = readFileSync(path.join(workspace, 'log.txt'), 'utf8')
            .split('\n')
            .filter((l) => l !== '');
          const results = toolResultsOf(output).filter((r) => r.name === 'execute_command');
          for (const [i, command] of COMMANDS.entries()) {
            const word = ['one', 'two', 'three'][i];
            const ran = log.filter((l) => l === word).length;
            const recorded = results.filter((r) => r.params.command === command);
            // Asked once: a command whose outcome is unknown is never run again.
            expect(recorded, `${label}: ${command}`).toHaveLength(1);
            if (recorded[0].status === 'done') expect(ran, `${label}: ${command} ran`).toBe(1);
            else {
              expect(recorded[0].content, label).toMatch(/outcome is unknown/);
              expect(ran, `${label}: ${command} ran`).toBeLessThanOrEqual(1);
              totals.unknownOutcomes++;
            }
          }
          totals.commandsRun += log.length;
          const notes = readFileSync(path.join(workspace, 'notes.md'), 'utf8');
          expect(notes.startsWith(`# Notes for: ${TASK.slice(0, 100)}`), label).toBe(true); // the summary is the first 100 characters
          expect(notes.endsWith('It really ends here.'), label).toBe(true);
          // One result per tool use: call ids unique, each command's result once in the history.
          const ids = output.requests.flatMap((r: { toolResults: { call_id: string }[] }) =>
            r.toolResults.map((t) => t.call_id),
          );
          expect(new Set(ids).size, label).toBe(ids.length);
          const history = output.messages.map((m: { content: string | null }) => m.content ?? '').join('\n');
          for (const command of COMMANDS)
            expect(history.split(`[execute_command for '${command}'] Result:`).length - 1, label).toBe(1);
          // A finished session says so and runs nothing again.
          const again = await runCli(['--resume', session], undefined);
          expect(again.code, label).toBe(0);
          expect(again.stdout, label).toContain('this session already finished (completed)');
          expect(
            readFileSync(path.join(workspace, 'log.txt'), 'utf8')
              .split('\n')
              .filter((l) => l !== ''),
          ).toHaveLength(log.length);
          totals.turns++;
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
      console.log(
        `kill -9 (seed ${seed}): ${totals.turns} turns, ${totals.kills} kills, ${totals.resumes} resumes, ` +
          `${totals.commandsRun} of ${totals.turns * COMMANDS.length} commands ran (each at most once), ${totals.unknownOutcomes} with an unknown outcome`,
      );
      expect(totals.kills).toBeGreaterThan(0);
    },
    TURNS * 120_000,
  );
});
