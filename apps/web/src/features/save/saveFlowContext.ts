// The save flow's context and the types that cross the line between the first-visit shell
// (SaveFlowProvider, the Save buttons) and the lazily loaded saving chunk (SaveFlowHost, the
// modal, the toasts). A module of its own, importing nothing of the save feature, so the
// provider, the host and the views all depend on it and never on each other in a loop.
import type { Pin } from '@corkboard/shared/api-types';
import { createContext, useContext } from 'react';

/** A saving notice (saving.md §2.1, §2.2, §2.8, §8). */
export type SavingToast =
  | {
      readonly kind: 'saved';
      readonly pinId: string;
      readonly boardName: string;
      readonly first: boolean;
      readonly durationMs: number;
    }
  | { readonly kind: 'alreadySaved'; readonly boardName: string; readonly durationMs: number }
  | {
      readonly kind: 'error';
      /** The server's sentence, or null for the fallback copy. */
      readonly message: string | null;
      readonly fallback: 'generic' | 'mobile';
      readonly durationMs: number;
    };

export interface SavingToastItem {
  readonly id: number;
  readonly toast: SavingToast;
  /** Date.now() when it goes: a region that moves between surfaces keeps the same deadline. */
  readonly expiresAt: number;
}

export type ViewerState = 'unknown' | 'visitor' | 'signedIn';

export interface SaveFlowApi {
  readonly viewer: ViewerState;
  /** What a pin's Save button does. */
  savePin: (pin: Pin) => void;
  showToast: (toast: SavingToast) => void;
}

/** A save modal asked for by a Save button. */
export interface SaveRequest {
  readonly pin: Pin;
  /** The history entry it was opened on: going anywhere else closes it. */
  readonly locationKey: string;
}

export const SaveFlowContext = createContext<SaveFlowApi | null>(null);

/** The save flow, or null outside a SaveFlowProvider (a card rendered on its own). */
export function useOptionalSaveFlow(): SaveFlowApi | null {
  return useContext(SaveFlowContext);
}

export function useSaveFlow(): SaveFlowApi {
  const api = useContext(SaveFlowContext);
  if (!api) throw new Error('useSaveFlow needs a SaveFlowProvider');
  return api;
}
