// Who may decide a waiting tool use: whoever names its call id and holds the turn's approval
// secret. The turn keeps only the secret's SHA-256; the awakeable's payload is checked by the turn
// itself, so resolving the awakeable straight through Restate's ingress counts only with the same
// well-formed decision the `approve` / `reject` handlers send.

/** What resolves an approval's awakeable: the decision, the call it is for, and the turn's secret. */
export interface ApprovalDecision {
  callId: string;
  approve: boolean;
  secret: string;
  /** For a rejection: the person's words, sent to the model. */
  feedback?: string;
}

/** The shortest approval secret a turn accepts (characters). */
export const MIN_APPROVAL_SECRET_LENGTH = 16;

/** The SHA-256 of a secret, hex (WebCrypto: Node and browsers alike). */
export async function secretHash(secret: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The decision `payload` holds if it is a well-formed one for `callId` with the right secret; otherwise undefined. */
export async function validDecision(
  payload: Uint8Array,
  callId: string,
  hash: string,
): Promise<Omit<ApprovalDecision, 'secret'> | undefined> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const { callId: decidedFor, approve, secret, feedback } = value;
  if (decidedFor !== callId || typeof approve !== 'boolean' || typeof secret !== 'string') return undefined;
  if (feedback !== undefined && typeof feedback !== 'string') return undefined;
  if ((await secretHash(secret)) !== hash) return undefined;
  return { callId, approve, ...(feedback !== undefined ? { feedback } : {}) };
}
