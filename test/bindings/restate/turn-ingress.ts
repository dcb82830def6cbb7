// Talking to the agentTurn object through Restate's ingress, as a UI or a service would.
import type { DurableTurnOutput } from '../../../bindings/restate/index.js';
import type { AgentTurnView } from '../../../machines/view/turn-view-types.js';

async function post(url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** Starts `run` without waiting for it; resolves with the invocation's id. */
export async function sendTurn(ingress: string, key: string, request: unknown): Promise<string> {
  const answer = (await (await post(`${ingress}/agentTurn/${key}/run/send`, request)).json()) as {
    invocationId: string;
  };
  return answer.invocationId;
}

/** Waits for an invocation's result (Restate's attach). */
export async function attachTurn(ingress: string, invocationId: string): Promise<DurableTurnOutput> {
  for (;;) {
    // A server killed meanwhile: attach again once it is back.
    const response = await fetch(`${ingress}/restate/invocation/${invocationId}/attach`).catch(() => undefined);
    if (response === undefined) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    if (response.ok) return (await response.json()) as DurableTurnOutput;
    // The ingress may time an attach out on a long turn: attach again.
    if (response.status !== 408 && response.status < 500)
      throw new Error(`attach ${invocationId}: ${response.status} ${await response.text()}`);
  }
}

export async function turnView(ingress: string, key: string): Promise<AgentTurnView | null> {
  return (await (await post(`${ingress}/agentTurn/${key}/view`)).json()) as AgentTurnView | null;
}

export async function decide(
  ingress: string,
  key: string,
  handler: 'approve' | 'reject',
  input: unknown = {},
): Promise<{ decided: boolean }> {
  return (await (await post(`${ingress}/agentTurn/${key}/${handler}`, input)).json()) as { decided: boolean };
}

/** The output with each reply's random call_id prefix replaced by its position (r1, r2, …). */
export function withoutIds(output: DurableTurnOutput): unknown {
  let text = JSON.stringify(output);
  output.requests.forEach((request, i) => {
    text = text.split(request.idPrefix).join(`r${i + 1}`);
  });
  return JSON.parse(text);
}

/** One state value of a virtual object as UTF-8 (the admin API's SQL over the `state` table), or undefined. */
export async function readState(
  admin: string,
  service: string,
  key: string,
  stateKey: string,
): Promise<string | undefined> {
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const response = await fetch(`${admin}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      query: `SELECT value_utf8 FROM state WHERE service_name = ${quote(service)} AND service_key = ${quote(key)} AND key = ${quote(stateKey)}`,
    }),
  });
  if (!response.ok) throw new Error(`admin query: ${response.status} ${await response.text()}`);
  const { rows } = (await response.json()) as { rows: { value_utf8: string }[] };
  return rows[0]?.value_utf8;
}

/** The names of an invocation's journaled steps (`ctx.run`), in order (the admin API's SQL over sys_journal). */
export async function journaledSteps(admin: string, invocationId: string): Promise<string[]> {
  const response = await fetch(`${admin}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      query: `SELECT name FROM sys_journal WHERE id = '${invocationId.replace(/'/g, "''")}' AND entry_type = 'Command: Run' ORDER BY index`,
    }),
  });
  if (!response.ok) throw new Error(`admin query: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { rows: { name: string }[] }).rows.map((row) => row.name);
}
