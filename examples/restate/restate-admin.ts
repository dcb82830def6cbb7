// The admin API calls the example and the tests make: registering a worker as a deployment and
// pointing a deployment at a new address.

/**
 * Registers a worker (its base URL) as a deployment through the admin API at `adminUrl`; `http1`
 * for a worker serving HTTP/1.1 (request-response mode). Resolves with the deployment's id.
 */
export async function registerDeployment(adminUrl: string, uri: string, options: { http1?: boolean } = {}) {
  const response = await fetch(`${adminUrl}/deployments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uri, force: true, ...(options.http1 ? { use_http_11: true } : {}) }),
  });
  if (!response.ok) throw new Error(`registering ${uri}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Points deployment `id` at `uri` (PATCH /deployments/<id>). */
export async function moveDeployment(adminUrl: string, id: string, uri: string): Promise<void> {
  const response = await fetch(`${adminUrl}/deployments/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uri }),
  });
  if (!response.ok) throw new Error(`moving deployment ${id} to ${uri}: ${response.status} ${await response.text()}`);
}
