// Issue 32, medium 9: the undo journal and the checkpoint folder. Before the fix a journal anyone
// could write was believed on --continue (a forged step could create .vscode/tasks.json on /undo,
// with no card), and a session kept inside the workspace put its checkpoints in a predictable
// /tmp/agent-turn-checkpoints-<name> folder. Now the journal is signed with a key in the user's
// state folder and the folder is a private one there, named so nobody without the key can guess it.
import { lstatSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readJournalFile, writeJournalFile } from '../../app/cli/conversation/checkpoint-journal-file.js';
import { checkpointKey, checkpointPlace, journalMac } from '../../app/cli/conversation/checkpoint-place.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function temp(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'undo-journal-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const forged = {
  version: 1,
  recordedBytes: 0,
  steps: [{ label: 'write x', changes: [{ path: '.vscode/tasks.json', after: { size: 2 } }] }],
};

describe('the undo journal is authenticated', () => {
  it('a journal not signed with the user key is refused: plain JSON, another key, or changed after signing', async () => {
    const dir = await temp();
    const env = { XDG_STATE_HOME: path.join(dir, 'state') };
    const key = checkpointKey(env);
    expect(checkpointKey(env).equals(key)).toBe(true); // made once, read back
    expect(lstatSync(path.join(dir, 'state', 'agent-turn', 'checkpoint-key')).mode & 0o777).toBe(0o600);
    const file = path.join(dir, 'steps.json');
    const refused = {
      ok: false,
      message: `${file}: not signed with your checkpoint key (written by someone else, or changed).`,
    };

    await writeFile(file, JSON.stringify(forged));
    expect(readJournalFile(file, key)).toEqual(refused);

    writeJournalFile(file, forged as never, Buffer.alloc(32, 1));
    expect(readJournalFile(file, key)).toEqual(refused);

    const honest = { version: 1 as const, recordedBytes: 0, steps: [] };
    writeJournalFile(file, honest, key);
    expect(readJournalFile(file, key)).toEqual({ ok: true, journal: honest });
    const [mac, body] = (await readFile(file, 'utf8')).split('\n');
    expect(mac).toBe(journalMac(key, `${body}\n`));
    await writeFile(file, `${mac}\n${JSON.stringify(forged)}\n`);
    expect(readJournalFile(file, key)).toEqual(refused);
  });

  it('a key file that is a link, or open to others, is refused', async () => {
    const dir = await temp();
    const folder = path.join(dir, 'state', 'agent-turn');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(dir, 'planted'), Buffer.alloc(32, 2), { mode: 0o600 });
    await symlink(path.join(dir, 'planted'), path.join(folder, 'checkpoint-key'));
    expect(() => checkpointKey({ XDG_STATE_HOME: path.join(dir, 'state') })).toThrow(
      /cannot read the checkpoint key \(ELOOP\)/,
    );
    await rm(path.join(folder, 'checkpoint-key'));
    await writeFile(path.join(folder, 'checkpoint-key'), Buffer.alloc(32, 2), { mode: 0o644 });
    expect(() => checkpointKey({ XDG_STATE_HOME: path.join(dir, 'state') })).toThrow(/not a private 32-byte key file/);
  });
});

describe('the checkpoint folder is private and unpredictable', () => {
  it('a session inside the workspace: a 0700 folder in the state folder, named by HMAC, found again; never /tmp', async () => {
    const dir = await temp();
    const root = path.join(dir, 'workspace');
    await mkdir(root);
    const env = { XDG_STATE_HOME: path.join(dir, 'state') };
    const key = checkpointKey(env);
    const session = path.join(root, '.agent-turn', 'chat.json');
    const place = checkpointPlace(session, root, env, key);
    expect(place.note).toBeUndefined();
    expect(path.dirname(place.folder)).toBe(path.join(dir, 'state', 'agent-turn', 'checkpoints'));
    expect(path.basename(place.folder)).toMatch(/^[0-9a-f]{32}$/);
    expect(place.folder).not.toContain('chat');
    expect(place.folder.startsWith(path.join(tmpdir(), 'agent-turn-checkpoints'))).toBe(false);
    expect(lstatSync(place.folder).mode & 0o777).toBe(0o700);
    expect(checkpointPlace(session, root, env, key).folder).toBe(place.folder);
    expect(checkpointPlace(session, root, env, Buffer.alloc(32, 9)).folder).not.toBe(place.folder);
  });

  it('a link planted where the folder goes (inside or beside the session) is refused for a fresh private folder', async () => {
    const dir = await temp();
    const root = path.join(dir, 'workspace');
    const elsewhere = path.join(dir, 'attacker');
    await mkdir(root);
    await mkdir(elsewhere);
    const env = { XDG_STATE_HOME: path.join(dir, 'state') };
    const key = checkpointKey(env);
    const session = path.join(root, 'chat.json');
    const expected = checkpointPlace(session, root, env, key).folder;
    await rm(expected, { recursive: true });
    await symlink(elsewhere, expected);
    const place = checkpointPlace(session, root, env, key);
    expect(place.folder).not.toBe(expected);
    expect(place.note).toBe(
      `the checkpoint folder ${expected} is refused (it is a symbolic link); this session's checkpoints are kept in ${place.folder}.`,
    );
    expect(lstatSync(place.folder).mode & 0o777).toBe(0o700);

    const besideSession = path.join(dir, 'sessions', 'one.json');
    await mkdir(path.dirname(besideSession));
    await symlink(elsewhere, path.join(dir, 'sessions', 'one.checkpoints'));
    expect(checkpointPlace(besideSession, root, env, key).note).toContain('(it is a symbolic link)');
    await mkdir(path.join(dir, 'sessions', 'two.checkpoints'), { mode: 0o777 });
    const open = checkpointPlace(path.join(dir, 'sessions', 'two.json'), root, env, key);
    expect(open.note).toContain('(others may read or write it)');
  });
});
