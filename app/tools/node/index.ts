// The Node adapter of the workspace port: a path-safe folder on disk and commands in a process group.
export { openWorkspace } from './node-workspace.js';
export type { NodeWorkspace } from './node-workspace.js';
export type { NodePath } from './resolve-inside-root.js';
export { createNodeTools } from './create-node-tools.js';
export type { NodeToolsOptions } from './create-node-tools.js';
export { createProcessGroupRunner } from './sandbox/process-group-runner.js';
export type { ProcessGroupRunnerOptions } from './sandbox/process-group-runner.js';
export { writeFileAtomically } from './atomic-write.js';
export { createBubblewrapRunner } from './sandbox/bubblewrap-runner.js';
export type { BubblewrapRunnerOptions } from './sandbox/bubblewrap-runner.js';
export { bubblewrapArgs } from './sandbox/bubblewrap-args.js';
export type { SandboxPolicy } from './sandbox/bubblewrap-args.js';
export { buildSandboxPolicy } from './sandbox/sandbox-policy.js';
export type { SandboxPolicyInput } from './sandbox/sandbox-policy.js';
export { probeBubblewrap } from './sandbox/probe-bubblewrap.js';
export type { BubblewrapProbe, SandboxUnavailable } from './sandbox/probe-bubblewrap.js';
export { createDiskCheckpointStore } from './disk-checkpoint-store.js';
