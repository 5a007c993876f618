// The demo as plain data, decided up front from one seeded PRNG: which pin goes on which board
// and section, who pinned it, when, its copy and its picture. Pure, so it is cheap to test and
// identical on every run.
import type { ArtSpec } from './demo-art.ts';
import {
  DEMO_BOARD_FOLLOWS,
  DEMO_BOARDS,
  DEMO_COLLABORATIONS,
  DEMO_THEMES,
  DEMO_USER_FOLLOWS,
  DEMO_USERS,
  DEMO_VERIFIED_DOMAINS,
  type DemoBoard,
} from './demo-content.ts';
import { Random } from './random.ts';
import { slugify } from './slugify.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Pins are spread over this many days before the epoch. */
export const DEMO_PIN_SPAN_DAYS = 90;

/** Domains were verified after the people joined and before their boards (120–95 days ago). */
const VERIFIED_DOMAIN_DAYS_AGO = 122;

/** Share of pins on a sectioned board that sit in one of its sections (the rest on the board). */
const IN_SECTION_SHARE = 0.8;
/** Share of pins on a collaborative board saved by an accepted collaborator. */
const COLLABORATOR_PIN_SHARE = 0.3;
/** Share of pins that carry a link (the rest are uploads without a source). */
const LINKED_SHARE = 0.85;

/** Pin widths of the generated originals: modest, so 300 of them process quickly. */
const PIN_WIDTHS = [600, 680, 760, 840, 920] as const;
/** height / width, weighted like a real feed: mostly 2:3 portraits, some squares and tall pins. */
const PIN_RATIOS: readonly (readonly [number, number])[] = [
  [0.6, 1],
  [0.75, 2],
  [1, 3],
  [1.25, 3],
  [1.5, 8],
  [1.78, 2],
  [2, 2],
];

export const AVATAR_SIZE = 320;

export interface PlannedUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  about: string;
  country: string;
  locale: string;
  createdAt: Date;
  avatarSeed: number;
  avatarPalette: readonly string[];
}

export interface PlannedSection {
  title: string;
  slug: string;
  position: number;
  createdAt: Date;
}

export interface PlannedBoard {
  owner: string;
  name: string;
  slug: string;
  description: string;
  privacy: 'public' | 'secret';
  createdAt: Date;
  sections: PlannedSection[];
}

export interface PlannedPin {
  /** Index into `boards`. */
  board: number;
  /** Index into that board's `sections`, or null for the board itself. */
  section: number | null;
  pinner: string;
  title: string;
  description: string;
  link: string | null;
  domain: string | null;
  createdAt: Date;
  art: ArtSpec;
}

export interface PlannedCollaboration {
  board: number;
  collaborator: string;
  invitedBy: string;
  status: 'invited' | 'accepted';
  createdAt: Date;
  acceptedAt: Date | null;
}

export interface DemoPlan {
  users: PlannedUser[];
  boards: PlannedBoard[];
  /** Oldest first, the order they are inserted in, so id order is time order. */
  pins: PlannedPin[];
  collaborations: PlannedCollaboration[];
  userFollows: { follower: string; followee: string; createdAt: Date }[];
  boardFollows: { user: string; board: number; createdAt: Date }[];
  /** Link domains and their official users (docs/decisions/013). */
  verifiedDomains: { user: string; domain: string; verifiedAt: Date }[];
}

export function demoEmail(username: string): string {
  return `${username}@demo.corkboard.example`;
}

