// The workspace path check of the Node tools: where a model-given path really leads, and the
// refusal of everything that leaves the root (`..`, absolute paths elsewhere, links out, links to
// nothing, link loops, NUL bytes).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath, isInside, resolveInsideRoot } from '../../../app/tools/node/resolve-inside-root.js';
import { openWorkspace } from '../../../app/tools/node/node-workspace.js';
import { makeSandbox } from '../../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function sandbox() {
  const s = await makeSandbox({ 'a.txt': 'a\n', 'src/b.ts': 'b\n' });
  cleanup = s.cleanup;
  return s;
}

const refusal = (requested: string, reason: string) => ({
  ok: false,
  error: {
    content: `Error (outside-workspace): "${requested}" ${reason}; only paths inside the workspace are allowed.`,
    isError: true,
    code: 'outside-workspace',
  },
});

describe('isInside', () => {
  it('the root itself and anything below it are inside; only a .. segment leaves', () => {
    expect(isInside('/w', '/w')).toBe(true);
    expect(isInside('/w', '/w/a/b')).toBe(true);
    expect(isInside('/w', '/w/..notes')).toBe(true);
    expect(isInside('/w', '/w/a/..b/c')).toBe(true);
    expect(isInside('/w', '/')).toBe(false);
    expect(isInside('/w', '/x')).toBe(false);
    expect(isInside('/w', '/w2')).toBe(false);
    expect(isInside('/w', '/w/../x')).toBe(false);
    expect(isInside('/w/a', '/w')).toBe(false);
  });
});

describe('displayPath', () => {
  it('is relative to the root with forward slashes, and "." for the root', () => {
    expect(displayPath('/w', '/w')).toBe('.');
    expect(displayPath('/w', '/w/src/b.ts')).toBe('src/b.ts');
  });
});

