// A page for turns that `agent-turn serve` runs: useChat posts to its /api/chat and renders the
// AI SDK UI message stream as it comes (text, reasoning, one card per tool); a tool use waiting
// for approval gets Approve and Reject, and the answer goes back on useChat's next post; Stop
// cancels the turn on the server. Run it: docs/turn-server.md.
import { useChat } from '@ai-sdk/react';
import {
  DefaultChatTransport,
  getToolName,
  isToolUIPart,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type UIMessage,
} from 'ai';
import { type FormEvent, useMemo, useState } from 'react';

type Part = UIMessage['parts'][number];
type ToolPart = Extract<Part, { toolCallId: string }>;
type Answer = (answer: { id: string; approved: boolean; reason?: string }) => void;

/** One tool use as a card: its name, its state, its input's path or command, its output. */
function ToolCard({ part, answer }: { part: ToolPart; answer: Answer }) {
  const input = (part.input ?? {}) as { path?: string; command?: string };
  return (
    <div data-tool={getToolName(part)} data-state={part.state}>
      <strong>{getToolName(part)}</strong> {input.path ?? input.command ?? ''} <em>{part.state}</em>
      {part.state === 'approval-requested' && (
        <span>
          <button type="button" onClick={() => answer({ id: part.approval.id, approved: true })}>
            Approve
          </button>
          <button type="button" onClick={() => answer({ id: part.approval.id, approved: false, reason: 'Not now' })}>
            Reject
          </button>
        </span>
      )}
      {part.state === 'output-available' && <pre>{String(part.output)}</pre>}
      {part.state === 'output-error' && <pre>{part.errorText}</pre>}
    </div>
  );
}

/** One part of a message: text as a paragraph, reasoning folded, a tool as its card. */
function MessagePart({ part, answer }: { part: Part; answer: Answer }) {
  if (part.type === 'text') return <p data-part="text">{part.text}</p>;
  if (part.type === 'reasoning')
    return (
      <details data-part="reasoning">
        <summary>Thinking</summary>
        {part.text}
      </details>
    );
  if (isToolUIPart(part)) return <ToolCard part={part} answer={answer} />;
  return null;
}

/**
 * The page: a box for the task, the conversation as it streams, Stop while a turn runs. `server`
 * is the turn server's address; `fetch`, if given, makes the requests (credentials, a test's probe).
 */
export function ChatPage({ server, fetch }: { server: string; fetch?: typeof globalThis.fetch }) {
  const transport = useMemo(
    () => new DefaultChatTransport({ api: `${server}/api/chat`, ...(fetch ? { fetch } : {}) }),
    [server, fetch],
  );
  const { messages, sendMessage, addToolApprovalResponse, status, stop, error } = useChat({
    transport,
    // An answered approval is posted at once: the server's turn goes on with it.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const [task, setTask] = useState('');
  const busy = status === 'submitted' || status === 'streaming';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (task.trim() === '') return;
    void sendMessage({ text: task });
    setTask('');
  };
  return (
    <main data-status={status}>
      {messages.map((message) => (
        <section key={message.id} data-role={message.role}>
          {message.parts.map((part, i) => (
            // A message's parts only grow at their end: the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <MessagePart key={i} part={part} answer={addToolApprovalResponse} />
          ))}
        </section>
      ))}
      {error && <p role="alert">{error.message}</p>}
      <form onSubmit={submit}>
        <input aria-label="Task" value={task} onChange={(e) => setTask(e.target.value)} disabled={busy} />
        <button type="submit" disabled={busy}>
          Send
        </button>
        {busy && (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        )}
      </form>
    </main>
  );
}
