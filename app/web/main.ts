// The page: wires the controls, the in-memory workspace, the conversation, the diagram and the
// timeline to one agent-turn actor per run.
import type { InspectionEvent } from 'xstate';
import { agentTurnMachine, describeError } from 'agent-turn';
import { selectView } from 'agent-turn';
import { scriptedDialects, scriptedFaults, type ScriptedDialect, type ScriptedFault } from 'agent-turn/scripted';
import { listModelProfiles } from 'agent-turn';
import { WRITING_TOOL_NAMES } from '../tools/index.js';
import { createMemoryTools, createMemoryWorkspace, memoryWorkspaceFiles } from '../tools/memory/index.js';
import { previewFileChange } from '../tools/files/change-preview.js';
import { createConversationView, type ChangePreviewResult } from './conversation/conversation-view.js';
import { diffOffThread } from './files/diff-in-worker.js';
import { DEMO_FILES } from './files/demo-files.js';
import { byId, setText } from './dom.js';
import { createEventTimeline, type EventTimeline, type InspectionLike } from './conversation/event-timeline.js';
import { FAULT_NOTES, NO_FAULT_NOTE } from './conversation/fault-notes.js';
import { createFilePanel } from './files/file-panel.js';
import { createModelSource, type ModelSource } from './model-source.js';
import { paceMs, readPageOptions, type PaceSetting } from './page-options.js';
import { createDiagramViewer, type DiagramViewer } from './diagram/diagram-viewer.js';
import { createStateDiagram, type StateDiagram } from './diagram/state-diagram.js';
import { activePaths, buildStateGraph, type StateNodeLike } from './diagram/state-graph.js';
import { layoutStateGraphRouted } from './diagram/state-layout-elk.js';
import { elkOffThread } from './diagram/elk-off-thread.js';
import { announcement, retryPhrase, statusPhrase, statusTone } from './conversation/status-text.js';
import { createTimelineView } from './conversation/timeline-view.js';
import { turnItems } from './conversation/turn-items.js';
import { createTurnActor, type TurnActor } from './conversation/turn-runner.js';
import { createMcpPanel } from './mcp-panel.js';
import { askInPage } from './conversation/elicitation-form.js';
import { createModeControl, resumedMode, turnModeSettings } from './conversation/mode-control.js';
import type { ConversationMode } from '../cli/conversation/permission-mode.js';
import { outcomeText } from './conversation/outcome-text.js';
import { createWireTap, type WireRecord } from './wire-tap.js';
import { createWireView } from './wire-view.js';
import { checkpointKey } from '../ui/turn-checkpoint.js';
import {
  forgetTurn,
  readSavedTurn,
  saveTurn,
  type SavedModelSource,
  type SavedTurn,
} from './persistence/saved-turn.js';
import { resumeBannerText, resumeDecision } from './persistence/resume-policy.js';
import { showResumeBanner } from './persistence/resume-banner.js';
import { createConversationPanel } from './conversation/conversation-panel.js';
import { turnLogEntry } from './persistence/turn-log-entry.js';
import { createWorkspaceCheckpoints, withCheckpoints } from '../tools/checkpoints/index.js';
import { createPageCheckpointStore, readSavedCheckpoints } from './persistence/page-checkpoints.js';
import { readSavedConversation } from './persistence/saved-conversation.js';

const options = readPageOptions(location.search);
const workspace = createMemoryWorkspace(DEMO_FILES);
const workspaceFiles = memoryWorkspaceFiles(workspace);
// A conversation kept from the last visit (read once, here: it brings the undo steps below too).
const savedTalk = storage() ? readSavedConversation(storage() as Storage) : { kind: 'none' as const };
const savedUndo =
  savedTalk.kind === 'saved' && savedTalk.saved.checkpoints !== undefined
    ? readSavedCheckpoints(savedTalk.saved.checkpoints)
    : undefined;
