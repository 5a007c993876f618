import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pinSvg } from './demo-art.ts';
import { DEMO_BOARDS } from './demo-content.ts';
import { allocate, DEMO_PIN_SPAN_DAYS, planDemo } from './demo-plan.ts';
import { mulberry32 } from './random.ts';
import { DEMO_EPOCH, DEMO_PIN_COUNT, DEMO_SECRET_BOARD, DEMO_SEED } from './seed-demo.ts';
import { slugify } from './slugify.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const plan = planDemo(DEMO_SEED, DEMO_EPOCH, DEMO_PIN_COUNT);

describe('planDemo', () => {
  it('plans exactly DEMO_PIN_COUNT (300) pins for five people and at least 15 boards', () => {
    expect(DEMO_PIN_COUNT).toBe(300);
    expect(plan.pins).toHaveLength(DEMO_PIN_COUNT);
    expect(plan.users.length).toBeGreaterThanOrEqual(5);
    expect(plan.boards.length).toBeGreaterThanOrEqual(15);
    const perBoard = plan.boards.map(
      (_, index) => plan.pins.filter((pin) => pin.board === index).length,
    );
    expect(Math.min(...perBoard)).toBeGreaterThan(0);
  });

  it('is the same plan every time', () => {
    expect(planDemo(DEMO_SEED, DEMO_EPOCH, DEMO_PIN_COUNT)).toEqual(plan);
    expect(
      planDemo(DEMO_SEED + 1, DEMO_EPOCH, DEMO_PIN_COUNT).pins.map((pin) => pin.title),
    ).not.toEqual(plan.pins.map((pin) => pin.title));
  });

  it('has exactly one secret board, the exported DEMO_SECRET_BOARD', () => {
    const secret = plan.boards.filter((board) => board.privacy === 'secret');
    expect(secret.map((board) => ({ username: board.owner, slug: board.slug }))).toEqual([
      DEMO_SECRET_BOARD,
    ]);
    const secretIndex = plan.boards.findIndex((board) => board.privacy === 'secret');
    expect(plan.boardFollows.some((follow) => follow.board === secretIndex)).toBe(false);
    expect(plan.collaborations.some((collaboration) => collaboration.board === secretIndex)).toBe(
      false,
    );
  });

  it('gives several boards 2–4 sections and keeps slugs unique per owner and per board', () => {
    const sectioned = plan.boards.filter((board) => board.sections.length > 0);
    expect(sectioned.length).toBeGreaterThanOrEqual(3);
    for (const board of sectioned) {
      expect(board.sections.length).toBeGreaterThanOrEqual(2);
      expect(board.sections.length).toBeLessThanOrEqual(4);
      expect(new Set(board.sections.map((section) => section.slug)).size).toBe(
        board.sections.length,
      );
    }
    const keys = plan.boards.map((board) => `${board.owner}/${board.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(plan.pins.some((pin) => pin.section !== null)).toBe(true);
  });

  it('has an accepted collaborator who also pins to that board', () => {
    const accepted = plan.collaborations.filter(
      (collaboration) => collaboration.status === 'accepted',
    );
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(
      accepted.some((collaboration) =>
        plan.pins.some(
          (pin) => pin.board === collaboration.board && pin.pinner === collaboration.collaborator,
        ),
      ),
    ).toBe(true);
  });

  it('orders pins oldest first over the last 90 days before the epoch', () => {
    const times = plan.pins.map((pin) => pin.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(
      DEMO_EPOCH.getTime() - DEMO_PIN_SPAN_DAYS * DAY_MS,
    );
    expect(Math.max(...times)).toBeLessThanOrEqual(DEMO_EPOCH.getTime());
    for (const pin of plan.pins) {
      expect(pin.createdAt.getTime()).toBeGreaterThan(
        plan.boards[pin.board]?.createdAt.getTime() ?? Infinity,
      );
    }
  });

  it('writes believable copy and links only to reserved example hosts', () => {
    for (const pin of plan.pins) {
      expect(pin.title.length).toBeGreaterThan(3);
      expect(pin.title).not.toMatch(/[{}]/);
      const sentences = pin.description.split(/(?<=[.!?])\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(3);
      if (pin.link === null) {
        expect(pin.domain).toBeNull();
        continue;
      }
      const url = new URL(pin.link);
      expect(url.protocol).toBe('https:');
      expect(url.hostname).toMatch(/(^|\.)(example|example\.com|example\.org)$/);
      expect(pin.domain).toBe(url.hostname.replace(/^www\./, ''));
    }
    expect(plan.pins.filter((pin) => pin.link !== null).length).toBeGreaterThan(DEMO_PIN_COUNT / 2);
  });

  it('draws varied, pin-like picture sizes, each with its own seed', () => {
    for (const pin of plan.pins) {
      expect(pin.art.width).toBeGreaterThanOrEqual(600);
      expect(pin.art.width).toBeLessThanOrEqual(1000);
      const ratio = pin.art.height / pin.art.width;
      expect(ratio).toBeGreaterThanOrEqual(0.59);
      expect(ratio).toBeLessThanOrEqual(2.01);
    }
    expect(new Set(plan.pins.map((pin) => pin.art.height / pin.art.width)).size).toBeGreaterThan(5);
    expect(new Set(plan.pins.map((pin) => pin.art.seed)).size).toBe(DEMO_PIN_COUNT);
  });

  it('covers every board defined in the demo content', () => {
    expect(plan.boards.map((board) => board.name)).toEqual(DEMO_BOARDS.map((board) => board.name));
  });

  it('names official users of link domains that public pins use and someone does not follow', () => {
    expect(plan.verifiedDomains.length).toBeGreaterThanOrEqual(1);
    const domains = plan.verifiedDomains.map((verified) => verified.domain);
    expect(new Set(domains).size).toBe(domains.length);
    for (const verified of plan.verifiedDomains) {
      expect(verified.domain).toBe(verified.domain.toLowerCase());
      expect(verified.domain).not.toMatch(/^www\./);
      const official = plan.users.find((user) => user.username === verified.user);
      expect(official?.createdAt.getTime()).toBeLessThan(verified.verifiedAt.getTime());
      // The creator card (saving.md §2.9) can show in the demo: a public pin links to the
      // domain, and some other demo person does not follow its official user.
      expect(
        plan.pins.some(
          (pin) => pin.domain === verified.domain && plan.boards[pin.board]?.privacy === 'public',
        ),
      ).toBe(true);
      const notFollowing = plan.users.filter(
        (user) =>
          user.username !== verified.user &&
          !plan.userFollows.some(
            (follow) => follow.follower === user.username && follow.followee === verified.user,
          ),
      );
      expect(notFollowing.length).toBeGreaterThan(0);
    }
  });
});

describe('demo pictures', () => {
  it('render from SVG at the planned size, the same bytes every time', async () => {
    const art = plan.pins[0]?.art;
    if (!art) throw new Error('no pins planned');
    const render = () =>
      sharp(Buffer.from(pinSvg(art)))
        .png()
        .toBuffer();
    const [first, second] = await Promise.all([render(), render()]);
    expect(first.equals(second)).toBe(true);
    const metadata = await sharp(first).metadata();
    expect([metadata.width, metadata.height]).toEqual([art.width, art.height]);
  });
});

describe('helpers', () => {
  it('slugify lowercases, folds accents and joins words with single dashes', () => {
    expect(slugify('Sourdough & Bread')).toBe('sourdough-bread');
    expect(slugify('  Crème brûlée!  ')).toBe('creme-brulee');
    expect(slugify('Mid-century Furniture')).toBe('mid-century-furniture');
    expect(slugify('Street Food Around the World')).toBe('street-food-around-the-world');
  });

  it('allocate splits a total by weight, at least one each when there are enough', () => {
    expect(allocate(10, [1, 1])).toEqual([5, 5]);
    expect(allocate(300, [30, 10, 1]).reduce((a, b) => a + b, 0)).toBe(300);
    expect(Math.min(...allocate(20, [100, 1, 1, 1]))).toBe(1);
    expect(allocate(2, [1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('mulberry32 is reproducible and in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });
});
