// What a pin card shows besides its image and title (the Save button), given by the app: ui/
// draws the card, the features that act on a pin fill this slot (app/RootLayout provides it), so
// the grid never imports a feature. Outside a provider a card has no actions.
import type { Pin } from '@corkboard/shared/api-types';
import { createContext, useContext, type ReactNode } from 'react';

/** Renders a card's actions; `name` is the card's accessible name (its image alt). */
export type PinCardActionsRenderer = (pin: Pin, name: string) => ReactNode;

const PinCardActionsContext = createContext<PinCardActionsRenderer | null>(null);

export const PinCardActionsProvider = PinCardActionsContext.Provider;

export function usePinCardActions(): PinCardActionsRenderer | null {
  return useContext(PinCardActionsContext);
}
