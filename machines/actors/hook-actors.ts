// The hook actors: each calls one of the caller's hooks (turn-hooks.ts) and gives back its
// decision as a plain value. A hook that throws becomes a decision too (the tool refused, or the
// result and the end left as they were, with the failure told to the model): the turn goes on.
import { fromPromise } from 'xstate';
import type { ToolUse } from '../../src/parser/blocks.js';
import {
  type StopCheck,
  type ToolCheck,
  type ToolHookResult,
  type ToolReview,
  type TurnHooks,
  hookFailedText,
} from '../machine/turn-hooks.js';

/** The checkTool actor's input: the tool use and the hooks. */
export interface CheckToolInput {
  toolUse: ToolUse;
  hooks: TurnHooks;
}

/** The reviewTool actor's input: the tool use, its result and the hooks. */
export interface ReviewToolInput extends CheckToolInput {
  result: ToolHookResult;
}

/** The checkStop actor's input. */
export interface CheckStopInput {
  result: string;
  stopHookActive: boolean;
  hooks: TurnHooks;
}

const plain = <T>(value: T | undefined | void): T | Record<string, never> =>
  value !== null && typeof value === 'object' ? value : {};

/** Calls `beforeTool`; a throw refuses the tool (a policy that crashed must not let it through). */
export async function runToolCheck(input: CheckToolInput, signal: AbortSignal): Promise<ToolCheck> {
  const hook = input.hooks.beforeTool;
  if (hook === undefined) return {};
  try {
    return plain(await hook(input.toolUse, { signal }));
  } catch (error) {
    return { decision: 'deny', reason: hookFailedText('beforeTool', error) };
  }
}

/** Calls `afterTool`; a throw leaves the result and adds the failure as context. */
export async function runToolReview(input: ReviewToolInput, signal: AbortSignal): Promise<ToolReview> {
  const hook = input.hooks.afterTool;
  if (hook === undefined) return {};
  try {
    return plain(await hook(input.toolUse, input.result, { signal }));
  } catch (error) {
    return { additionalContext: hookFailedText('afterTool', error) };
  }
}

/** Calls `beforeStop`; a throw lets the turn end. */
export async function runStopCheck(input: CheckStopInput, signal: AbortSignal): Promise<StopCheck> {
  const hook = input.hooks.beforeStop;
  if (hook === undefined) return {};
  try {
    return plain(await hook({ result: input.result, stopHookActive: input.stopHookActive }, { signal }));
  } catch {
    return {};
  }
}

export const checkToolActor = /* @__PURE__ */ fromPromise<ToolCheck, CheckToolInput>(({ input, signal }) =>
  runToolCheck(input, signal),
);
export const reviewToolActor = /* @__PURE__ */ fromPromise<ToolReview, ReviewToolInput>(({ input, signal }) =>
  runToolReview(input, signal),
);
export const checkStopActor = /* @__PURE__ */ fromPromise<StopCheck, CheckStopInput>(({ input, signal }) =>
  runStopCheck(input, signal),
);
