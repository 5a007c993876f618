// The first-run tour (issue 12; docs/decisions/081, 082): the `home_takeover` placement drawn as
// a dialog over the home feed when the server picks a `first_run_tour` experience for the person
// (operators define it, typically for people who signed up within a day). It asks for topics the
// person likes; Save stores them on the server (the home feed is then seeded by them) and marks
// the tour completed; Not now, Esc or the close button dismisses it. Either way it never returns.
// Loaded lazily, for signed-in people only.
import './experiences.css';
import { PLACEMENT_IDS, type Experience } from '@corkboard/shared/experiences/experiences';
import type { Topic } from '@corkboard/shared/topics/topics';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ensureExperiencesCatalogue,
  EXPERIENCES_NAMESPACE,
} from '../../i18n/experiencesCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import { Modal } from '../../ui/Modal.tsx';
import {
  recordViewed,
  useCompleteTour,
  useDismissExperience,
  useExperiences,
  useTopics,
} from './hooks.ts';

const PLACEMENTS = [PLACEMENT_IDS.home_takeover];
const PAGE = 'home';
/** The dialog's width in CSS pixels (as the auth dialogs). */
const TOUR_WIDTH = 484;

export function FirstRunTour() {
  const { i18n } = useTranslation();
  ensureExperiencesCatalogue(i18n);
  const experiences = useExperiences(PLACEMENTS, PAGE);
  const experience = experiences.data?.experiences[String(PLACEMENT_IDS.home_takeover)];
  if (experience?.display_data.kind !== 'first_run_tour') return null;
  return <Tour key={experience.placed_experience_id} experience={experience} />;
}

function Tour({ experience }: { experience: Experience }) {
  const { t } = useTranslation(EXPERIENCES_NAMESPACE);
  const headingId = useId();
  const bodyId = useId();
  const topics = useTopics(true);
  const complete = useCompleteTour(PLACEMENTS);
  const dismiss = useDismissExperience(PLACEMENTS);
  const [chosen, setChosen] = useState<Topic[]>([]);
  const recorded = useRef(false);
  const firstTopic = useRef<HTMLInputElement>(null);
  const topicsFocused = useRef(false);
  const placedId = experience.placed_experience_id;
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    recordViewed(placedId, PAGE).catch(() => undefined);
  }, [placedId]);

  useEffect(() => {
    // The topics arrive after the dialog opened (focus then went to Close): move to the first.
    if (!topics.data || topicsFocused.current || !firstTopic.current) return;
    topicsFocused.current = true;
    firstTopic.current.focus();
  }, [topics.data]);

  const busy = complete.isPending || dismiss.isPending;
  const onDismiss = () => {
    if (!busy) dismiss.mutate(placedId);
  };
  const toggle = (topic: Topic, on: boolean) =>
    setChosen((current) =>
      on
        ? [...current.filter((item) => item !== topic), topic]
        : current.filter((item) => item !== topic),
    );
  const { title, body, button_text: buttonText } = experience.display_data;
  const failed = complete.isError || dismiss.isError;
  return (
    <Modal
      labelledBy={headingId}
      describedBy={bodyId}
      onDismiss={onDismiss}
      closeLabel={t('tour.close')}
      width={TOUR_WIDTH}
    >
      <form
        className="first-run-tour"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.length > 0 && !busy) complete.mutate({ placedId, topics: chosen });
        }}
      >
        <h2 id={headingId} className="heading heading--md">
          {title ?? t('tour.title')}
        </h2>
        <p id={bodyId} className="text">
          {body ?? t('tour.body')}
        </p>
        {topics.isPending ? <LoadingState /> : null}
        {topics.isError ? (
          <p role="alert" className="first-run-tour__error">
            {t('tour.topicsFailed')}
          </p>
        ) : null}
        {topics.data ? (
          <fieldset className="first-run-tour__topics">
            <legend className="first-run-tour__legend">{t('tour.legend')}</legend>
            {topics.data.map((topic, index) => (
              <label key={topic.id} className="first-run-tour__topic">
                <input
                  type="checkbox"
                  className="checkbox__input"
                  checked={chosen.includes(topic.id)}
                  onChange={(event) => toggle(topic.id, event.target.checked)}
                  ref={index === 0 ? firstTopic : undefined}
                />
                <span>{t(`topics.${topic.id}`)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {failed ? (
          <p role="alert" className="first-run-tour__error">
            {t('tour.saveFailed')}
          </p>
        ) : null}
        <div className="first-run-tour__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onDismiss}
          >
            {t('tour.notNow')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || chosen.length === 0}
          >
            {buttonText ?? t('tour.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
