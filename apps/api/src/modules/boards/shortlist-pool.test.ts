// shortlistPool: pickShortlist over the pool gives the same answer as over every board.
import { describe, expect, it } from 'vitest';
import { pickShortlist, type PickerBoard } from '@corkboard/shared/saving/board-sort';
import type { PinText } from '@corkboard/shared/saving/keywords';
import { shortlistPool } from './board-picker.service.ts';

const WORDS = ['Kitchen', 'Garden', 'Travel', 'Café', 'cafe', 'Recipes', '2024', 'Wedding', 'Kit'];
const PINS: PinText[] = [
  {},
  { title: 'Kitchen garden recipes' },
  { title: 'Travel', description: 'cafe wedding', link: 'https://garden.example.com/x' },
  { title: 'nothing matches here' },
];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('shortlistPool', () => {
  it('keeps pickShortlist’s answer, ties and unknown recency included', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const next = random(seed);
      const count = 1 + Math.floor(next() * 40);
      const boards: PickerBoard[] = Array.from({ length: count }, (_, i) => {
        const pick = () => WORDS[Math.floor(next() * WORDS.length)] ?? '';
        const day = (): string | null =>
          next() < 0.15
            ? null
            : new Date(Date.UTC(2026, 0, 1 + Math.floor(next() * 5))).toISOString();
        return {
          id: String(i + 1),
          name: `${pick()} ${pick()}`,
          createdAt: day(),
          lastSavedAt: day(),
        };
      });
      for (const pin of PINS) {
        for (const size of [1, 2, 3]) {
          const all = pickShortlist(boards, pin, { size }).map((board) => board.id);
          const pooled = pickShortlist(shortlistPool(boards, pin, size), pin, { size }).map(
            (board) => board.id,
          );
          expect(pooled).toEqual(all);
        }
      }
    }
  });
});