// The CLI's checkpoint engine over the in-memory workspace: each step that can change files
// (a write, a replace, a command) is recorded before it runs, so Undo can put the files back;
// a saved conversation's steps come back checked (broken ones only cost the undo).
const checkpointStore = createPageCheckpointStore(savedUndo?.ok ? savedUndo.saved.contents : {});
let stepsChanged = () => {};
const checkpoints = createWorkspaceCheckpoints({
  files: workspaceFiles,
  store: checkpointStore,
  ...(savedUndo?.ok ? { journal: savedUndo.saved.journal } : {}),
  onJournal: () => stepsChanged(),
});
const tools = withCheckpoints(createMemoryTools(workspace), checkpoints);

// --- controls ---
const profileSelect = byId<HTMLSelectElement>('profile');
const faultSelect = byId<HTMLSelectElement>('fault');
const dialectSelect = byId<HTMLSelectElement>('dialect');
const paceSelect = byId<HTMLSelectElement>('pace');
const note = byId('control-note');
// A connected server's question during a call (MCP elicitation): a form under the live turn.
const mcpPanel = createMcpPanel(askInPage(() => byId('turn-notices')));
for (const p of listModelProfiles()) profileSelect.add(new Option(p.id, p.id));
faultSelect.add(new Option('none', 'none'));
for (const f of scriptedFaults) faultSelect.add(new Option(f, f));
dialectSelect.add(new Option("Cline's XML", 'cline'));
for (const d of scriptedDialects) dialectSelect.add(new Option(d, d));
dialectSelect.value = options.dialect;
profileSelect.value = options.profile;
faultSelect.value = options.fault;
if (typeof options.pace === 'number' && ![...paceSelect.options].some((o) => o.value === String(options.pace))) {
  paceSelect.add(new Option(`${options.pace} ms/token`, String(options.pace)));
}
paceSelect.value = String(options.pace);
byId<HTMLInputElement>('native-tools').checked = options.nativeTools;
const taskInput = byId<HTMLTextAreaElement>('task');
taskInput.value = options.task;

const sourceKind = () => (byId<HTMLInputElement>('source-endpoint').checked ? 'endpoint' : 'scripted');
const updateNote = () => {
  if (sourceKind() === 'endpoint') {
    note.textContent =
      'Requests go from this tab straight to the endpoint (it must allow CORS). The key stays in the page.';
    return;
  }
  const profile = listModelProfiles().find((p) => p.id === profileSelect.value);
  const fault = faultSelect.value;
  note.textContent = `${profile?.description ?? ''}  ·  ${fault === 'none' ? NO_FAULT_NOTE : FAULT_NOTES[fault as ScriptedFault]}`;
};
const updateSource = () => {
  byId('scripted-fields').hidden = sourceKind() !== 'scripted';
  byId('endpoint-fields').hidden = sourceKind() !== 'endpoint';
  updateNote();
};
for (const id of ['source-scripted', 'source-endpoint']) byId(id).addEventListener('change', updateSource);
profileSelect.addEventListener('change', updateNote);
faultSelect.addEventListener('change', updateNote);
updateSource();

// --- panels ---
const filePanel = createFilePanel(
  byId('file-list'),
  byId<HTMLTextAreaElement>('file-editor'),
  byId('file-title'),
  workspace,
);

const graph = buildStateGraph(agentTurnMachine.root as unknown as StateNodeLike);
// ELK routes every edge around the states (state-layout-elk.ts), in a Web Worker (elk-off-thread.ts):
// the page works meanwhile, and the diagram appears once it is laid out.
let diagram: StateDiagram | undefined;
let diagramViewer: DiagramViewer | undefined;
void layoutStateGraphRouted(graph, elkOffThread())
  .catch(() => layoutStateGraphRouted(graph)) // no worker after all: here
  .then((layout) => {
    diagram = createStateDiagram(graph, layout);
    diagramViewer = createDiagramViewer(diagram);
    scheduleRender();
  });

