// The Node adapter of the workspace port: a path-safe folder on disk and commands in a process group.
export { openWorkspace } from './node-workspace.js';
export type { NodeWorkspace } from './node-workspace.js';
export type { NodePath } from './resolve-inside-root.js';
export { createNodeTools } from './create-node-tools.js';
export type { NodeToolsOptions } from './create-node-tools.js';
export { createProcessGroupRunner } from './process-group-runner.js';
export type { ProcessGroupRunnerOptions } from './process-group-runner.js';
export { writeFileAtomically } from './atomic-write.js';
export { createBubblewrapRunner } from './bubblewrap-runner.js';
export type { BubblewrapRunnerOptions } from './bubblewrap-runner.js';
export { bubblewrapArgs } from './bubblewrap-args.js';
export type { SandboxPolicy } from './bubblewrap-args.js';
export { buildSandboxPolicy } from './sandbox-policy.js';
export type { SandboxPolicyInput } from './sandbox-policy.js';
export { probeBubblewrap } from './probe-bubblewrap.js';
export type { BubblewrapProbe, SandboxUnavailable } from './probe-bubblewrap.js';
export { createDiskCheckpointStore } from './disk-checkpoint-store.js';
