import { describe, expect, it } from 'vitest';
import { closeupLayout } from './layout.ts';

const portrait = { width: 736, height: 1104 };
const square = { width: 736, height: 736 };
const landscape = { width: 736, height: 552 }; // 0.75
const panorama = { width: 736, height: 368 }; // 0.5

describe('closeupLayout (saving.md §9 closeup widths)', () => {
  it('wide: two 508 panes in 1016; landscape images get 672 in 1176', () => {
    expect(closeupLayout('wide', portrait)).toEqual({
      columns: 2,
      mediaWidth: 508,
      maxWidth: 1016,
    });
    expect(closeupLayout('wide', square)).toEqual({ columns: 2, mediaWidth: 508, maxWidth: 1016 });
    expect(closeupLayout('wide', { width: 1000, height: 840 })).toMatchObject({ mediaWidth: 508 });
    expect(closeupLayout('wide', landscape)).toEqual({
      columns: 2,
      mediaWidth: 672,
      maxWidth: 1176,
    });
  });

  it('medium: a 488 pane in 992; a panorama spans the 992', () => {
    expect(closeupLayout('medium', landscape)).toEqual({
      columns: 2,
      mediaWidth: 488,
      maxWidth: 992,
    });
    expect(closeupLayout('medium', { width: 1000, height: 600 })).toMatchObject({ columns: 2 });
    expect(closeupLayout('medium', panorama)).toEqual({
      columns: 1,
      mediaWidth: 992,
      maxWidth: 992,
    });
  });

  it('narrow: one column as wide as the viewport', () => {
    expect(closeupLayout('narrow', portrait)).toEqual({
      columns: 1,
      mediaWidth: null,
      maxWidth: null,
    });
  });
});
