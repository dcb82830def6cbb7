// The conversation around the live turn: the earlier turns above it, its notices, the message box
// below (Enter sends, Shift+Enter is a new line, Stop, Undo, slash commands), and the conversation
// kept in localStorage with the workspace — restored after a reload, or named and discarded when
// the saved record is broken. main.ts runs the turns; this holds what carries from one to the next.
import type { AgentTurnOutput } from 'agent-turn';
import { compactHistory } from 'agent-turn';
import type { ChatMessage } from 'agent-turn';
import { undoSentence, type WorkspaceCheckpoints } from '../../tools/checkpoints/index.js';
import type { MemoryWorkspace } from '../../tools/memory/index.js';
import type { ConversationView } from './conversation-view.js';
import { byId, setText } from '../dom.js';
import type { FilePanel } from '../files/file-panel.js';
import { createModelSource, type ModelSource } from '../model-source.js';
import { PAGE_SLASH_HELP, readMessageBox, type MessageBoxInput, type PageCommand } from '../page-commands.js';
import { createPageConversation, type ConversationLogEntry, type PageConversation } from './page-conversation.js';
import type { SavedCheckpoints } from '../persistence/page-checkpoints.js';
import { forgetConversation, saveConversation, type SavedConversationRead } from '../persistence/saved-conversation.js';
import type { TurnStorage } from '../persistence/saved-turn.js';
import { createTurnArchive, type TurnArchive } from '../persistence/turn-archive.js';

export interface ConversationPanelSetup {
  /** The live turn's blocks (cleared when the turn moves up). */
  view: ConversationView;
  workspace: MemoryWorkspace;
  filePanel: FilePanel;
  /** The checkpoints the page's tools record (Undo puts their files back). */
  checkpoints: WorkspaceCheckpoints;
  storage(): TurnStorage | undefined;
  /** The model as the controls say now (a compaction's summary request goes there). */
  modelSource(): ModelSource;
  /** Runs the person's next message as a turn. */
  send(text: string): void;
  /** Stops the running turn. */
  abort(): void;
  /** /plan: plan mode on or off. */
  togglePlan(): void;
  /** The undo steps to keep with the conversation (so Undo works after a reload). */
  undoSteps(): SavedCheckpoints;
}

/** What became of the saved undo steps at load: how many came back, or why none did. */
export type RestoredUndo = { steps: number } | { problem: string };

export interface ConversationPanel {
  /** A turn starts: the live turn shown so far moves up (or, `fresh`, the conversation starts over). */
  beginTurn(how: { fresh: boolean }): void;
  /** The messages of a new turn for `task`: the history and the message, with the notes it takes. */
  turnMessages(task: string): ChatMessage[];
  /** A turn ended (`output` absent when the machine itself stopped): the history carries on, the box comes back. */
  endTurn(entry: Extract<ConversationLogEntry, { kind: 'turn' }>, output?: AgentTurnOutput): void;
  /** While a turn runs the box waits and Stop is on; after it the box takes the focus back. */
  setRunning(now: boolean): void;
  /** At load: the conversation saved on the last visit comes back, or a broken one is named and discarded. */
  restoreSaved(read: SavedConversationRead, undo?: RestoredUndo): void;
  /** Saves the conversation now (the checkpoint engine calls it when its steps change). */
  keep(): void;
}

/** How long after a file change the conversation is saved (a burst of changes is saved once). */
const KEEP_AFTER_MS = 250;

export function createConversationPanel(setup: ConversationPanelSetup): ConversationPanel {
  const { view, workspace } = setup;
  let talk: PageConversation = createPageConversation();
  const archive = createTurnArchive(byId('earlier-turns'));
  const notices = byId('turn-notices');
  const form = byId<HTMLFormElement>('reply-form');
  const box = byId<HTMLTextAreaElement>('reply');
  const messages = byId('messages');
  const restoredNote = byId('restored-note');
  let running = false;
  let saveRefused = false;
  // A file change (a keystroke in the editor, a write) is kept a moment later, once for a burst.
  const settle = keepAfterChanges(workspace, () => keep());

  function setRunning(now: boolean) {
    running = now;
    setControls(now);
    if (talk.started()) form.hidden = false;
    if (!now && !form.hidden) focusBoxIfHere(box, messages);
  }

  /** A notice under the live turn; `logged` ones are kept (and `note` told to the model); one with `detail` opens to show it. */
  function showNotice(text: string, tone: 'ok' | 'notice', more: NoticeMore = {}) {
    notices.append(archive.noticeElement(text, tone, more.detail));
    setText(byId('announcer'), text);
    if (more.logged) talk.notice(text, tone, more.note, more.detail);
    messages.scrollTop = messages.scrollHeight;
  }

  /** Saves the conversation with the workspace as it is now; one with nothing in it is forgotten. */
  function keep() {
    settle();
    const kept = keepConversation(setup, talk);
    // Said once, never dropped without a word: storage is full (a large file) or refused the write.
    if (!kept && !saveRefused) {
      saveRefused = true;
      showNotice(
        'The conversation could not be kept in this browser’s storage (it is full or refused the write): a reload will not bring it back.',
        'notice',
      );
    }
  }

  const archiveLiveTurn = () => moveLiveTurnUp(archive, notices, view);

  /** Forgets the conversation and clears its panel (the files stay as they are; Undo still works). */
  function startOver() {
    talk.clear();
    archive.clear();
    notices.replaceChildren();
    restoredNote.hidden = true;
    keep();
  }

  const ops: PanelOps = {
    ...setup,
    setRunning,
    showNotice,
    keep,
    history: () => talk.state().history,
    replaceHistory: (history) => talk.replaceHistory(history),
    clear() {
      archiveLiveTurn();
      startOver();
      form.hidden = false;
    },
  };
  wireMessageBox(box, form, () => running, ops);
  byId('undo').addEventListener('click', () => {
    if (!running) void undo(ops, 1);
  });
  byId('reply-stop').addEventListener('click', () => setup.abort());

  return {
    beginTurn({ fresh }) {
      if (fresh) startOver();
      archiveLiveTurn();
    },
    turnMessages: (task) => talk.startTurn(task),
    endTurn(entry, output) {
      talk.endTurn(entry, output);
      keep();
      setRunning(false);
    },
    setRunning,
    keep,
    restoreSaved(read, undo) {
      const restored = restoreConversation(read, undo, setup, archive);
      if (!restored) return;
      talk = restored;
      keep();
      byId('empty').hidden = true;
      form.hidden = false;
    },
  };
}

