// The pin create page (saving.md §2.1) inside the app against a stubbed API: the signed-in
// pop-up layout and save, the success view that closes the window after 10 s, the image found
// at a link, the registered image, the signed-out sign-up panel and the pop-up size.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makePickerBoard, makePin, makeSavedPin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { resourceOptions, savingHandler } from '../../test/savingApi.ts';
import { popupWindow } from './PinCreatePage.tsx';

const boards = [
  makePickerBoard('1', { name: 'Desserts' }),
  makePickerBoard('2', { name: 'Pies', section_count: 1 }),
];

const QUERY =
  '?url=https%3A%2F%2Fshop.example%2Fpie&media=https%3A%2F%2Fshop.example%2Fpie.jpg&description=Cherry%20pie&guid=g-1&color=%23aa0011';

let close: MockInstance<() => void>;
let resizeTo: MockInstance<(width: number, height: number) => void>;

beforeEach(() => {
  close = vi.spyOn(popupWindow, 'close').mockImplementation(() => undefined);
  resizeTo = vi.spyOn(popupWindow, 'resizeTo').mockImplementation(() => undefined);
  vi.spyOn(popupWindow, 'isPopup').mockReturnValue(true);
  vi.spyOn(popupWindow, 'outerHeight').mockReturnValue(600);
});

afterEach(() => {
  close.mockRestore();
  resizeTo.mockRestore();
  vi.mocked(popupWindow.isPopup).mockRestore();
  vi.mocked(popupWindow.outerHeight).mockRestore();
  vi.useRealTimers();
});

function stubCreate(options: { job?: 'pending' | 'succeeded'; found?: boolean } = {}) {
  const handler = savingHandler({
    boards,
    save: (body) =>
      ok(
        makeSavedPin('700', boards[0]!, {
          description: String(body['description']),
          link: String(body['link']),
        }),
      ),
  });
  return stubApi((url, init) => {
    if (url.pathname === '/v3/pins/image/') {
      return ok({
        id: '55',
        status: options.job ?? 'pending',
        image_url: 'https://shop.example/pie.jpg',
        media_upload_id: options.job === 'succeeded' ? '88' : null,
        error: null,
        created_at: '2026-11-21T00:00:00.000Z',
      });
    }
    if (url.pathname === '/v3/pins/image/55/') {
      return ok({
        id: '55',
        status: options.job ?? 'pending',
        image_url: 'https://shop.example/pie.jpg',
        media_upload_id: options.job === 'succeeded' ? '88' : null,
        error: null,
        created_at: '2026-11-21T00:00:00.000Z',
      });
    }
    if (url.pathname === '/resource/FindPinImagesResource/get/') {
      expect(resourceOptions(url)['url']).toBe('https://shop.example/pie');
      return ok({
        url: 'https://shop.example/pie',
        title: 'Cherry pie',
        description: 'A summer pie',
        items:
          options.found === false
            ? []
            : [
                {
                  type: 'image',
                  url: 'https://shop.example/hero.jpg',
                  width: 1200,
                  height: 630,
                  source: 'og:image',
                  pinnable: true,
                },
                {
                  type: 'image',
                  url: 'https://shop.example/crust.jpg',
                  width: 400,
                  height: 300,
                  source: 'img',
                  pinnable: true,
                },
              ],
      });
    }
    return handler(url, init);
  });
}

