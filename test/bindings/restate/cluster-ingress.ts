// A client of a Restate cluster's ingress, as a service starting turns would be: it talks to one
// node's ingress and moves to the next node's when that one stops answering (connection refused
// or cut). A turn is started with an idempotency key (its own key), so a send repeated on another
// node after a lost answer starts nothing twice.
import type { DurableTurnOutput } from '../../../bindings/restate/index.js';

export interface ClusterIngress {
  /** The ingress it talks to now. */
  current(): string;
  /** Every ingress it talked to, in order (a move appends the next one). */
  used: string[];
  /** Starts `run` for `key` without waiting; resolves with the invocation's id. */
  sendTurn(key: string, request: unknown): Promise<string>;
  /** Waits for an invocation's result (Restate's attach), moving between ingresses as needed. */
  attachTurn(invocationId: string): Promise<DurableTurnOutput>;
  /** POSTs `body` to `path` (e.g. `/agentTurn/<key>/approve`) until a node answers 2xx; resolves with its JSON. */
  call<T>(path: string, body?: unknown): Promise<T>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client of the ingresses `urls`, talking to `urls[first]` first. */
export function clusterIngress(urls: readonly string[], first = 0): ClusterIngress {
  let index = first;
  const used = [urls[first]];
  let failures = 0;
  const moveOn = async (from: number) => {
    if (index === from) {
      index = (index + 1) % urls.length;
      used.push(urls[index]);
    }
    // A full round without an answer: the cluster is down or electing, wait a little.
    if (++failures % urls.length === 0) await pause(200);
  };
  /** `call(url)` on the current ingress until it answers (any HTTP status), moving on when it cannot be reached. */
  const answer = async (call: (url: string) => Promise<Response>): Promise<Response> => {
    for (;;) {
      const at = index;
      try {
        const response = await call(urls[at]);
        failures = 0;
        return response;
      } catch {
        await moveOn(at);
      }
    }
  };
  return {
    current: () => urls[index],
    used,
    async sendTurn(key, request) {
      for (;;) {
        const response = await answer((url) =>
          fetch(`${url}/agentTurn/${key}/run/send`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `turn-${key}` },
            body: JSON.stringify(request),
          }),
        );
        if (response.ok) return ((await response.json()) as { invocationId: string }).invocationId;
        if (response.status < 500) throw new Error(`send ${key}: ${response.status} ${await response.text()}`);
        await pause(200);
      }
    },
    async call(path, body) {
      for (;;) {
        const response = await answer((url) =>
          fetch(`${url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
        if (response.ok) return await response.json();
        if (response.status !== 408 && response.status < 500)
          throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
        await pause(200);
      }
    },
    async attachTurn(invocationId) {
      for (;;) {
        const response = await answer((url) => fetch(`${url}/restate/invocation/${invocationId}/attach`));
        if (response.ok) return (await response.json()) as DurableTurnOutput;
        // Timed out or not ready (a partition electing its leader): attach again.
        if (response.status !== 408 && response.status < 500)
          throw new Error(`attach ${invocationId}: ${response.status} ${await response.text()}`);
        await pause(200);
      }
    },
  };
}
