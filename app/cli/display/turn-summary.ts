import type { AgentTurnOutput } from 'agent-turn';
import { printable, type Style } from './ansi-style.js';
import type { TokenPrice } from '../../ui/usage-cost.js';
import { usageFigures } from './usage-figures.js';

/** The process exit code for how the turn ended: 0 completed, 130 interrupted, 1 otherwise. */
export function exitCodeFor(reason: AgentTurnOutput['reason']): number {
  return reason === 'completed' ? 0 : reason === 'aborted' ? 130 : 1;
}

/**
 * The closing line a person reads: how the turn ended, requests, tokens (prompt and reply) and,
 * at a known price, the cost; the typed error when it failed.
 */
export function turnSummary(output: AgentTurnOutput, style: Style, price?: TokenPrice): string {
  const requests = output.requests.filter((r) => r.attempt === 0).length;
  // The provider's figures; where it sent none the machine estimated them, and says so.
  const approx = output.usage.estimated ? '~' : '';
  const tokens = `${approx}${output.usage.totalTokens} tokens (${usageFigures(output.usage, price)})`;
  const figures = style.dim(`${requests} request${requests === 1 ? '' : 's'} · ${tokens}`);
  switch (output.reason) {
    case 'completed':
      return `${style.green('✓ completed')} · ${figures}`;
    case 'aborted':
      return `${style.yellow('■ interrupted')} · ${figures}`;
    case 'max_requests':
      return `${style.yellow('■ stopped: the request limit was reached')} · ${figures}`;
    case 'too_many_mistakes':
      return `${style.yellow('■ stopped: the model kept answering without using a tool')} · ${figures}`;
    case 'failed': {
      const e = output.error;
      const detail = e ? `[${e.code}${e.status ? ` ${e.status}` : ''}] ${printable(e.message)}` : 'unknown error';
      return `${style.red(`✗ failed: ${detail}`)} · ${figures}`;
    }
  }
}
