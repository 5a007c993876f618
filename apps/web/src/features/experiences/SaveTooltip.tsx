// The save tooltip (issue 12; docs/decisions/081, 083): the `save_tooltip` placement, triggered
// by the person's first save, drawn as a small non-modal dialog anchored to the closeup's Save
// button (display_data.anchor `pin_save_button`; rendered inside the button's container, which
// positions it). Shown once (the server serves it for one view). "Got it" completes it; Esc and
// the close button dismiss it. It slides in, unless the person prefers reduced motion.
// Loaded lazily, for signed-in people only.
import './experiences.css';
import { PLACEMENT_IDS, type Experience } from '@corkboard/shared/experiences/experiences';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ensureExperiencesCatalogue,
  EXPERIENCES_NAMESPACE,
} from '../../i18n/experiencesCatalogue.ts';
import { recordCompleted, recordViewed, useDismissExperience, useExperiences } from './hooks.ts';

const PLACEMENTS = [PLACEMENT_IDS.save_tooltip];
const PAGE = 'pin';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function SaveTooltip() {
  const { i18n } = useTranslation();
  ensureExperiencesCatalogue(i18n);
  const experiences = useExperiences(PLACEMENTS, PAGE);
  const experience = experiences.data?.experiences[String(PLACEMENT_IDS.save_tooltip)];
  if (!experience || experience.display_data.anchor !== 'pin_save_button') return null;
  return <Tooltip key={experience.placed_experience_id} experience={experience} />;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

function Tooltip({ experience }: { experience: Experience }) {
  const { t } = useTranslation(EXPERIENCES_NAMESPACE);
  const headingId = useId();
  const bodyId = useId();
  const dismiss = useDismissExperience(PLACEMENTS);
  const [completed, setCompleted] = useState(false);
  const [animated] = useState(() => !prefersReducedMotion());
  const recorded = useRef(false);
  const placedId = experience.placed_experience_id;
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    recordViewed(placedId, PAGE).catch(() => undefined);
  }, [placedId]);

  const hidden = completed || dismiss.isSuccess;
  useEffect(() => {
    if (hidden) return;
    // Esc dismisses it wherever focus is (it is not modal: the page stays usable).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !dismiss.isPending) {
        dismiss.mutate(placedId);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hidden, dismiss, placedId]);

  if (hidden) return null;
  const { title, body, button_text: buttonText } = experience.display_data;
  return (
    <div
      role="dialog"
      aria-labelledby={headingId}
      aria-describedby={body ? bodyId : undefined}
      className={animated ? 'save-tooltip save-tooltip--animated' : 'save-tooltip'}
    >
      <span className="save-tooltip__arrow" aria-hidden="true" />
      <p id={headingId} className="save-tooltip__title">
        {title ?? t('tooltip.title')}
      </p>
      {body ? (
        <p id={bodyId} className="save-tooltip__body">
          {body}
        </p>
      ) : null}
      {dismiss.isError ? (
        <p role="alert" className="save-tooltip__body">
          {t('dismissFailed')}
        </p>
      ) : null}
      <div className="save-tooltip__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => dismiss.mutate(placedId)}
          disabled={dismiss.isPending}
        >
          {t('tooltip.close')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setCompleted(true);
            recordCompleted(placedId).catch(() => undefined);
          }}
        >
          {buttonText ?? t('tooltip.gotIt')}
        </button>
      </div>
    </div>
  );
}
