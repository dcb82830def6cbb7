// The setup's hooks and its retry, nudge and drain policies, checked.
import { count, describe, type Fail, isObject, ms, type OptionalCheck } from './setup-values.js';

const HOOKS = ['beforeTool', 'afterTool', 'beforeStop'];

/** `hooks`: an object of the known hooks, each a function. */
export function checkHooks(s: Record<string, unknown>, optional: OptionalCheck, fail: Fail): void {
  optional('hooks', isObject, 'an object of hook functions ({ beforeTool, afterTool, beforeStop })');
  const hooks = (s.hooks ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(hooks)) {
    if (!HOOKS.includes(key)) fail(`hooks.${key}`, 'unknown hook (the hooks are beforeTool, afterTool and beforeStop)');
    optional(`hooks.${key}`, (v) => typeof v === 'function', 'a function', hooks[key]);
  }
}

/** `retry`, `nudge` and `drain`: objects whose settings have the right kinds of numbers and functions. */
export function checkPolicies(s: Record<string, unknown>, optional: OptionalCheck, fail: Fail): void {
  for (const group of ['retry', 'nudge', 'drain'] as const) optional(group, isObject, 'an object');
  const retry = (s.retry ?? {}) as Record<string, unknown>;
  optional('retry.delaysMs', Array.isArray, 'an array of delays in milliseconds (>= 0)', retry.delaysMs);
  if (Array.isArray(retry.delaysMs))
    retry.delaysMs.forEach((delay, i) => {
      if (!ms(delay)) fail(`retry.delaysMs[${i}]`, `expected a delay in milliseconds (>= 0), got ${describe(delay)}`);
    });
  optional('retry.retryOn', (v) => typeof v === 'function', 'a function (error) => boolean', retry.retryOn);
  optional('retry.maxRetryAfterMs', ms, 'milliseconds (>= 0)', retry.maxRetryAfterMs);
  const nudge = (s.nudge ?? {}) as Record<string, unknown>;
  optional('nudge.maxConsecutiveMistakes', count(1), 'a whole number, at least 1', nudge.maxConsecutiveMistakes);
  const drain = (s.drain ?? {}) as Record<string, unknown>;
  optional('drain.graceMs', ms, 'milliseconds (>= 0)', drain.graceMs);
  optional('drain.maxChars', count(0), 'a whole number of characters (>= 0)', drain.maxChars);
}