const messages = byId('messages');
const wireView = createWireView(byId('wire'));
const wireDirty = new Set<WireRecord>();
const TABS = [
  { tab: byId('tab-events'), panel: byId('events-panel') },
  { tab: byId('tab-wire'), panel: byId('wire') },
];
const showTab = (index: number) => {
  TABS.forEach(({ tab, panel }, i) => {
    panel.hidden = i !== index;
    tab.setAttribute('aria-selected', String(i === index));
    tab.tabIndex = i === index ? 0 : -1;
  });
};
TABS.forEach(({ tab }, i) => {
  tab.addEventListener('click', () => showTab(i));
  // Arrow keys move between tabs, as in any tab list.
  tab.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next = (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    showTab(next);
    TABS[next].tab.focus();
  });
});
const timelineView = createTimelineView(byId('timeline'), byId('events-panel'));
const announcer = byId('announcer');
let actor: TurnActor | undefined;
let timeline: EventTimeline | undefined;
async function previewChange(tool: { name: string; params: Record<string, string> }): Promise<ChangePreviewResult> {
  const preview = await previewFileChange(workspaceFiles, tool);
  return preview.ok
    ? { ok: true, diff: await diffOffThread(preview.change) }
    : { ok: false, message: preview.error.message };
}
const conversation = createConversationView(byId('conversation'), {
  approve: () => actor?.send({ type: 'APPROVE' }),
  reject: (feedback) => actor?.send({ type: 'REJECT', ...(feedback.trim() !== '' ? { feedback } : {}) }),
  preview: previewChange,
});
// A file edited while a change waits for approval: its diff is worked out again.
workspace.onChange(() => conversation.refreshPreviews());

// --- the conversation: earlier turns above the live one, the message box below ---
const conversationPanel = createConversationPanel({
  view: conversation,
  workspace,
  filePanel,
  checkpoints,
  storage,
  modelSource,
  send: (text) => run(text),
  abort: () => actor?.send({ type: 'ABORT' }),
  togglePlan: () => modeControl.togglePlan(),
  undoSteps: () => {
    const journal = checkpoints.journal();
    return { journal, contents: checkpointStore.contentsFor(journal) };
  },
});
stepsChanged = () => conversationPanel.keep();
// The modes (default, accept edits, plan), as the CLI cycles them; a presented plan is put to the person.
const modeControl = createModeControl({
  button: byId<HTMLButtonElement>('mode'),
  line: byId('mode-line'),
  notices: byId('turn-notices'),
  send: (text) => run(text),
  announce: (text) => setText(announcer, text),
});

// --- rendering, at most once a frame ---
let frame = 0;
function scheduleRender() {
  if (frame === 0) frame = requestAnimationFrame(render);
}

function render() {
  frame = 0;
  if (!actor || !timeline) return;
  const snapshot = actor.getSnapshot();
  const view = selectView(snapshot);
  // Layout is read before anything is written, so the frame lays out once.
  const stick = messages.scrollTop + messages.clientHeight >= messages.scrollHeight - 40;
  const timelineAtEnd = timelineView.atEnd();
  const approvalCard = conversation.render(turnItems(view));
  timelineView.render(timeline.entries(), timelineAtEnd);
  for (const record of wireDirty) wireView.show(record);
  wireDirty.clear();
  diagram?.update(activePaths(snapshot.value), timeline.lastStep());
  diagramViewer?.follow();
  const state = timeline.state();
  setText(byId('active-state'), state);
  byId('active-state').dataset.state = state;
  byId('status').dataset.tone = statusTone(view.phase, view.reason);
  setText(
    byId('status-text'),
    view.phase === 'retrying' ? retryPhrase(view, Date.now()) : statusPhrase(view.phase, view.reason),
  );
  // A retry's countdown: draw again each second while it is waited out.
  if (view.phase === 'retrying') setTimeout(scheduleRender, 1000);
  // The provider's usage; while a reply streams (or where a provider sent none) an estimate, marked.
  const tokens =
    view.tokens.total === 0
      ? ''
      : view.tokens.estimated
        ? ` · ~${view.tokens.total} tokens (estimated)`
        : ` · ${view.tokens.total} tokens`;
  const reasoning =
    view.tokens.reasoning > 0 ? ` · ${view.tokens.estimated ? '~' : ''}${view.tokens.reasoning} reasoning` : '';
  setText(byId('status-meta'), `request ${view.request}${tokens}${reasoning}`);
  const outcome = byId('outcome');
  if (snapshot.status === 'done') {
    const o = outcomeText(snapshot.output ?? { reason: view.reason ?? 'failed' });
    outcome.hidden = false;
    outcome.dataset.reason = o.reason;
    outcome.className = `outcome ${o.tone}`;
    setText(outcome, o.text);
    setText(announcer, `${statusPhrase(view.phase, view.reason)}. ${o.text}`);
    byId<HTMLButtonElement>('run').disabled = false;
    byId<HTMLButtonElement>('stop').disabled = true;
  } else {
    setText(announcer, announcement(view));
  }
  if (stick) messages.scrollTop = messages.scrollHeight;
  if (approvalCard) showApproval(approvalCard);
}

