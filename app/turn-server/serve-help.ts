/** `agent-turn serve --help`. */
export const SERVE_HELP = `Usage: agent-turn serve [--port 8788] [--host 127.0.0.1] [--allow-origin ORIGIN]...
                       [--allow-host HOST]... [--max-body 8M] [CLI options]

Runs turns on this machine and streams them to web clients:
  POST /ag-ui      an AG-UI run (RunAgentInput in, AG-UI events as SSE out); approvals are
                   the run's interrupts, answered by the next run's resume entries
  POST /api/chat   what useChat posts; the AI SDK UI message stream back
                   (x-vercel-ai-ui-message-stream: v1); approvals are tool-approval parts,
                   answered with addToolApprovalResponse
  POST /approval   { approvalId, approved, feedback? }: an approval answered out of band
                   (the approval id carries the turn's secret)

  --port N            the port (default 8788; 0 picks a free one)
  --host ADDR         the address (default 127.0.0.1: loopback only)
  --allow-origin O    a web page origin that may call it (default: the web page's dev server)
  --allow-host H      another Host header value to accept (a name you serve under)
  --max-body SIZE     the largest request body (default 8M); bigger ones get a 413

The CLI's options decide every turn: --model, --base-url, --workspace, --yes / --read-only
(the approval policy), --allow-network, --no-sandbox, --pace … (agent-turn --help).
Requests must name the bound address in Host (DNS rebinding is refused); see docs/ag-ui.md
and docs/ui-message-stream.md.
`;
