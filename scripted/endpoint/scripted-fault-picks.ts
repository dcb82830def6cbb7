// Which pending fault a request meets: an HTTP error once per conversation, or the one fault that
// changes this reply's body. A fault met is consumed from the ledger.
import type { FaultLedger } from './scripted-faults.js';
import type { ShapedReply } from './scripted-shape.js';
import type { BodyFault } from './scripted-wire.js';
import type { WireErrors } from './scripted-wire-errors.js';

/** The faults active for one conversation. */
export type ActiveFaults = ReturnType<FaultLedger['activeFaults']>;

const NON_STREAM_FAULTS: readonly BodyFault[] = ['slow-first-token', 'malformed-chunk', 'length-in-write'];
const STREAM_FAULTS: readonly BodyFault[] = [
  'slow-first-token',
  'error-mid-stream',
  'malformed-chunk',
  'cut-in-tool-call',
  'length-in-write',
];

/** The answer of an `http-…-once` fault still pending for this conversation, if any. */
export function onceFaultResponse(
  ledger: FaultLedger,
  active: ActiveFaults,
  task: string,
  errors: WireErrors,
): Response | undefined {
  for (const fault of ['http-429-once', 'http-500-once'] as const) {
    if (!ledger.pending(active, fault, task)) continue;
    ledger.consume(fault, task);
    return fault === 'http-429-once' ? errors.rateLimited() : errors.serverError();
  }
  return undefined;
}

/** The fault that changes this reply's body: the step's own, else the first pending one that applies. */
export function bodyFault(
  ledger: FaultLedger,
  shaped: ShapedReply,
  stream: boolean,
  stepFault: BodyFault | undefined,
  active: ActiveFaults,
  task: string,
): BodyFault | undefined {
  if (stepFault !== undefined) return stepFault;
  const applicable = (f: BodyFault) =>
    (f !== 'cut-in-tool-call' || shaped.toolStart !== undefined) &&
    (f !== 'length-in-write' || shaped.writeContent !== undefined);
  const fault = (stream ? STREAM_FAULTS : NON_STREAM_FAULTS).find(
    (f) => applicable(f) && ledger.pending(active, f, task),
  );
  if (fault) ledger.consume(fault, task);
  return fault;
}