/** Brings a card that waits for approval into view (its buttons too) and moves focus to it. */
function showApproval(card: HTMLElement) {
  card.focus({ preventScroll: true });
  card.scrollIntoView({ block: 'nearest' });
  card.querySelector('.approval')?.scrollIntoView({ block: 'nearest' });
}

// --- running a turn ---
function modelSource(): ModelSource {
  if (sourceKind() === 'endpoint') {
    return {
      kind: 'endpoint',
      baseURL: byId<HTMLInputElement>('base-url').value,
      apiKey: byId<HTMLInputElement>('api-key').value,
      model: byId<HTMLInputElement>('model-name').value,
    };
  }
  const pace: PaceSetting =
    paceSelect.value === 'realistic' || paceSelect.value === 'slow' ? paceSelect.value : Number(paceSelect.value);
  return {
    kind: 'scripted',
    profile: profileSelect.value,
    fault: faultSelect.value as ScriptedFault | 'none',
    paceMs: paceMs(pace),
    ...(dialectSelect.value !== 'cline' ? { dialect: dialectSelect.value as ScriptedDialect } : {}),
  };
}

function showProblem(text: string) {
  const outcome = byId('outcome');
  outcome.hidden = false;
  outcome.className = 'outcome error';
  outcome.dataset.reason = 'not-started';
  outcome.textContent = text;
}

/** The model source a saved turn ran with (an endpoint's key is taken from the field again, never stored). */
function savedSource(source: ModelSource): SavedModelSource {
  return source.kind === 'scripted'
    ? {
        kind: 'scripted',
        profile: source.profile,
        fault: source.fault,
        paceMs: source.paceMs ?? 0,
        ...(source.dialect !== undefined ? { dialect: source.dialect } : {}),
      }
    : { kind: 'endpoint', baseURL: source.baseURL, model: source.model };
}

function restoredSource(saved: SavedModelSource): ModelSource {
  // An endpoint resumes only at the page's own Base URL (resume-policy.ts checked they are the same).
  return saved.kind === 'scripted'
    ? {
        kind: 'scripted',
        profile: saved.profile,
        fault: saved.fault as ScriptedFault | 'none',
        paceMs: saved.paceMs,
        ...(saved.dialect !== undefined ? { dialect: saved.dialect as ScriptedDialect } : {}),
      }
    : {
        kind: 'endpoint',
        baseURL: byId<HTMLInputElement>('base-url').value,
        model: saved.model,
        apiKey: byId<HTMLInputElement>('api-key').value,
      };
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: turns are not kept across reloads
  }
}

/** Saves the running turn with the workspace as it is now (set by run, called on every file change). */
let keepWorkspace: (() => void) | undefined;
workspace.onChange(() => keepWorkspace?.());

/**
 * Runs `task` as the conversation's next message (`fresh`: as the first of a new one), or (with
 * `resume`) goes on with a turn a reload interrupted, its workspace restored first.
 */