/**
 * Calls `keep` a moment after a file change, once for a burst (leaving the page keeps at once);
 * returns what `keep` calls to say the save waiting is done.
 */
function keepAfterChanges(workspace: MemoryWorkspace, keep: () => void): () => void {
  let soon: ReturnType<typeof setTimeout> | undefined;
  workspace.onChange(() => {
    if (soon === undefined) soon = setTimeout(keep, KEEP_AFTER_MS);
  });
  window.addEventListener('pagehide', () => {
    if (soon !== undefined) keep();
  });
  return () => {
    clearTimeout(soon);
    soon = undefined;
  };
}

/** Moves the live turn (if one is shown) up among the earlier turns. */
function moveLiveTurnUp(archive: TurnArchive, notices: HTMLElement, view: ConversationView) {
  const userTask = byId('user-task');
  const outcome = byId('outcome');
  if (userTask.hidden && notices.childElementCount === 0) return;
  archive.keepLiveTurn({ message: userTask, blocks: byId('conversation'), outcome, notices });
  view.clear();
  userTask.hidden = true;
  outcome.hidden = true;
}

/** A saved conversation comes back (its files, its earlier turns, a note saying so); a broken one is discarded with a note. */
function restoreConversation(
  read: SavedConversationRead,
  undo: RestoredUndo | undefined,
  setup: ConversationPanelSetup,
  archive: TurnArchive,
): PageConversation | undefined {
  if (read.kind === 'broken') {
    const store = setup.storage();
    if (store) forgetConversation(store);
    showRestoredNote(`A saved conversation could not be restored and was discarded: ${read.reason}.`, 'error');
    return undefined;
  }
  if (read.kind !== 'saved') return undefined;
  const saved = read.saved;
  const talk = createPageConversation(saved);
  setup.filePanel.restore(saved.files, saved.changed);
  archive.restore(saved.log);
  const turns = saved.log.filter((entry) => entry.kind === 'turn').length;
  showRestoredNote(restoredSentence(turns, undo));
  return talk;
}

/** The note above the conversation after a load (`error`: a saved one was broken). */
function showRestoredNote(text: string, tone?: 'error') {
  const restoredNote = byId('restored-note');
  setText(restoredNote, text);
  if (tone) restoredNote.dataset.tone = tone;
  restoredNote.hidden = false;
}

/** The restored note: how many earlier messages came back, and what Undo can take back. */
function restoredSentence(turns: number, undo: RestoredUndo | undefined): string {
  const steps = undo && 'steps' in undo ? undo.steps : 0;
  const undoText =
    undo && 'problem' in undo
      ? ` Undo starts empty: the saved undo steps could not be used (${undo.problem}).`
      : steps > 0
        ? ` Undo can take back ${steps === 1 ? 'its last step' : `its last ${steps} steps`}.`
        : '';
  return `Restored the conversation from your last visit: ${turns} earlier message${turns === 1 ? '' : 's'}.${undoText} Type the next one below, or Run turn to start a new conversation.`;
}

/** The controls a running turn holds: Run, Stop, the message box, Send and Undo. */
function setControls(running: boolean) {
  byId<HTMLButtonElement>('run').disabled = running;
  byId<HTMLButtonElement>('stop').disabled = !running;
  byId<HTMLButtonElement>('reply-stop').disabled = !running;
  byId<HTMLTextAreaElement>('reply').disabled = running;
  byId<HTMLButtonElement>('send').disabled = running;
  byId<HTMLButtonElement>('undo').disabled = running;
}

