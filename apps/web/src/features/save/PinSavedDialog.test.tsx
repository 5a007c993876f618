// The pin-saved dialog (saving.md §2.9) and the overlay, confetti and toast timings (§2.8, §9).
import type { FollowableUser, LinkDomain, PinDetail } from '@corkboard/shared/api-types';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../../app/App.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { fail, ok, stubApi, type Handler } from '../../test/api.ts';
import { ensureSavingCatalogue } from '../../i18n/savingCatalogue.ts';
import { makeBoard, makePickerBoard, makePin, makeSavedPin } from '../../test/fixtures.ts';
import { createTestQueryClient, renderSaving } from '../../test/render.tsx';
import { resourceOptions } from '../../test/savingApi.ts';
import { AuthModalProvider } from '../auth/AuthModalProvider.tsx';
import { Confetti } from './Confetti.tsx';
import {
  CONFETTI_DELAY_MS,
  CONFETTI_DURATION_MS,
  CONFETTI_PARTICLES,
  SAVED_OVERLAY_MS,
} from './motion.ts';
import { PinSavedDialog } from './PinSavedDialog.tsx';
import type { SavingToastItem } from './saveFlowContext.ts';
import { SaveFlowProvider } from './SaveFlowProvider.tsx';
import { SavedOverlay } from './SavedOverlay.tsx';
import { MOBILE_SAVED_TOAST_MS, SAVE_TOAST_MS, SavingToastRegion } from './SavingToasts.tsx';

const board = makePickerBoard('5', { name: 'Pantry Staples' });
const viewer = { id: '7', is_partner: false };

function stubRelated(answer: () => Response | Promise<Response>, extra?: Handler) {
  return stubApi((url, init) => {
    if (url.pathname === '/resource/RelatedBoardForPinRandomFeedResource/get/')
      return answer() as Response;
    return extra?.(url, init);
  });
}

const official: FollowableUser = {
  id: '30',
  username: 'cook',
  full_name: 'Cooking Example',
  image_medium_url: null,
  followed_by_me: false,
};

function pinDetail(id: string, linkDomain: LinkDomain | null): PinDetail {
  return {
    ...makePin(id),
    link_domain: linkDomain,
    board_access: ['read'],
    is_promoted: false,
    promoted_is_removable: false,
    via_pinner: null,
    embed: null,
  };
}

/** PinResource get answers the saved pin with `linkDomain`; the client log answers ok. */
function stubDetail(
  linkDomain: LinkDomain | null | (() => Response),
  follow?: (url: URL) => Response,
) {
  return stubRelated(
    () => ok([]),
    (url) => {
      if (url.pathname === '/resource/PinResource/get/') {
        if (typeof linkDomain === 'function') return linkDomain();
        return ok(pinDetail(String(resourceOptions(url)['id']), linkDomain));
      }
      if (url.pathname.startsWith('/resource/UserFollowResource/')) return follow?.(url);
      if (url.pathname === '/v3/client_log/') return ok(null);
      return undefined;
    },
  );
}

function renderDialog(props: Partial<Parameters<typeof PinSavedDialog>[0]> = {}) {
  const onDismiss = vi.fn();
  renderSaving(
    <PinSavedDialog
      pin={makeSavedPin('900', board)}
      boardName="Pantry Staples"
      sectionName={null}
      viewer={viewer}
      onDismiss={onDismiss}
      {...props}
    />,
  );
  return { onDismiss, dialog: screen.getByTestId('saved-pin-modal') };
}