function run(task: string, resume?: SavedTurn, fresh = false) {
  // A saved turn is data: approval is the page's checkbox (the record may only ask more), the endpoint the page's field.
  const decision = resume
    ? resumeDecision(resume, {
        approval: byId<HTMLInputElement>('approval').checked,
        baseURL: byId<HTMLInputElement>('base-url').value,
      })
    : undefined;
  if (decision && !decision.ok) {
    setText(byId('resume-text'), decision.message);
    return;
  }
  byId('resume-banner').hidden = true;
  // Only the files the turn had changed come back marked, not every file the restore wrote.
  if (resume) filePanel.restore(resume.files, resume.changed ?? []);
  const source = resume ? restoredSource(resume.settings.source) : modelSource();
  const approval = decision?.ok ? decision.approval : byId<HTMLInputElement>('approval').checked;
  const nativeTools = decision?.ok ? decision.nativeTools : byId<HTMLInputElement>('native-tools').checked;
  const made = createModelSource(source, (fetch) =>
    createWireTap(fetch, (record) => {
      wireDirty.add(record);
      scheduleRender();
    }),
  );
  showTurnStart(task, fresh);
  if (!made.ok) {
    showProblem(`${made.error.message} (${made.error.code})`);
    return;
  }
  // The conversation's history (as the last turn gave it back) and this message, with what the model should hear of since.
  const turnMessages = resume ? undefined : conversationPanel.turnMessages(task);
  const instant = source.kind === 'scripted' && source.paceMs === 0;
  // A resumed turn goes on in the mode its record holds; a new one in the page's mode.
  const ranIn: ConversationMode = resume ? resumedMode(resume.turn) : modeControl.mode();
  const inMode = turnModeSettings(ranIn, approval ? WRITING_TOOL_NAMES : []);
  const current: { actor?: TurnActor } = {};
  timeline = createEventTimeline({
    rootId: graph.rootId,
    sessionId: () => current.actor?.sessionId,
    now: () => performance.now(),
  });
  const tl = timeline;
  let created: TurnActor;
  try {
    created = createTurnActor(
      {
        client: made.client,
        model: made.model,
        task,
        ...(turnMessages ? { messages: turnMessages } : {}),
        tools,
        approval: inMode.approval,
        mode: inMode.mode,
        nativeTools,
        ...(made.protocol ? { protocol: made.protocol } : {}),
        ...(mcpPanel.current() ? { mcp: mcpPanel.current() } : {}),
        // Short waits in the demo (instant when the model is instant) so recovery is visible, not tedious.
        retryDelaysMs: instant ? [20, 40, 80] : [1000, 2000, 4000],
      },
      (event: InspectionEvent) => {
        if (tl.inspect(event as unknown as InspectionLike)) scheduleRender();
      },
      resume?.turn,
    );
  } catch (error) {
    // A saved record this package cannot restore: say why, and never offer it again.
    const store = storage();
    if (store) forgetTurn(store);
    showProblem(`The saved turn cannot be resumed: ${describeError(error)}`);
    return;
  }
  actor = created;
  current.actor = actor;
  const turnActor = actor;
  watchTurn(turnActor, task, { approval, nativeTools, source: savedSource(source) }, ranIn);
  conversationPanel.setRunning(true);
  actor.start();
  scheduleRender();
}

/** What a saved turn keeps of the page's settings. */
type SavedSettings = SavedTurn['settings'];

/** Clears the live turn's views (the one shown so far moves up) and shows `task` as its message. */
function showTurnStart(task: string, fresh: boolean) {
  actor?.stop();
  modeControl.closeQuestion();
  conversationPanel.beginTurn({ fresh });
  conversation.clear();
  timelineView.clear();
  wireView.clear();
  wireDirty.clear();
  byId('outcome').hidden = true;
  byId('empty').hidden = true;
  const userTask = byId('user-task');
  userTask.hidden = false;
  userTask.textContent = task;
}

/**
 * Keeps the turn at every step that matters, so a reload can offer to resume it (forgotten once it
 * ends), and hands the conversation its history when it ends.
 */
