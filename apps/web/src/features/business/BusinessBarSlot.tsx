// The shell's slot for the business bar: nothing for visitors; for signed-in people the bar's
// chunk loads lazily, so the first-visit bundle does not carry the business feature.
import { lazy, Suspense } from 'react';
import { useViewer } from '../session/hooks.ts';

const BusinessBar = lazy(() =>
  import('./BusinessBar.tsx').then((module) => ({ default: module.BusinessBar })),
);

export function BusinessBarSlot() {
  const viewer = useViewer();
  if (!viewer.data) return null;
  return (
    <Suspense fallback={null}>
      <BusinessBar viewer={viewer.data} />
    </Suspense>
  );
}
