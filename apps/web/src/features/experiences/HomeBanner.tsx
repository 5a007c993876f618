// The home feed's banner placement (business.md §3 "Experience"; docs/decisions/081): the
// experience the server picks for `home_banner`, with its definition's title, text and optional
// button (a path on Corkboard), and Dismiss. Showing it records a view; Dismiss records the
// dismissal, so it stays gone after a reload. Loaded lazily, for signed-in people only.
import './experiences.css';
import { PLACEMENT_IDS, type Experience } from '@corkboard/shared/experiences/experiences';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ensureExperiencesCatalogue,
  EXPERIENCES_NAMESPACE,
} from '../../i18n/experiencesCatalogue.ts';
import { recordViewed, useDismissExperience, useExperiences } from './hooks.ts';

const PLACEMENTS = [PLACEMENT_IDS.home_banner];
const PAGE = 'home';

export function HomeBanner() {
  const { i18n } = useTranslation();
  ensureExperiencesCatalogue(i18n);
  const experiences = useExperiences(PLACEMENTS, PAGE);
  const experience = experiences.data?.experiences[String(PLACEMENT_IDS.home_banner)];
  if (!experience) return null;
  const { title, body } = experience.display_data;
  // A banner without copy has nothing to say: it is not shown (and not counted as seen).
  if (!title && !body) return null;
  return <Banner key={experience.placed_experience_id} experience={experience} />;
}

function Banner({ experience }: { experience: Experience }) {
  const { t } = useTranslation(EXPERIENCES_NAMESPACE);
  const headingId = useId();
  const dismiss = useDismissExperience(PLACEMENTS);
  const recorded = useRef(false);
  const placedId = experience.placed_experience_id;
  useEffect(() => {
    // Once per showing (StrictMode runs effects twice in development).
    if (recorded.current) return;
    recorded.current = true;
    recordViewed(placedId, PAGE).catch(() => undefined);
  }, [placedId]);

  const { title, body, button_text: buttonText, link } = experience.display_data;
  return (
    <section
      className="experience-banner"
      aria-label={title ? undefined : t('regionLabel')}
      aria-labelledby={title ? headingId : undefined}
    >
      <div className="experience-banner__text">
        {title ? (
          <h2 id={headingId} className="heading heading--md">
            {title}
          </h2>
        ) : null}
        {body ? <p className="text">{body}</p> : null}
        {dismiss.isError ? (
          <p className="experience-banner__error" role="alert">
            {t('dismissFailed')}
          </p>
        ) : null}
      </div>
      <div className="experience-banner__actions">
        {link && buttonText ? (
          <Link to={link} className="button button--primary">
            {buttonText}
          </Link>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(placedId)}
        >
          {t('dismiss')}
        </button>
      </div>
    </section>
  );
}