function withPlainProviders(ui: React.ReactNode) {
  const i18n = createI18n('en');
  ensureSavingCatalogue(i18n);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('pin-saved dialog', () => {
  test('says where it was saved, shows the new pin 236 wide when no board is related', async () => {
    stubRelated(() => ok([]));
    const { dialog } = renderDialog();
    // The width itself is measured in Chromium (e2e): jsdom drops CSS min().
    expect(dialog).toHaveAttribute('data-min-width', '500');
    expect(screen.getByRole('dialog', { name: 'Saved to Pantry Staples' })).toBeInTheDocument();
    // While the related board loads: a spinner labelled 'See suggested board'.
    expect(
      within(dialog).getByText('See suggested board').closest('[role="status"]'),
    ).not.toBeNull();
    const image = await within(dialog).findByRole('img', { name: 'Pin 900' });
    expect(image).toHaveAttribute('src', '/media/pin900-236.jpg');
    expect(image.closest('.pin-saved__image')).toHaveStyle({ width: '236px' });
  });

  test('the heading names the section when there is one, and can be hidden', () => {
    stubRelated(() => ok([]));
    renderDialog({ sectionName: 'Soups', showHeading: false });
    const heading = screen.getByRole('heading', { name: 'Saved to Soups in Pantry Staples' });
    expect(heading).toHaveClass('visually-hidden');
  });

  test('a related board replaces the pin preview', async () => {
    stubRelated(() =>
      ok([makeBoard({ name: 'Coastal Portugal', url: '/tomas/coastal-portugal/' })]),
    );
    const { dialog } = renderDialog();
    expect(
      await within(dialog).findByRole('link', { name: 'You might also like Coastal Portugal' }),
    ).toHaveAttribute('href', '/tomas/coastal-portugal/');
    expect(within(dialog).queryByRole('img', { name: 'Pin 900' })).not.toBeInTheDocument();
  });

  test('a failed related-board fetch is silent: the pin shows', async () => {
    stubApi(() => undefined);
    const { dialog } = renderDialog();
    expect(await within(dialog).findByRole('img', { name: 'Pin 900' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('Send goes to the pin with share=true; See it now is red and dismisses; no promote', () => {
    stubRelated(() => ok([]));
    const { dialog, onDismiss } = renderDialog();
    expect(within(dialog).getByRole('link', { name: 'Send' })).toHaveAttribute(
      'href',
      '/pin/900/?share=true',
    );
    const seeIt = within(dialog).getByRole('link', { name: 'See it now' });
    expect(seeIt).toHaveAttribute('href', '/pin/900/');
    expect(seeIt).toHaveClass('button--primary');
    expect(within(dialog).queryByText('Promote your Pin')).not.toBeInTheDocument();
    act(() => seeIt.click());
    expect(onDismiss).toHaveBeenCalled();
  });

  test('a promotable pin offers Promote your Pin (no Send) and See it now turns grey', () => {
    stubRelated(() => ok([]));
    const { dialog, onDismiss } = renderDialog({
      pin: { ...makeSavedPin('900', board), is_promotable: true },
    });
    const promote = within(dialog).getByRole('link', { name: 'Promote your Pin' });
    expect(promote).toHaveAttribute('href', '/advertiser/quick_promote?pinId=900');
    expect(within(dialog).queryByRole('link', { name: 'Send' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See it now' })).toHaveClass(
      'button--secondary',
    );
    act(() => promote.click());
    expect(onDismiss).toHaveBeenCalled();
  });

  test('See it now is grey for partners, and can open in a new tab', () => {
    stubRelated(() => ok([]));
    const { dialog } = renderDialog({
      viewer: { id: '7', is_partner: true },
      seeItNowInNewTab: true,
    });
    const seeIt = within(dialog).getByRole('link', { name: 'See it now (opens in a new tab)' });
    expect(seeIt).toHaveClass('button--secondary');
    expect(seeIt).toHaveAttribute('target', '_blank');
  });

  test('several website images show as a scrollable grid of 160 px columns', async () => {
    stubRelated(() => ok([]));
    const { dialog } = renderDialog({
      websiteImages: [
        'https://a.example/1.jpg',
        'https://a.example/2.jpg',
        'https://a.example/3.jpg',
      ],
    });
    const grid = await within(dialog).findByRole('list', { name: 'Images from this website' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(grid).toHaveStyle({
      maxHeight: '540px',
      minWidth: '480px',
      gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    });
  });

  test('one website image is not a grid', async () => {
    stubRelated(() => ok([]));
    const { dialog } = renderDialog({ websiteImages: ['https://a.example/1.jpg'] });
    expect(await within(dialog).findByRole('img', { name: 'Pin 900' })).toBeInTheDocument();
  });

  test("the creator card shows the link domain's official user with a Follow button", async () => {
    const api = stubDetail({ domain: 'cooking.example', official_user: official });
    const { dialog } = renderDialog();
    const follow = await within(dialog).findByRole('button', { name: 'Follow Cooking Example' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(follow).toHaveTextContent('Follow');
    const profile = within(dialog).getByRole('link', { name: /Cooking Example/ });
    expect(profile).toHaveAttribute('href', '/cook/');
    expect(profile).toHaveTextContent('Official account of cooking.example');
    // §7 "GET PinResource with id, field_set_key 'detailed'".
    const detailRequest = api.requests().find((path) => path.startsWith('/resource/PinResource/'));
    expect(resourceOptions(new URL(detailRequest ?? '', 'http://localhost'))).toEqual({
      id: '900',
      field_set_key: 'detailed',
    });
  });

  test.each([
    ['the viewer already follows them', { ...official, followed_by_me: true }],
    ['the official user is the viewer', { ...official, id: viewer.id }],
    ['the domain has no official user', null],
  ])('no creator card when %s', async (_case, officialUser) => {
    const api = stubDetail({ domain: 'cooking.example', official_user: officialUser });
    const { dialog } = renderDialog();
    await waitFor(() =>
      expect(api.requests().some((path) => path.startsWith('/resource/PinResource/'))).toBe(true),
    );
    expect(await within(dialog).findByRole('img', { name: 'Pin 900' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  test('no creator card for a pin without a link, or when the pin cannot be read', async () => {
    stubDetail(null);
    const first = renderDialog();
    expect(await within(first.dialog).findByRole('img', { name: 'Pin 900' })).toBeInTheDocument();
    expect(within(first.dialog).queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    cleanup();

    stubDetail(() => fail('PIN_NOT_FOUND'));
    const second = renderDialog();
    expect(await within(second.dialog).findByRole('img', { name: 'Pin 900' })).toBeInTheDocument();
    expect(within(second.dialog).queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    expect(within(second.dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('following from the card keeps the card, now saying Following', async () => {
    const api = stubDetail({ domain: 'cooking.example', official_user: official }, () =>
      ok({ ...official, followed_by_me: true, follower_count: 1 }),
    );
    const { dialog } = renderDialog();
    const follow = await within(dialog).findByRole('button', { name: 'Follow Cooking Example' });
    fireEvent.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(api.bodies('/resource/UserFollowResource/create/')).toEqual([
        { options: { user_id: '30', aux_data: { pin_id: '900' } } },
      ]),
    );
    expect(
      within(dialog).getByRole('button', { name: 'Follow Cooking Example' }),
    ).toHaveTextContent('Following');
  });
});

/**
 * `ui` as renderSaving renders it, under StrictMode at the root as in main.tsx: React runs each
 * new effect twice only there (a StrictMode nested below the providers does not).
 */
function renderStrict(ui: React.ReactNode) {
  const i18n = createI18n('en');
  ensureSavingCatalogue(i18n);
  return render(
    <StrictMode>
      <AppProviders queryClient={createTestQueryClient()} i18n={i18n}>
        <MemoryRouter useTransitions={false}>
          <AuthModalProvider>
            <SaveFlowProvider>{ui}</SaveFlowProvider>
          </AuthModalProvider>
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
}

describe('pin-saved dialog metrics (saving.md §2.9)', () => {
  test("logs one render with the 'send' metric, also under StrictMode and re-renders", async () => {
    const api = stubDetail({ domain: 'cooking.example', official_user: official }, () =>
      ok({ ...official, followed_by_me: true, follower_count: 1 }),
    );
    renderStrict(
      <PinSavedDialog
        pin={makeSavedPin('900', board)}
        boardName="Pantry Staples"
        sectionName={null}
        viewer={viewer}
        onDismiss={() => undefined}
      />,
    );
    const dialog = screen.getByTestId('saved-pin-modal');
    // Re-renders: the related board and the pin arrive, the viewer follows from the card.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Follow Cooking Example' }));
    await waitFor(() => expect(api.bodies('/resource/UserFollowResource/create/')).toHaveLength(1));
    expect(api.bodies('/v3/client_log/')).toEqual([
      { event: 'pin_saved_dialog_render', client: 'web', pin_id: '900', metric: 'send' },
    ]);
  });

  test('each shown pin logs its own render', async () => {
    const api = stubDetail(null);
    function Harness() {
      const [pinId, setPinId] = useState('900');
      return (
        <>
          <PinSavedDialog
            pin={makeSavedPin(pinId, board)}
            boardName="Pantry Staples"
            sectionName={null}
            viewer={viewer}
            onDismiss={() => setPinId('901')}
          />
        </>
      );
    }
    renderSaving(<Harness />);
    await waitFor(() => expect(api.bodies('/v3/client_log/')).toHaveLength(1));
    fireEvent.click(screen.getByRole('link', { name: 'See it now' }));
    await waitFor(() => expect(api.bodies('/v3/client_log/')).toHaveLength(2));
    expect(api.bodies('/v3/client_log/')).toEqual([
      { event: 'pin_saved_dialog_render', client: 'web', pin_id: '900', metric: 'send' },
      { event: 'pin_saved_dialog_render', client: 'web', pin_id: '901', metric: 'send' },
    ]);
  });
});

describe('saved overlay and confetti (saving.md §2.8)', () => {
  test('the overlay dismisses itself after 2600 ms; a first save says so', () => {
    vi.useFakeTimers();
    const { unmount } = withPlainProviders(<SavedOverlay first={false} />);
    expect(screen.getByText('Saved!')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(SAVED_OVERLAY_MS - 1));
    expect(screen.getByText('Saved!')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved!')).not.toBeInTheDocument();
    unmount();
    withPlainProviders(<SavedOverlay first />);
    expect(screen.getByText('You saved your first Pin!')).toBeInTheDocument();
    expect(SAVED_OVERLAY_MS).toBe(2600);
  });

  test('120 particles burst after a delay and are gone after about 800 ms', () => {
    stubReducedMotion(false);
    vi.useFakeTimers();
    withPlainProviders(<Confetti seed={3} />);
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(CONFETTI_DELAY_MS));
    const confetti = screen.getByTestId('confetti');
    expect(confetti.children).toHaveLength(CONFETTI_PARTICLES);
    expect(confetti).toHaveAttribute('aria-hidden', 'true');
    act(() => void vi.advanceTimersByTime(CONFETTI_DURATION_MS));
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });

  test('no confetti under prefers-reduced-motion', () => {
    stubReducedMotion(true);
    vi.useFakeTimers();
    withPlainProviders(<Confetti seed={3} />);
    act(() => void vi.advanceTimersByTime(CONFETTI_DELAY_MS + 10));
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });
});

describe('saving toasts (saving.md §9)', () => {
  test('a save toast stays 4000 ms, the mobile one 5000 ms, each from its own start', () => {
    vi.useFakeTimers();
    const now = Date.now();
    const items: SavingToastItem[] = [
      {
        id: 1,
        toast: {
          kind: 'saved',
          pinId: '9',
          boardName: 'Recipes',
          first: false,
          durationMs: SAVE_TOAST_MS,
        },
        expiresAt: now + SAVE_TOAST_MS,
      },
      {
        id: 2,
        toast: {
          kind: 'saved',
          pinId: '9',
          boardName: 'Recipes',
          first: true,
          durationMs: MOBILE_SAVED_TOAST_MS,
        },
        expiresAt: now + MOBILE_SAVED_TOAST_MS,
      },
    ];
    const done = vi.fn();
    withPlainProviders(<SavingToastRegion toasts={items} onDone={done} />);
    expect(screen.getByRole('link', { name: 'You saved this Pin to Recipes!' })).toHaveAttribute(
      'href',
      '/pin/9/',
    );
    act(() => void vi.advanceTimersByTime(3999));
    expect(done).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(done).toHaveBeenCalledWith(1);
    act(() => void vi.advanceTimersByTime(999));
    expect(done).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(done).toHaveBeenLastCalledWith(2);
  });

  test('error toasts show the server sentence or the fallback copy', () => {
    const items: SavingToastItem[] = [
      {
        id: 1,
        toast: { kind: 'error', message: 'Board is full.', fallback: 'generic', durationMs: 4000 },
        expiresAt: Date.now() + 4000,
      },
      {
        id: 2,
        toast: { kind: 'error', message: null, fallback: 'mobile', durationMs: 4000 },
        expiresAt: Date.now() + 4000,
      },
    ];
    withPlainProviders(<SavingToastRegion toasts={items} onDone={() => undefined} />);
    expect(screen.getByText('Board is full.')).toBeInTheDocument();
    expect(screen.getByText('Sorry! Something went wrong on our end.')).toBeInTheDocument();
  });
});
