// An ACP prompt (content blocks) as the task text of a turn: text as it is, a file the person
// attached (embedded context) with its path and text, a link to a file as its path. Images and
// audio are not offered (promptCapabilities), so a prompt carrying one is refused with a reason.
import type { ContentBlock } from '@agentclientprotocol/sdk';

export type PromptText = { ok: true; task: string } | { ok: false; message: string };

/** The path of a `file://` URI, else the URI as given. */
function pathOf(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

/** The task a prompt's blocks make, or why they cannot make one. */
export function promptText(prompt: readonly ContentBlock[]): PromptText {
  const parts: string[] = [];
  for (const [index, block] of prompt.entries()) {
    switch (block.type) {
      case 'text':
        parts.push(block.text);
        break;
      case 'resource_link':
        parts.push(`(The user points at ${pathOf(block.uri)}.)`);
        break;
      case 'resource':
        if ('text' in block.resource)
          parts.push(`<attached_file path="${pathOf(block.resource.uri)}">\n${block.resource.text}\n</attached_file>`);
        else parts.push(`(The user attached ${pathOf(block.resource.uri)}, which is not text.)`);
        break;
      default:
        return {
          ok: false,
          message: `prompt[${index}]: ${block.type} content is not supported (agent-turn reads text, and files as text).`,
        };
    }
  }
  const task = parts.join('\n\n').trim();
  return task === '' ? { ok: false, message: 'the prompt has no text.' } : { ok: true, task };
}
