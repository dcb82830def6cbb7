// One line per scripted fault for the fault picker: what it does and what recovery to watch for.
import type { ScriptedFault } from 'agent-turn/scripted';

export const FAULT_NOTES: Record<ScriptedFault, string> = {
  'http-429-once': 'The first request gets HTTP 429; the machine waits (retrying) and the retry succeeds.',
  'http-500-once': 'The first request gets HTTP 500; retried after a delay.',
  'error-mid-stream': 'An error object arrives mid-reply; the partial attempt is kept for display and retried.',
  'malformed-chunk':
    'A data line that is not JSON arrives mid-reply: the turn fails with a typed malformed-chunk error (a broken stream is not retried).',
  'cut-in-tool-call': 'The stream stops inside the first tool call: the cut tool never runs; the turn retries.',
  'length-in-write':
    'finish_reason "length" inside write_to_file: the truncated write is not run and the model is told why.',
  'slow-first-token': 'A long wait before the first token (spinner while requesting).',
  'invalid-structured': 'Only affects structured-output requests; an agent turn is unchanged.',
  'no-usage': 'The provider sends no usage: token counts are estimated from the text, and marked so.',
};

export const NO_FAULT_NOTE = 'No fault: the scripted agent lists, reads, writes when asked, and completes.';