/** Back to the box — unless the person is busy elsewhere (editing a file, the settings). */
function focusBoxIfHere(box: HTMLTextAreaElement, messages: HTMLElement) {
  const at = document.activeElement;
  const here = at === null || at === document.body || messages.parentElement?.contains(at) === true;
  if (here) box.focus({ preventScroll: true });
}

/** Saves the conversation with the workspace as it is now (one with nothing in it is forgotten); false when storage refused it. */
function keepConversation(setup: ConversationPanelSetup, talk: PageConversation): boolean {
  const store = setup.storage();
  if (!store) return true;
  const state = talk.state();
  if (state.log.length === 0 && state.history.length === 0) {
    forgetConversation(store);
    return true;
  }
  const { workspace } = setup;
  const files = Object.fromEntries(workspace.files().map((file) => [file, workspace.read(file) ?? '']));
  return saveConversation(store, {
    ...state,
    files,
    changed: setup.filePanel.changedFiles(),
    checkpoints: setup.undoSteps(),
  });
}

/** A notice's extras: `logged` ones are kept (and `note` told to the model); one with `detail` opens to show it. */
interface NoticeMore {
  logged?: boolean;
  note?: string;
  detail?: string;
}

/** What the slash commands use of the panel. */
interface PanelOps {
  setRunning(now: boolean): void;
  showNotice(text: string, tone: 'ok' | 'notice', more?: NoticeMore): void;
  keep(): void;
  history(): ChatMessage[];
  replaceHistory(history: ChatMessage[]): void;
  checkpoints: WorkspaceCheckpoints;
  modelSource(): ModelSource;
  /** Runs a message as the next turn. */
  send(text: string): void;
  togglePlan(): void;
  /** Moves the live turn up and forgets the conversation. */
  clear(): void;
}

/** The message box: Enter sends (Shift+Enter is a new line); a submit while a turn runs is ignored. */
function wireMessageBox(box: HTMLTextAreaElement, form: HTMLFormElement, running: () => boolean, ops: PanelOps) {
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (running()) return;
    const input = readMessageBox(box.value);
    if (!input) return;
    box.value = '';
    onBoxInput(input, ops);
  });
}

/** A message is sent; a command runs; a refused one says why. */
function onBoxInput(input: MessageBoxInput, ops: PanelOps) {
  if (input.kind === 'message') ops.send(input.text);
  else if (input.kind === 'refused') ops.showNotice(input.message, 'notice');
  else runCommand(input.command, ops);
}

/** /help, /undo, /compact and /clear. */
function runCommand(command: PageCommand, ops: PanelOps) {
  switch (command.name) {
    case 'clear':
      ops.clear();
      ops.showNotice(
        'The conversation is cleared: the next message starts a new one (the files stay as they are; Undo still works).',
        'ok',
      );
      break;
    case 'help':
      ops.showNotice(PAGE_SLASH_HELP, 'ok');
      break;
    case 'plan':
      ops.togglePlan();
      break;
    case 'undo':
      void undo(ops, command.steps);
      break;
    case 'compact':
      void compact(ops);
      break;
  }
}

/** Puts back the files of the agent's last `steps` steps, says what it restored, and tells the model with the next message. */
async function undo(ops: PanelOps, steps: number) {
  ops.setRunning(true);
  try {
    const report = await ops.checkpoints.undo(steps);
    const sentence = undoSentence(report);
    if (report.steps === 0) ops.showNotice(sentence, 'notice');
    else {
      const what = report.steps === 1 ? 'step' : `${report.steps} steps`;
      ops.showNotice(`↶ ${sentence}`, 'ok', {
        logged: true,
        note: `The user undid your last ${what} with Undo. ${sentence}`,
      });
    }
    ops.keep();
  } finally {
    ops.setRunning(false);
  }
}

/** /compact: the older messages replaced by a summary the model writes (the history stays when it cannot). */
async function compact(ops: PanelOps) {
  const made = createModelSource(ops.modelSource());
  if (!made.ok) {
    ops.showNotice(`⋯ Not compacted: ${made.error.message}`, 'notice');
    return;
  }
  ops.setRunning(true);
  try {
    const result = await compactHistory({ client: made.client, model: made.model, messages: ops.history() });
    if (!result.ok) {
      ops.showNotice(`⋯ Not compacted: ${result.error.message}`, 'notice');
      return;
    }
    ops.replaceHistory(result.messages);
    const first = result.summary.split('\n')[0] ?? '';
    ops.showNotice(
      `⋯ ${result.replaced} earlier messages replaced by a summary (~${result.tokensBefore} → ~${result.tokensAfter} tokens): ${first.length > 120 ? `${first.slice(0, 120)}…` : first}`,
      'ok',
      {
        logged: true,
        detail: `The summary the model wrote, in place of ${result.replaced} messages:\n\n${result.summary}`,
      },
    );
    ops.keep();
  } finally {
    ops.setRunning(false);
  }
}