function watchTurn(turnActor: TurnActor, task: string, settings: SavedSettings, ranIn: ConversationMode) {
  const store = storage();
  let lastCheckpoint = '';
  const keep = (snapshot: ReturnType<typeof turnActor.getSnapshot>) => {
    if (!store || actor !== turnActor) return;
    if (snapshot.status !== 'active') {
      forgetTurn(store);
      return;
    }
    const key = checkpointKey(selectView(snapshot));
    if (key === lastCheckpoint) return;
    lastCheckpoint = key;
    saveNow();
  };
  const saveNow = () => {
    if (!store || actor !== turnActor || turnActor.getSnapshot().status !== 'active') return;
    const files = Object.fromEntries(workspace.files().map((file) => [file, workspace.read(file) ?? '']));
    const changed = filePanel.changedFiles();
    saveTurn(store, { task, settings, files, changed, turn: turnActor.getPersistedSnapshot() });
  };
  // A file the person edits while the turn runs is kept too.
  keepWorkspace = saveNow;
  let ended = false;
  turnActor.subscribe({
    next: (snapshot) => {
      keep(snapshot);
      if (snapshot.status === 'done' && !ended && actor === turnActor) {
        // The turn's history is the conversation's now; the box takes the next message.
        ended = true;
        conversationPanel.endTurn(
          turnLogEntry(task, snapshot, outcomeText(snapshot.output ?? { reason: 'failed' })),
          snapshot.output,
        );
        modeControl.afterTurn(task, ranIn, snapshot.output);
      }
      scheduleRender();
    },
    error: (error) => {
      // The turn is over: nothing is waiting any more, and a record that broke the machine is not offered again.
      if (store && actor === turnActor) forgetTurn(store);
      if (!ended && actor === turnActor) {
        ended = true;
        const text = `The machine stopped: ${String(error)}`;
        conversationPanel.endTurn(turnLogEntry(task, undefined, { reason: 'stopped-by-error', tone: 'error', text }));
      }
      conversationPanel.setRunning(false);
      byId('status').dataset.tone = 'error';
      setText(byId('status-text'), 'Stopped by an error');
      for (const button of document.querySelectorAll<HTMLButtonElement>('.approval button')) button.disabled = true;
      showProblem(`The machine stopped: ${String(error)}`);
    },
  });
}

byId('task-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const task = taskInput.value.trim();
  if (task !== '') run(task, undefined, true);
});
taskInput.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) byId<HTMLFormElement>('task-form').requestSubmit();
});
byId('stop').addEventListener('click', () => actor?.send({ type: 'ABORT' }));

// A conversation kept from the last visit comes back (a broken one is named and discarded).
conversationPanel.restoreSaved(
  savedTalk,
  savedUndo === undefined ? undefined : savedUndo.ok ? { steps: savedUndo.steps } : { problem: savedUndo.reason },
);

// A turn a reload interrupted: offer to resume it (its workspace restored), or to let it go.
const RESUME_WHERE: Record<string, string> = {
  request: 'its model request will be sent again',
  retrying: 'it was waiting to retry',
  'awaiting-approval': 'it was waiting for your approval',
  'running-tool': 'a tool was running (it runs again only if it just reads)',
  interrupted: 'a reply was arriving; what had arrived is kept',
};
const savedRead = storage() ? readSavedTurn(storage() as Storage) : { kind: 'none' as const };
if (savedRead.kind === 'broken') {
  // Said, never dropped without a word: only Discard is offered.
  showResumeBanner(`A saved turn cannot be resumed: ${savedRead.reason}.`, false);
}
const interrupted = savedRead.kind === 'saved' ? savedRead.saved : undefined;
if (interrupted) {
  showResumeBanner(resumeBannerText(interrupted, RESUME_WHERE[interrupted.turn.resume] ?? 'it can go on'), true);
  byId('resume-turn').addEventListener('click', () => run(interrupted.task, interrupted));
}
if (savedRead.kind !== 'none') {
  const banner = byId('resume-banner');
  byId('discard-turn').addEventListener('click', () => {
    const store = storage();
    if (store) forgetTurn(store);
    banner.hidden = true;
  });
}
byId('controls').addEventListener('submit', (e) => e.preventDefault());
