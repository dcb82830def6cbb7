// Which profile a request's model names, and the endpoint's `GET …/models` and `GET …/models/<id>`.
import {
  findModelProfile,
  listModelProfiles,
  modelProfiles,
  profileFor,
  type ModelProfile,
} from '../../src/profiles/profiles.js';
import { errorResponse, jsonResponse } from './scripted-http.js';

/** `scripted` is the default profile, `scripted:<id>` a named one (404 if unknown); any other name goes through profileFor. */
export function resolveProfile(model: string): ModelProfile | undefined {
  if (model === 'scripted') return modelProfiles.scripted;
  if (model.startsWith('scripted:')) return findModelProfile(model.slice('scripted:'.length));
  return profileFor(model);
}

function modelEntry(id: string, created: number) {
  return { id, object: 'model', created, owned_by: 'agent-turn-scripted' };
}

/** The answer of a models route (the list, or one model or its 404), or undefined for any other request. */
export function modelsRoute(method: string, path: string, created: number): Response | undefined {
  if (method !== 'GET') return undefined;
  if (path.endsWith('/models')) {
    const ids = [
      'scripted',
      ...listModelProfiles()
        .map((p) => p.id)
        .filter((id) => id !== 'scripted'),
    ];
    return jsonResponse({ object: 'list', data: ids.map((id) => modelEntry(id, created)) });
  }
  const modelMatch = /\/models\/([^/]+)$/.exec(path);
  if (!modelMatch) return undefined;
  const id = decodeURIComponent(modelMatch[1]);
  return resolveProfile(id) && (id === 'scripted' || id.startsWith('scripted:') || findModelProfile(id))
    ? jsonResponse(modelEntry(id, created))
    : errorResponse(404, `The model '${id}' does not exist`, { code: 'model_not_found', param: 'model' });
}
