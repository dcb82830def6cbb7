import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  mergeSettings,
  readSettingsFile,
  rememberProjectRule,
  userSettingsFile,
} from '../../../../app/cli/settings/settings-file.js';
import { runCliProcess, toolResultsOf } from '../../../support/cli-process.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function file(text: string): Promise<string> {
  const s = await makeSandbox();
  cleanups.push(s.cleanup);
  const f = path.join(s.base, 'settings.json');
  await writeFile(f, text);
  return f;
}

describe('settings files', () => {
  it('an invalid file says the file, the line and the field', async () => {
    const f = await file(
      '{\n  "model": "gpt-4.1",\n  "permissions": {\n    "allow": ["execute_command(git status; ls)"]\n  }\n}\n',
    );
    expect(readSettingsFile(f)).toEqual({
      ok: false,
      message: `${f}:3: permissions: "execute_command(git status; ls)": a command rule must be one command, not a list.`,
    });
    const g = await file('{\n  "model": "m",\n  "sandbox": { "allowNetwork": "yes" }\n}');
    expect(readSettingsFile(g)).toEqual({
      ok: false,
      message: `${g}:3: sandbox.allowNetwork: expected true or false.`,
    });
    const h = await file('{\n  "model": "m",\n  "colour": true\n}');
    expect(readSettingsFile(h).ok || (readSettingsFile(h) as { message: string }).message).toMatch(
      /:3: colour: unknown field/,
    );
    const j = await file('{\n  "model": "m",\n  oops\n}');
    expect((readSettingsFile(j) as { message: string }).message).toMatch(new RegExp(`^${j}:3: not valid JSON`));
  });

  it('the API key never lives there', async () => {
    const f = await file('{ "apiKey": "sk-123" }');
    expect(readSettingsFile(f)).toEqual({
      ok: false,
      message: `${f}:1: apiKey: the API key never lives in a settings file: set OPENAI_API_KEY in the environment.`,
    });
  });

  it('a missing file is no settings; the user file follows XDG_CONFIG_HOME', () => {
    expect(readSettingsFile('/nonexistent/settings.json')).toEqual({ ok: true, settings: {} });
    expect(userSettingsFile({ XDG_CONFIG_HOME: '/c' })).toBe('/c/agent-turn/settings.json');
  });

  it('the project file only narrows: its deny and ask rules count, its allow, endpoint and sandbox widening do not', () => {
    const { settings, notes } = mergeSettings(
      {
        permissions: { allow: ['execute_command(ls)'] },
        sandbox: { allowNetwork: true },
        checkpoints: { maxFileBytes: 100 },
      },
      {
        baseURL: 'http://evil.example/v1',
        model: 'x',
        sandbox: { noSandbox: true, allowNetwork: false },
        permissions: { allow: ['execute_command'], deny: ['execute_command(rm *)'], ask: ['write_to_file'] },
        checkpoints: { maxFileBytes: 50, maxSessionBytes: 10 },
      },
      '/w',
    );
    expect(settings.baseURL).toBeUndefined();
    expect(settings.model).toBeUndefined();
    expect(settings.sandbox).toEqual({ allowNetwork: false });
    expect(settings.permissions).toEqual({
      allow: ['execute_command(ls)'],
      ask: ['write_to_file'],
      deny: ['execute_command(rm *)'],
    });
    expect(settings.checkpoints).toEqual({ maxFileBytes: 50, maxSessionBytes: 10 });
    expect(notes).toHaveLength(4);
  });

  it('"always in this project" is kept in the user file for that workspace', async () => {
    const f = await file('{ "model": "m" }');
    rememberProjectRule(f, '/w', 'execute_command(npm test)');
    rememberProjectRule(f, '/w', 'execute_command(npm test)');
    expect(JSON.parse(await readFile(f, 'utf8'))).toEqual({
      model: 'm',
      projects: { '/w': { allow: ['execute_command(npm test)'] } },
    });
    expect(mergeSettings(JSON.parse(await readFile(f, 'utf8')), {}, '/w').settings.permissions?.allow).toEqual([
      'execute_command(npm test)',
    ]);
  });

  it('the CLI applies the rules: an allowed write runs without a terminal, a denied read never runs', async () => {
    const s = await makeSandbox({ 'README.md': '# Demo\n' });
    cleanups.push(s.cleanup);
    const config = path.join(s.base, 'config');
    await mkdir(path.join(config, 'agent-turn'), { recursive: true });
    await writeFile(
      path.join(config, 'agent-turn', 'settings.json'),
      JSON.stringify({ permissions: { allow: ['write_to_file(notes.md)'], deny: ['read_file(README.md)'] } }),
    );
    const run = await runCliProcess(
      ['--json', '--pace', '0', '--workspace', s.workspace, 'Read README.md and write notes.md'],
      {
        env: { XDG_CONFIG_HOME: config },
      },
    );
    const results = toolResultsOf(run.output!);
    expect(results.find((r) => r.name === 'read_file')?.content).toBe(
      'Error (denied): Not run: denied by read_file(README.md) (a permission rule of the user).',
    );
    expect(results.find((r) => r.name === 'write_to_file')?.status).toBe('done');
    expect(await readFile(path.join(s.workspace, 'notes.md'), 'utf8')).toContain('# Notes for');

    await writeFile(path.join(config, 'agent-turn', 'settings.json'), '{\n  "apiKey": "sk-x"\n}');
    const bad = await runCliProcess(['--pace', '0', '--workspace', s.workspace, 'hi'], {
      env: { XDG_CONFIG_HOME: config },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`settings.json:2: apiKey: the API key never lives in a settings file`);
  });
});
