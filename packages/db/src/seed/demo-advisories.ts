// Demo search advisories (docs/decisions/073), so a newcomer sees the banner: search
// "self harm" (a sensitive pattern with the phone-support variant and an action) or
// "graphic violence" (an abusive term: results withheld). Operators change them at
// /admin/search-advisories/. The phone number is a fictional 555 one.
import type { AdvisoryNotice } from '@corkboard/shared/search/advisories';
import { foldAdvisoryText } from '@corkboard/shared/search/advisories';

interface DemoAdvisory {
  match_kind: 'term' | 'pattern';
  match_text: string;
  advisory: string;
  severity: 0 | 1 | 2;
  advisory_type: number;
  notices: AdvisoryNotice[];
}

const SUPPORT_TEXT =
  "If you're going through a hard time, talk to someone you trust or find self-care ideas.";

export const DEMO_SEARCH_ADVISORIES: readonly DemoAdvisory[] = [
  {
    match_kind: 'pattern',
    match_text: '*self harm*',
    advisory: 'SELF_HARM_SUPPORT',
    severity: 1,
    advisory_type: 4,
    notices: [
      {
        style: 'phone_support',
        title: "You're not alone",
        description: {
          text: SUPPORT_TEXT,
          text_tags: [
            {
              offset: SUPPORT_TEXT.indexOf('talk to'),
              length: 'talk to someone you trust'.length,
              tagType: 'bold',
              link: null,
            },
            {
              offset: SUPPORT_TEXT.indexOf('self-care ideas'),
              length: 'self-care ideas'.length,
              tagType: 'link',
              link: '/search/pins/?q=self%20care',
            },
          ],
        },
        actions: [{ button_text: 'See self-care ideas', link: '/search/pins/?q=self%20care' }],
        footer: 'Demo advisory: operators change it at /admin/search-advisories/.',
        phone_number: '+1 555 010 0199',
      },
    ],
  },
  {
    match_kind: 'term',
    match_text: 'graphic violence',
    advisory: 'VIOLENT_CONTENT',
    severity: 0,
    advisory_type: 14,
    notices: [
      {
        style: 'warning',
        title: 'Results are hidden for this search',
        description: {
          text: 'Pins for this search may show violence, so Corkboard does not show them.',
          text_tags: [],
        },
        actions: [{ button_text: 'Back to your home feed', link: '/' }],
        footer: null,
        phone_number: null,
      },
    ],
  },
];

/** search_advisories rows for the demo (match_key and like_pattern as the API computes them). */
export function demoAdvisoryRows(updatedBy: string) {
  return DEMO_SEARCH_ADVISORIES.map((entry) => {
    const key = foldAdvisoryText(entry.match_text);
    return {
      match_kind: entry.match_kind,
      match_text: entry.match_text,
      match_key: key,
      like_pattern:
        entry.match_kind === 'pattern'
          ? key.replace(/[\\%_]/g, (char) => `\\${char}`).replace(/\*+/g, '%')
          : null,
      advisory: entry.advisory,
      severity: entry.severity,
      advisory_type: entry.advisory_type,
      resource_country: null,
      notices: JSON.stringify(entry.notices),
      updated_by: updatedBy,
    };
  });
}
