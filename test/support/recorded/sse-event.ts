// One named SSE event as Anthropic and OpenAI's Responses API write it: `event:` then one
// `data:` line of compact JSON, then a blank line.

/** `event: <name>\ndata: <json>\n\n`, the data's `type` being the event's name. */
export function sseEvent(data: { type: string } & Record<string, unknown>): string {
  return `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}
