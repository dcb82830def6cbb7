// The rules every snapshot of a turn keeps, whatever the agent's tools do: a tool runs at most
// once, a partial tool never runs, what runs or waits is a complete tool use at the presentation
// index, a finished turn accounts for every tool use of every request. Each broken rule throws a
// TurnInvariantError naming it.
import type { TurnSnapshot } from './turn-graph-events.js';
import { TurnInvariantError, type TurnInvariantCode } from './turn-invariant-error.js';

/** Statuses of a tool use that ran or was about to (no status at all is none of them). */
const RAN: ReadonlySet<string | undefined> = new Set(['running', 'done', 'error', 'awaiting-approval']);

function must(ok: boolean, code: TurnInvariantCode, message: string): void {
  if (!ok) throw new TurnInvariantError(code, message);
}

/**
 * Checks one snapshot against the turn's invariants; `executed` lists the call_ids handed to the
 * tool actor so far, in order. Throws a {@link TurnInvariantError} for the first broken rule.
 */
export function checkTurnInvariants(s: TurnSnapshot, executed: readonly string[]): void {
  const c = s.context;
  const seen = new Set<string>();
  for (const id of executed) {
    must(!seen.has(id), 'tool-ran-twice', `the tool use ${id} ran twice`);
    seen.add(id);
  }
  for (const b of c.blocks) {
    // Stryker disable next-line ConditionalExpression: only a tool use has a call_id, so for any other block the outcome looked up below is always absent
    if (b.type === 'tool_use' && b.partial)
      must(
        !RAN.has(c.toolOutcomes[b.call_id]?.status),
        'partial-tool-ran',
        `the partial tool use ${b.call_id} (${b.name}) ran`,
      );
  }
  for (const r of c.requests) {
    for (const t of r.toolResults) {
      const block = r.blocks.find((b) => b.type === 'tool_use' && b.call_id === t.call_id);
      if (block?.partial)
        must(
          ['cut-off', 'skipped'].includes(t.status),
          'partial-tool-ran',
          `the partial tool use ${t.call_id} ended ${t.status}`,
        );
    }
  }
  for (let i = 0; i < Math.min(c.currentStreamingContentIndex, c.blocks.length); i++)
    must(c.blocks[i]!.partial === false, 'bad-presentation', `block ${i} before the presentation index is partial`);
  must(
    c.currentStreamingContentIndex <= c.blocks.length,
    'bad-presentation',
    'the presentation index is past the blocks',
  );
  const current = c.blocks[c.currentStreamingContentIndex];
  if (s.matches({ request: 'executingTool' }) || s.matches({ resumed: 'executingTool' })) {
    if (current?.type !== 'tool_use' || current.partial)
      throw new TurnInvariantError('bad-presentation', 'a tool runs that is not a complete tool use');
    must(
      c.toolOutcomes[current.call_id]?.status === 'running',
      'bad-presentation',
      `${current.call_id} runs but is not marked running`,
    );
    must(
      executed.at(-1) === current.call_id,
      'bad-presentation',
      `${current.call_id} is marked running but was not the one started`,
    );
  }
  if (s.matches({ request: 'awaitingApproval' }) || s.matches({ resumed: 'awaitingApproval' }))
    must(
      current?.type === 'tool_use' &&
        !current.partial &&
        c.toolOutcomes[current.call_id]?.status === 'awaiting-approval',
      'bad-presentation',
      'the turn waits for an approval of no complete tool use',
    );
  if (s.matches({ request: 'draining' })) {
    const statuses = Object.values(c.toolOutcomes).map((o) => o.status);
    must(c.stoppedBy !== undefined, 'bad-presentation', 'draining without a reason to stop presenting');
    must(
      !statuses.includes('running') && !statuses.includes('awaiting-approval'),
      'bad-presentation',
      'a tool runs or waits while draining',
    );
  }
  if (s.matches('retrying'))
    must(c.requests.at(-1)?.status === 'failed', 'bad-end', 'retrying after an attempt that did not fail');
  if (s.status === 'done') {
    const out = s.output!;
    must(out.reason === c.reason, 'bad-end', `the output's reason ${out.reason} is not the context's ${c.reason}`);
    if (s.matches('failed')) must(out.error !== undefined, 'bad-end', 'a failed turn without an error');
    for (const r of out.requests) {
      must(
        !r.toolResults.some((t) => t.status === 'running'),
        'bad-end',
        `request ${r.index} ended with a tool still running`,
      );
      must(
        r.toolResults.length === r.blocks.filter((b) => b.type === 'tool_use').length,
        'bad-end',
        `request ${r.index} has a tool use without an outcome`,
      );
    }
  }
}