describe('pin create page, signed in', () => {
  test('pop-up layout: image and description left, board picker right; the window is sized', async () => {
    stubCreate();
    renderApp(`/pin/create/bookmarklet/${QUERY}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose board' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cherry pie' })).toHaveAttribute(
      'src',
      'https://shop.example/pie.jpg',
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Cherry pie');
    // §9: width 750; height at least 750, plus 48 when it adjusts.
    expect(resizeTo).toHaveBeenCalledWith(750, 798);
  });

  test('saving: PinResource with the query, success view, toast, and the window closes after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubCreate();
    renderApp(`/pin/create/bookmarklet/${QUERY}`);
    await screen.findByRole('heading', { level: 1, name: 'Choose board' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Cherry pie for July' },
    });
    fireEvent.click(await screen.findByRole('option', { name: /Desserts/ }));

    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Saved to Desserts' },
      { timeout: 3000 },
    );
    // Focus moves in an effect after the commit that shows the heading (which findByRole may
    // see first on a loaded machine).
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.bodies('/resource/PinResource/create/')[0]).toEqual({
      options: {
        board_id: '1',
        share_facebook: false,
        share_twitter: false,
        image_url: 'https://shop.example/pie.jpg',
        method: 'bookmarklet',
        description: 'Cherry pie for July',
        title: '',
        is_buyable_pin: false,
        link: 'https://shop.example/pie',
        color: '#aa0011',
        guid: 'g-1',
      },
    });
    const success = heading.closest('.create-success') as HTMLElement;
    expect(within(success).getByText('https://shop.example/pie')).toBeInTheDocument();
    expect(within(success).getByText('Cherry pie for July')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'You saved this Pin to Desserts!' }),
    ).toHaveAttribute('href', '/pin/700/');
    await waitFor(() =>
      expect(api.bodies('/v3/client_log/')).toContainEqual(
        expect.objectContaining({
          event: 'pin_create_success',
          pin_id: '700',
          path: 'bookmarklet',
          guid: 'g-1',
        }),
      ),
    );
    expect(close).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(10_000));
    expect(close).toHaveBeenCalledTimes(1);
  });

  test('the registered image is used once the server has it (PUT /v3/pins/image/)', async () => {
    const api = stubCreate({ job: 'succeeded' });
    renderApp(`/pin/create/create/${QUERY}`);
    await screen.findByRole('heading', { level: 1, name: 'Choose board' });
    await waitFor(() =>
      expect(api.bodies('/v3/pins/image/')).toEqual([
        { image_url: 'https://shop.example/pie.jpg' },
      ]),
    );
    fireEvent.click(await screen.findByRole('option', { name: /Desserts/ }));
    await waitFor(() => expect(api.bodies('/resource/PinResource/create/')).toHaveLength(1));
    expect(api.bodies('/resource/PinResource/create/')[0]).toMatchObject({
      options: { media_upload_id: '88', method: 'create' },
    });
  });

  test('a link without an image: the first pinnable image found there is saved', async () => {
    const api = stubCreate();
    renderApp('/pin/create/bookmarklet/?url=https%3A%2F%2Fshop.example%2Fpie');
    expect(await screen.findByRole('img', { name: 'A summer pie' })).toHaveAttribute(
      'src',
      'https://shop.example/hero.jpg',
    );
    fireEvent.click(await screen.findByRole('option', { name: /Desserts/ }));
    await waitFor(() => expect(api.bodies('/resource/PinResource/create/')).toHaveLength(1));
    expect(api.bodies('/resource/PinResource/create/')[0]).toMatchObject({
      options: {
        image_url: 'https://shop.example/hero.jpg',
        title: 'Cherry pie',
        link: 'https://shop.example/pie',
      },
    });
    // §2.9: the page had several images, so the success view shows them as the website grid.
    const grid = await screen.findByRole(
      'list',
      { name: 'Images from this website' },
      { timeout: 3000 },
    );
    expect(
      Array.from(grid.querySelectorAll('img')).map((image) => image.getAttribute('src')),
    ).toEqual(['https://shop.example/hero.jpg', 'https://shop.example/crust.jpg']);
  });

  test('a link with nothing pinnable says so', async () => {
    stubCreate({ found: false });
    renderApp('/pin/create/bookmarklet/?url=https%3A%2F%2Fshop.example%2Fpie');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nothing to save here' }),
    ).toBeInTheDocument();
  });

  test('a failed save shows the error toast and resets the row; the page stays', async () => {
    const api = stubApi(savingHandler({ boards, save: () => fail('URL_UNREACHABLE') }));
    renderApp('/pin/create/create/?media=https%3A%2F%2Fshop.example%2Fpie.jpg&guid=g-2');
    const option = (await screen.findAllByRole('option', { name: /Desserts/ }))[0]!;
    fireEvent.click(option);
    expect(await screen.findByText("We couldn't reach that website.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose board' })).toBeInTheDocument();
    expect(within(option).queryByText('Saved')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodies('/v3/client_log/')).toContainEqual(
        expect.objectContaining({
          event: 'pin_create_fail',
          path: 'create',
          guid: 'g-2',
          error_code: 402,
        }),
      ),
    );
  });

  test('an unknown method is not a page', async () => {
    stubCreate();
    renderApp('/pin/create/other/');
    expect(
      await screen.findByRole('heading', { name: 'This way of saving Pins does not exist.' }),
    ).toBeInTheDocument();
  });
});

describe('pin create page, signed out', () => {
  test('the image with a sign-up panel (source bookmarklet) that comes back with the query', async () => {
    stubApi(() => undefined);
    renderApp(`/pin/create/bookmarklet/${QUERY}`);
    expect(await screen.findByRole('img', { name: 'Cherry pie' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', {
        name: 'Never lose track of your ideas again! Sign up for an account',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Choose board' })).not.toBeInTheDocument();
  });
});

describe('pin create page, action (saving.md §2.1 "Actions: create, repin")', () => {
  test('action=repin saves the named pin again through RepinResource', async () => {
    const api = stubApi(
      savingHandler({
        boards,
        extra: (url) =>
          url.pathname === '/v3/pins/321/'
            ? ok(makePin('321', { title: 'Quilt', description: 'A blue quilt' }))
            : undefined,
      }),
    );
    renderApp('/pin/create/bookmarklet/?action=repin&pin_id=321');
    await screen.findByRole('heading', { level: 1, name: 'Choose board' });
    expect(screen.getByText('A blue quilt')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('option', { name: /Desserts/ }));
    await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }, { timeout: 3000 });
    expect(api.bodies('/resource/RepinResource/create/')[0]).toMatchObject({
      options: { board_id: '1', pin_id: '321' },
    });
    expect(api.bodies('/resource/PinResource/create/')).toEqual([]);
  });

  test('an action that does not exist, or repin without a pin, says so', async () => {
    stubApi(savingHandler({ boards }));
    renderApp('/pin/create/bookmarklet/?action=delete');
    expect(
      await screen.findByRole('heading', {
        name: 'This action does not exist: Pins can be created or saved again (create, repin).',
      }),
    ).toBeInTheDocument();
  });
});
