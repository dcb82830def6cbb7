// What a tool card needs from the panel without taking it through every Block: the turn's
// approve / reject and the workspace (for the diff of a write). Its value is stable, so Block's
// memo still holds.
import { createContext, useContext } from 'react';
import type { MemoryWorkspace } from '../../app/tools/memory/index.js';

export interface TurnActions {
  approve: () => void;
  reject: (feedback?: string) => void;
  workspace: MemoryWorkspace;
}

export const TurnActionsContext = createContext<TurnActions | undefined>(undefined);

export function useTurnActions(): TurnActions {
  const actions = useContext(TurnActionsContext);
  if (actions === undefined) throw new Error('useTurnActions: no TurnActionsContext provider above');
  return actions;
}
