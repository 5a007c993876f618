import { describe, expect, it } from 'vitest';
import { readCreateAction } from './createAction.ts';

const ORIGIN = 'http://corkboard.test';

describe('readCreateAction (saving.md §2.1 action: create, repin)', () => {
  it('is create without an action or with action=create', () => {
    expect(readCreateAction('?url=https://a.example/', ORIGIN)).toEqual({ action: 'create' });
    expect(readCreateAction('?action=create', ORIGIN)).toEqual({ action: 'create' });
  });

  it('repins the pin named by pin_id, else by a url of our own pin page', () => {
    expect(readCreateAction('?action=repin&pin_id=42', ORIGIN)).toEqual({
      action: 'repin',
      pinId: '42',
    });
    expect(
      readCreateAction(`?action=repin&url=${encodeURIComponent(`${ORIGIN}/pin/77/`)}`, ORIGIN),
    ).toEqual({ action: 'repin', pinId: '77' });
  });

  it('is invalid for an unknown action or a repin without a pin of ours', () => {
    expect(readCreateAction('?action=delete', ORIGIN)).toEqual({ action: 'invalid' });
    expect(readCreateAction('?action=repin', ORIGIN)).toEqual({ action: 'invalid' });
    expect(readCreateAction('?action=repin&pin_id=0x1', ORIGIN)).toEqual({ action: 'invalid' });
    expect(readCreateAction('?action=repin&url=https://elsewhere.example/pin/77/', ORIGIN)).toEqual(
      { action: 'invalid' },
    );
  });
});
