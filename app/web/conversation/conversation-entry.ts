// One element of the conversation panel and how it is kept up to date (the panel keys entries by
// the view's stable block keys and calls `update` only when the item changed).
import type { FileDiff } from '../../ui/file-diff.js';
import type { TurnItem } from './turn-items.js';

export interface Entry {
  item: TurnItem;
  el: HTMLElement;
  update(item: TurnItem): void;
  /** True once, right after the entry started waiting for the person's approval. */
  takeApprovalRequest?(): boolean;
  /** The workspace changed: a change preview shown for approval is worked out again. */
  refreshPreview?(): void;
}

/** A change preview for a tool card, or why there is none. */
export type ChangePreviewResult = { ok: true; diff: FileDiff } | { ok: false; message: string };

export interface ConversationActions {
  approve(): void;
  reject(feedback: string): void;
  /** The diff a write_to_file or replace_in_file would make, read from the workspace now. */
  preview(tool: { name: string; params: Record<string, string> }): Promise<ChangePreviewResult>;
}
