// Attack 4 of issue 9: a link in the workspace flips between a folder inside and one outside
// while the tools run (a child process flips it as fast as it can). Before the fix 29–301 of
// 3,000 reads returned the outside file and up to 700 writes landed outside. Now every path is
// checked again through the descriptor that uses it (app/tools/node/open-inside.ts): 0 of 3,000.
import { describe, expect, it } from 'vitest';
import { createNodeTools, openWorkspace } from '../../app/tools/node/index.js';
import { runSymlinkRace } from '../support/symlink-race.js';

const ATTEMPTS = 3_000;
const nodeTools = async (workspace: string) => createNodeTools({ workspace: await openWorkspace(workspace) });

describe('tools under a flipping symbolic link', () => {
  for (const mode of ['flip', 'swap'] as const) {
    it(`${mode}: 0 of ${ATTEMPTS} reads, listings, searches, writes or edits reach outside, and no .tmp is left`, async () => {
      const figures = await runSymlinkRace(mode, ATTEMPTS, nodeTools);
      console.log(`symlink race (${mode}): ${JSON.stringify(figures)}`);
      expect(figures).toMatchObject({ outsideReads: 0, outsideWrites: 0, tempFilesLeft: [] });
      // The attack really ran: the name changed while the tools worked, and calls went both ways.
      expect(figures.flips).toBeGreaterThan(0);
      expect(figures.succeeded).toBeGreaterThan(0);
    }, 120_000);
  }
});
