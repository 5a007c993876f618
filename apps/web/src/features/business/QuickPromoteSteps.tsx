// The steps before the quick-promote page (business.md §2.3 "GDPR, pin selection, page, …";
// docs/decisions/181, 182): the GDPR step while the ad account must accept the terms and has
// not, then pin selection when the page was opened without a pin, then the page itself. The
// server is the authority on the terms (quick promote refuses without them): when their status
// cannot be read, the page goes on and a refusal shows on its error step.
import type { AdvertiserSummary } from '@corkboard/shared/business/api';
import { useState, type ReactNode } from 'react';
import { LoadingState } from '../../ui/PageStates.tsx';
import { useAdTerms } from './hooks.ts';
import { QuickPromoteGdprStep } from './QuickPromoteGdprStep.tsx';
import { QuickPromotePinSelection } from './QuickPromotePinSelection.tsx';
import type { QuickPromoteStep } from './quickPromoteFlow.ts';

/** Which of the steps before the page applies (§2.3 order), or 'page'. */
export function stepBeforePage(input: {
  hasAdvertiser: boolean;
  termsOutstanding: boolean;
  hasPin: boolean;
}): Extract<QuickPromoteStep, 'gdpr' | 'pinSelection' | 'page'> {
  if (input.hasAdvertiser && input.termsOutstanding) return 'gdpr';
  if (input.hasAdvertiser && !input.hasPin) return 'pinSelection';
  return 'page';
}

export function QuickPromoteSteps({
  advertiser,
  pinId,
  onChoosePin,
  children,
}: {
  advertiser: AdvertiserSummary | undefined;
  /** '' when the page was opened without one. */
  pinId: string;
  onChoosePin: (pinId: string) => void;
  children: ReactNode;
}) {
  const terms = useAdTerms(advertiser?.id);
  // Once the page is reached it stays: an ad account the business form creates arrives while
  // the page sends the ad (its own GDPR step covers that account), and the page keeps its step.
  const [reachedPage, setReachedPage] = useState(false);
  const step = reachedPage
    ? 'page'
    : stepBeforePage({
        hasAdvertiser: advertiser !== undefined,
        termsOutstanding: terms.data !== undefined && !terms.data.accepted,
        hasPin: pinId !== '',
      });
  const waiting = !reachedPage && advertiser !== undefined && terms.isPending;
  // Adjusted while rendering (React's pattern for state derived from a change), not in an effect.
  if (step === 'page' && !waiting && !reachedPage) setReachedPage(true);
  if (waiting) return <LoadingState />;
  if (step === 'gdpr' && advertiser) {
    return (
      <div className="business-page">
        <QuickPromoteGdprStep
          advertiserId={advertiser.id}
          businessName={advertiser.name}
          // The accepted status is written into the terms query: this re-renders to the next step.
          onAccepted={() => undefined}
        />
      </div>
    );
  }
  if (step === 'pinSelection' && advertiser) {
    return (
      <div className="business-page">
        <QuickPromotePinSelection advertiserId={advertiser.id} onChoose={onChoosePin} />
      </div>
    );
  }
  return <>{children}</>;
}