export function planDemo(seed: number, epoch: Date, pinCount: number): DemoPlan {
  const r = new Random(seed);
  const at = (daysAgo: number): Date => new Date(epoch.getTime() - daysAgo * DAY_MS);

  // People joined 150–125 days ago, boards 120–95 days ago, each list in creation order.
  const users = DEMO_USERS.map<PlannedUser>((user, i) => ({
    username: user.username,
    email: demoEmail(user.username),
    firstName: user.firstName,
    lastName: user.lastName,
    about: user.about,
    country: user.country,
    locale: user.locale,
    createdAt: at(150 - i * 5 - r.between(0, 4)),
    avatarSeed: r.int(1, 2 ** 31 - 1),
    avatarPalette: user.avatarPalette,
  }));

  const boards = DEMO_BOARDS.map<PlannedBoard>((board, i) => {
    const createdAt = at(120 - (i * 25) / DEMO_BOARDS.length - r.between(0, 1));
    return {
      owner: board.owner,
      name: board.name,
      slug: slugify(board.name),
      description: board.description,
      privacy: board.privacy,
      createdAt,
      sections: board.sections.map((section, position) => ({
        title: section.title,
        slug: slugify(section.title),
        position,
        createdAt: new Date(createdAt.getTime() + (position + 1) * HOUR_MS),
      })),
    };
  });

  const boardIndex = (owner: string, name: string): number => {
    const index = DEMO_BOARDS.findIndex((board) => board.owner === owner && board.name === name);
    if (index === -1) throw new Error(`demo content names an unknown board: ${owner}/${name}`);
    return index;
  };

  // Collaborators were invited just after the boards existed and before any pin (≤ 90 days).
  const collaborations = DEMO_COLLABORATIONS.map<PlannedCollaboration>((collaboration) => {
    const createdAt = at(93 - r.between(0, 1));
    return {
      board: boardIndex(collaboration.owner, collaboration.board),
      collaborator: collaboration.collaborator,
      invitedBy: collaboration.owner,
      status: collaboration.status,
      createdAt,
      acceptedAt:
        collaboration.status === 'accepted'
          ? new Date(createdAt.getTime() + r.between(1, 20) * HOUR_MS)
          : null,
    };
  });

  const pins: PlannedPin[] = [];
  const counts = allocate(
    pinCount,
    DEMO_BOARDS.map((board) => board.weight),
  );
  DEMO_BOARDS.forEach((board, index) => {
    const collaborators = collaborations
      .filter(
        (collaboration) => collaboration.board === index && collaboration.status === 'accepted',
      )
      .map((collaboration) => collaboration.collaborator);
    for (let i = 0; i < (counts[index] ?? 0); i++) {
      pins.push(planPin(r, board, index, collaborators, at(r.between(0, DEMO_PIN_SPAN_DAYS))));
    }
  });
  pins.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const userFollows = DEMO_USER_FOLLOWS.map(([follower, followee]) => ({
    follower,
    followee,
    createdAt: at(r.between(5, 80)),
  }));
  const boardFollows = DEMO_BOARD_FOLLOWS.map(([user, owner, name]) => {
    const board = boardIndex(owner, name);
    if (DEMO_BOARDS[board]?.privacy !== 'public')
      throw new Error(`demo follows a non-public board: ${name}`);
    return { user, board, createdAt: at(r.between(5, 80)) };
  });

  // After the PRNG is done with: adding a domain never changes the rest of the demo.
  const verifiedDomains = DEMO_VERIFIED_DOMAINS.map(([user, domain]) => {
    if (!DEMO_BOARDS.some((board) => board.owner === user && linkDomainOf(board) === domain))
      throw new Error(`demo verifies a domain that is not one of ${user}'s sites: ${domain}`);
    return { user, domain, verifiedAt: at(VERIFIED_DOMAIN_DAYS_AGO) };
  });

  return { users, boards, pins, collaborations, userFollows, boardFollows, verifiedDomains };
}

/** A board site's host the way pins.domain holds it. */
function linkDomainOf(board: DemoBoard): string {
  return board.site.host.replace(/^www\./, '');
}

function planPin(
  r: Random,
  board: DemoBoard,
  boardIndex: number,
  collaborators: string[],
  createdAt: Date,
): PlannedPin {
  const copy = DEMO_THEMES[board.theme];
  const section =
    board.sections.length > 0 && (board.subjects.length === 0 || r.chance(IN_SECTION_SHARE))
      ? r.int(0, board.sections.length - 1)
      : null;
  const sectionContent = section === null ? undefined : board.sections[section];
  const subject = r.pick(sectionContent?.subjects ?? board.subjects);
  const template = r.pick(sectionContent?.templates ?? board.templates ?? copy.templates);
  const adjective = copy.adjectives.length > 0 ? r.pick(copy.adjectives) : '';
  const title = capitalise(fill(template, subject, adjective));

  const sentenceCount = r.int(1, 3);
  const description = r
    .sample(copy.sentences, sentenceCount)
    .map((sentence) => capitalise(fill(sentence, subject, adjective)))
    .join(' ');

  const linked = r.chance(LINKED_SHARE);
  const link = linked ? `https://${board.site.host}/${board.site.path}/${slugify(title)}` : null;
  const domain = linked ? linkDomainOf(board) : null;

  const pinner =
    collaborators.length > 0 && r.chance(COLLABORATOR_PIN_SHARE)
      ? r.pick(collaborators)
      : board.owner;

  const width = r.pick(PIN_WIDTHS);
  const height = Math.round(width * r.weighted(PIN_RATIOS));
  const art: ArtSpec = {
    style: board.art,
    palette: board.palette,
    width,
    height,
    seed: r.int(1, 2 ** 31 - 1),
  };

  return { board: boardIndex, section, pinner, title, description, link, domain, createdAt, art };
}

function fill(template: string, subject: string, adjective: string): string {
  return template
    .replaceAll('{A}', adjective)
    .replaceAll('{S}', capitalise(subject))
    .replaceAll('{s}', subject);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Splits `total` by weight (largest remainder), giving every slot at least one when there are
 * enough to go round, so each board has a cover.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const floor = total >= weights.length ? 1 : 0;
  const rest = total - floor * weights.length;
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const exact = weights.map((weight) => (rest * weight) / sum);
  const counts = exact.map((value) => floor + Math.floor(value));
  let left = total - counts.reduce((acc, count) => acc + count, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    left--;
  }
  return counts;
}
