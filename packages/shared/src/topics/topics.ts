// Topics people pick in the first-run tour (issue 12; docs/decisions/082). A topic is a subject
// the product holds pins about: a pin is in a topic when its board is filed under it
// (board_topics; the demo boards are filed by the seed) or its description carries the topic's
// hashtag (#garden). The chosen topics seed the person's home feed: pins in them come first.

/** Topic ids: stable, lower case, also the hashtag that files a pin under the topic. */
export const TOPICS = ['cooking', 'travel', 'interiors', 'garden', 'woodwork'] as const;
export type Topic = (typeof TOPICS)[number];

export function isTopic(value: string): value is Topic {
  return (TOPICS as readonly string[]).includes(value);
}

/** A person may pick every topic; the list is short. */
export const TOPICS_PER_PERSON_MAX = TOPICS.length;

/** GET /v3/topics/: the topics that have pins anyone may see, with how many. */
export interface TopicSummary {
  id: Topic;
  pin_count: number;
}

/** GET|PUT /v3/users/me/topics/. */
export interface ChosenTopics {
  topics: Topic[];
}
