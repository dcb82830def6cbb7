// What the kill tests share: a scripted model, a Restate server and one worker registered with it,
// a worker that can be SIGKILLed and started again on the same address (Restate then replays the
// journal on the new one), and workspaces that are removed when the rig stops.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedServer, type ScriptedServer } from '../../../app/serve/serve-scripted-model.js';
import { freePort } from '../../../examples/restate/free-port.js';
import { startRestateServer, type RestateServer } from '../../../examples/restate/restate-server.js';
import { startWorker, type WorkerProcess } from '../../../examples/restate/worker-process.js';
import type { ChatRequest } from '../../../src/wire/types.js';

type WorkerOptions = Omit<Parameters<typeof startWorker>[0], 'port' | 'modelUrl'>;

export interface KillableRig {
  model: ScriptedServer;
  restate: RestateServer;
  /** The worker running now (a new one after each `restartWorker`). */
  worker: WorkerProcess;
  /** SIGKILLs the worker, as a crash, and starts a new one on the same port. */
  killAndRestartWorker(): Promise<void>;
  /** A fresh workspace holding a README.md, removed by `stop`. */
  workspace(prefix: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startKillableRig(options: {
  onModelRequest: (request: ChatRequest) => void;
  worker?: WorkerOptions;
}): Promise<KillableRig> {
  const model = await startScriptedServer({ port: 0, onRequest: (request) => options.onModelRequest(request) });
  const restate = await startRestateServer();
  const port = await freePort();
  const start = () => startWorker({ ...options.worker, port, modelUrl: model.url });
  const dirs: string[] = [];
  const rig: KillableRig = {
    model,
    restate,
    worker: await start(),
    async killAndRestartWorker() {
      await rig.worker.kill();
      rig.worker = await start();
    },
    async workspace(prefix) {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      dirs.push(dir);
      await writeFile(join(dir, 'README.md'), '# Pocket Ledger\nTrack small expenses.\n');
      return dir;
    },
    async stop() {
      await rig.worker.stop();
      await restate.stop();
      await model.close();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
  await restate.register(rig.worker.url);
  return rig;
}
