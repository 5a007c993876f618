// The lazily loaded side of saving (SaveFlowHost and everything it shows), and a way to start
// downloading it ahead of a click (a pointer or keyboard focus reaching a Save button).
export const loadSavingChunk = () => import('./SaveFlowHost.tsx');

/** Starts downloading the saving chunk ahead of a click. */
export function preloadSaving(): void {
  void loadSavingChunk();
}