describe('resolveInsideRoot', () => {
  it('resolves relative paths, "." and "" to places inside the root, trimming the spaces around', async () => {
    const { workspace } = await sandbox();
    expect(await resolveInsideRoot(workspace, workspace, 'src/b.ts')).toEqual({
      ok: true,
      path: {
        relative: 'src/b.ts',
        absolute: path.join(workspace, 'src/b.ts'),
        real: path.join(workspace, 'src/b.ts'),
      },
    });
    for (const root of ['.', '', './', 'src/..']) {
      expect(await resolveInsideRoot(workspace, workspace, root), JSON.stringify(root)).toEqual({
        ok: true,
        path: { relative: '.', absolute: workspace, real: workspace },
      });
    }
    expect(await resolveInsideRoot(workspace, workspace, '  a.txt \n')).toMatchObject({
      ok: true,
      path: { relative: 'a.txt' },
    });
  });

  it('refuses the parent folder and anything reached through ..', async () => {
    const { workspace } = await sandbox();
    for (const requested of [
      '..',
      '../',
      '../outside',
      'src/../..',
      'src/../../workspace2',
      '/',
      path.dirname(workspace),
    ]) {
      expect(await resolveInsideRoot(workspace, workspace, requested), requested).toEqual(
        refusal(requested, 'is outside the workspace'),
      );
    }
  });

  it('refuses a NUL character anywhere in the path', async () => {
    const { workspace } = await sandbox();
    expect(await resolveInsideRoot(workspace, workspace, 'a.txt\0.png')).toEqual(
      refusal('a.txt\0.png', 'contains a NUL character'),
    );
  });

  it('accepts an absolute path inside, written with the real root or with the root as the user gave it (a link)', async () => {
    const { base, workspace } = await sandbox();
    const given = path.join(base, 'given');
    await symlink(workspace, given);
    const expected = {
      ok: true,
      path: {
        relative: 'src/b.ts',
        absolute: path.join(workspace, 'src/b.ts'),
        real: path.join(workspace, 'src/b.ts'),
      },
    };
    expect(await resolveInsideRoot(workspace, given, path.join(workspace, 'src/b.ts'))).toEqual(expected);
    expect(await resolveInsideRoot(workspace, given, path.join(given, 'src/b.ts'))).toEqual(expected);
    expect(await resolveInsideRoot(workspace, given, given)).toMatchObject({
      ok: true,
      path: { relative: '.', absolute: workspace },
    });
    // the given root deeper than the real one: only a path written with it is mapped onto the real root
    await mkdir(path.join(base, 'links/deeper'), { recursive: true });
    const deep = path.join(base, 'links/deeper/given');
    await symlink(workspace, deep);
    expect(await resolveInsideRoot(workspace, deep, path.join(workspace, 'src/b.ts'))).toEqual(expected);
    expect(await resolveInsideRoot(workspace, deep, path.join(deep, 'src/b.ts'))).toEqual(expected);
    const out = path.join(given, '..', 'outside');
    expect(await resolveInsideRoot(workspace, given, out)).toEqual(refusal(out, 'is outside the workspace'));
  });

  it('follows links inside the root to where they really lead, keeping the name as given', async () => {
    const { workspace } = await sandbox();
    await symlink(path.join(workspace, 'src'), path.join(workspace, 'code'));
    expect(await resolveInsideRoot(workspace, workspace, 'code/b.ts')).toEqual({
      ok: true,
      path: {
        relative: 'code/b.ts',
        absolute: path.join(workspace, 'code/b.ts'),
        real: path.join(workspace, 'src/b.ts'),
      },
    });
    // a missing file below a link: the link resolved, the missing rest appended
    expect(await resolveInsideRoot(workspace, workspace, 'code/new/c.ts')).toEqual({
      ok: true,
      path: {
        relative: 'code/new/c.ts',
        absolute: path.join(workspace, 'code/new/c.ts'),
        real: path.join(workspace, 'src/new/c.ts'),
      },
    });
  });

  it('refuses links that lead out, and links to nothing (a later write would follow them)', async () => {
    const { workspace, outside } = await sandbox();
    await symlink(outside, path.join(workspace, 'out'));
    await symlink(path.join(workspace, 'missing.txt'), path.join(workspace, 'dangling.txt'));
    expect(await resolveInsideRoot(workspace, workspace, 'out/secret.txt')).toEqual(
      refusal('out/secret.txt', 'leads outside the workspace through a symbolic link'),
    );
    expect(await resolveInsideRoot(workspace, workspace, 'out/new.txt')).toEqual(
      refusal('out/new.txt', 'leads outside the workspace through a symbolic link'),
    );
    expect(await resolveInsideRoot(workspace, workspace, 'dangling.txt')).toEqual(
      refusal('dangling.txt', 'is a symbolic link to a missing target'),
    );
    expect(await resolveInsideRoot(workspace, workspace, 'dangling.txt/x')).toEqual(
      refusal('dangling.txt/x', 'is a symbolic link to a missing target'),
    );
  });

  it('a path below a file is a missing path, resolved from the nearest folder that exists', async () => {
    const { workspace } = await sandbox();
    expect(await resolveInsideRoot(workspace, workspace, 'a.txt/x')).toEqual({
      ok: true,
      path: { relative: 'a.txt/x', absolute: path.join(workspace, 'a.txt/x'), real: path.join(workspace, 'a.txt/x') },
    });
  });

  it('a link loop cannot be resolved: an io-error naming the path', async () => {
    const { workspace } = await sandbox();
    await symlink(path.join(workspace, 'loop-b'), path.join(workspace, 'loop-a'));
    await symlink(path.join(workspace, 'loop-a'), path.join(workspace, 'loop-b'));
    const result = await resolveInsideRoot(workspace, workspace, 'loop-a/x');
    expect(result).toEqual({
      ok: false,
      error: {
        content: expect.stringMatching(/^Error \(io-error\): Cannot resolve "loop-a\/x": .*ELOOP/),
        isError: true,
        code: 'io-error',
      },
    });
  });

  it('the workspace resolves through the same check', async () => {
    const { workspace } = await sandbox();
    const ws = await openWorkspace(workspace);
    expect(await ws.resolve('..')).toEqual(refusal('..', 'is outside the workspace'));
    expect(await ws.resolve('src/b.ts')).toMatchObject({ ok: true, path: { relative: 'src/b.ts' } });
    await mkdir(path.join(workspace, 'deep/er'), { recursive: true });
    await writeFile(path.join(workspace, 'deep/er/f'), '');
    await rm(path.join(workspace, 'deep/er/f'));
    expect(await ws.resolve('deep/er/f')).toMatchObject({
      ok: true,
      path: { real: path.join(workspace, 'deep/er/f') },
    });
  });
});
