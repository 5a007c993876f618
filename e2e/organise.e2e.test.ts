// Following and organising (issue 10's proof): follow a board from its card on a profile and
// find its newest pin in the Following home tab; Organise mode moves three pins into a section
// and back, a refused move (2171) puts them back with the spec's message, and a pin chosen by
// keyboard is deleted after a confirmation. axe on every page and dialog visited.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer();

let browser: Browser;
const contexts: BrowserContext[] = [];

interface PinRow {
  id: string;
  title: string;
  section: { id: string; title: string } | null;
}

interface BoardRow {
  id: string;
  sections: { id: string; title: string }[];
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${corkboard.url}${path}`);
  const body = (await response.json()) as { resource_response: { data: T } };
  return body.resource_response.data;
}

async function signedIn(username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await signInAsDemoUser(context, corkboard.url, username);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchJourneyBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('following', () => {
  test('follow a board from its card, then see its newest pin in the Following tab', async () => {
    const page = await signedIn('tomas_travels');
    const board = await apiData<BoardRow>(page, '/v3/boards/ben_woodworks/cutting-boards/');
    const [newest] = await apiData<PinRow[]>(page, `/v3/boards/${board.id}/pins/?page_size=1`);
    if (!newest) throw new Error('Cutting Boards has no pins');

    await page.goto(`${corkboard.url}/ben_woodworks/`);
    const follow = page.getByRole('button', { name: 'Follow Cutting Boards' });
    await follow.waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // By keyboard: focus the button and press Enter.
    await follow.focus();
    await page.keyboard.press('Enter');
    // The name follows the visible text (axe label-content-name-mismatch).
    const following = page.getByRole('button', { name: 'Following Cutting Boards' });
    await expect.poll(() => following.getAttribute('aria-pressed')).toBe('true');
    expect(await following.textContent()).toBe('Following');
    await expect
      .poll(
        async () =>
          (
            await apiData<BoardRow & { followed_by_me: boolean }>(
              page,
              '/v3/boards/ben_woodworks/cutting-boards/',
            )
          ).followed_by_me,
      )
      .toBe(true);

    await page.goto(`${corkboard.url}/`);
    const tabs = page.getByRole('navigation', { name: 'Home feeds' });
    await tabs.getByRole('link', { name: 'Following' }).click();
    await page.waitForURL(/\?tab=following$/);
    const pinLink = page.locator(`main a[href="/pin/${newest.id}/"]`).first();
    // The feed is newest first across everyone tomas follows: scroll until the pin shows.
    for (let i = 0; i < 30 && !(await pinLink.isVisible()); i += 1) {
      await page.mouse.wheel(0, 4000);
      await pinLink.waitFor({ timeout: 1500 }).catch(() => undefined);
    }
    await pinLink.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('the followers list opens from a profile and lists the person who followed', async () => {
    const page = await signedIn('mara_cooks');
    await page.goto(`${corkboard.url}/ben_woodworks/`);
    await page.getByRole('button', { name: /followers?$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Followers' });
    await dialog
      .getByRole('link', { name: /Gus|Ines/ })
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('organise', () => {
  let page: Page;
  let board: BoardRow;
  let chosen: PinRow[];
  let jigs: { id: string; title: string };

  beforeAll(async () => {
    page = await signedIn('ben_woodworks');
    board = await apiData<BoardRow>(page, '/v3/boards/ben_woodworks/workshop-projects/');
    const found = board.sections.find((section) => section.title === 'Jigs');
    if (!found) throw new Error('no Jigs section');
    jigs = found;
    const pins = await apiData<PinRow[]>(page, `/v3/boards/${board.id}/pins/?page_size=25`);
    // Three loose pins whose titles name them uniquely on the first page.
    const unique = (pin: PinRow) => pins.filter((other) => other.title === pin.title).length === 1;
    chosen = pins
      .filter((pin) => pin.section === null && pin.title !== '' && unique(pin))
      .slice(0, 3);
    expect(chosen).toHaveLength(3);
  });

  async function openOrganise() {
    await page.goto(`${corkboard.url}/ben_woodworks/workshop-projects/`);
    await page.getByRole('button', { name: 'Organise' }).click();
    await page.getByRole('button', { name: 'Select all' }).waitFor();
  }

  const pinButton = (pin: PinRow) => page.getByRole('button', { name: pin.title, exact: true });

  async function sectionOf(pin: PinRow): Promise<string | null> {
    return (await apiData<PinRow>(page, `/v3/pins/${pin.id}/`)).section?.id ?? null;
  }

  async function moveChosenTo(sectionTitle: string) {
    for (const pin of chosen) await pinButton(pin).click();
    await page.getByText('3 Pins selected').waitFor();
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 3 Pins' });
    await dialog.getByLabel('Board').selectOption({ label: 'Workshop Projects' });
    const section = dialog.getByLabel('Section');
    await section.locator('option', { hasText: 'Jigs' }).waitFor({ state: 'attached' });
    await section.selectOption({ label: sectionTitle });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('Moved 3 Pins to Workshop Projects.').waitFor({ state: 'attached' });
  }

  test('moves three pins into a section and back', async () => {
    await openOrganise();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await moveChosenTo('Jigs');
    for (const pin of chosen) await expect.poll(() => sectionOf(pin)).toBe(jigs.id);

    // And back out of the section (to the board itself), from the whole board's view.
    await openOrganise();
    await moveChosenTo('No section');
    for (const pin of chosen) await expect.poll(() => sectionOf(pin)).toBeNull();
  });

  test('a move refused with 2171 puts the pins back and says to wait', async () => {
    await page.route('**/resource/BulkEditSelectAllResource/update/', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify(
          failure({
            api_error_code: ERROR_CODES.BOARD_MOVE_IN_PROGRESS.code,
            message: ERROR_CODES.BOARD_MOVE_IN_PROGRESS.message,
            http_status: 409,
          }),
        ),
      }),
    );
    try {
      await openOrganise();
      const pin = chosen[0] as PinRow;
      await pinButton(pin).click();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Move 1 Pin' });
      await dialog.getByLabel('Board').selectOption({ label: 'Workshop Projects' });
      await dialog.getByLabel('Section').selectOption({ label: 'Jigs' });
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await page
        .getByRole('alert')
        .getByText('Please wait until the previous board action finishes.')
        .waitFor();
      expect(await pinButton(pin).getAttribute('aria-pressed')).toBe('true');
      expect(await sectionOf(pin)).toBeNull();
    } finally {
      await page.unroute('**/resource/BulkEditSelectAllResource/update/');
    }
  });

  test('deletes a pin chosen by keyboard, after the confirmation', async () => {
    await openOrganise();
    const pin = chosen[2] as PinRow;
    await pinButton(pin).focus();
    await page.keyboard.press('Space');
    await page.getByText('1 Pin selected').waitFor();
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete 1 Pin?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleted 1 Pin.').waitFor({ state: 'attached' });
    await expect
      .poll(async () => (await page.request.get(`${corkboard.url}/v3/pins/${pin.id}/`)).status())
      .toBe(404);
    expect(await pinButton(pin).count()).toBe(0);
  });
});

describe('pin edit', () => {
  let page: Page;
  let pin: PinRow & { board: { id: string; url: string } };

  beforeAll(async () => {
    page = await signedIn('ben_woodworks');
    const board = await apiData<BoardRow>(page, '/v3/boards/ben_woodworks/workshop-projects/');
    const pins = await apiData<(PinRow & { board: { id: string; url: string } })[]>(
      page,
      `/v3/boards/${board.id}/pins/?page_size=25`,
    );
    // The oldest pin of the first page: far from the ones the organise journeys choose.
    const last = pins.filter((candidate) => candidate.title !== '').at(-1);
    if (!last) throw new Error('Workshop Projects has no titled pins');
    pin = last;
  });

  test("a visitor at the edit address is told 'Log in to edit this Pin'", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const visitor = await context.newPage();
    await visitor.goto(`${corkboard.url}/pin/${pin.id}/edit/`);
    await visitor.getByText('Log in to edit this Pin').waitFor();
    const login = visitor.getByRole('link', { name: 'Log in', exact: true });
    expect(await login.getAttribute('href')).toBe(
      `/login/?next=${encodeURIComponent(`/pin/${pin.id}/edit/`)}`,
    );
    expect(await seriousAxeViolations(visitor)).toEqual([]);
  });

  test('edits the title and alt text by keyboard, then deletes the pin after a confirmation', async () => {
    await page.goto(`${corkboard.url}/pin/${pin.id}/`);
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit this Pin' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A title over the limit is refused under the field, nothing sent.
    const title = dialog.getByLabel('Title');
    await title.fill('x'.repeat(101));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Please enter no more than 100 characters.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await title.fill('Edited in the journey');
    await dialog.getByLabel('Alt text').fill('A workbench with clamps');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Edited in the journey' }).waitFor();
    const saved = await apiData<PinRow & { alt_text: string }>(page, `/v3/pins/${pin.id}/`);
    expect(saved).toMatchObject({
      title: 'Edited in the journey',
      alt_text: 'A workbench with clamps',
    });

    await edit.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this Pin?' });
    await confirm.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL((url) => url.pathname === pin.board.url);
    await expect
      .poll(async () => (await page.request.get(`${corkboard.url}/v3/pins/${pin.id}/`)).status())
      .toBe(404);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('board edit', () => {
  test('reorders sections by keyboard (focus stays on the moved one) and renames one', async () => {
    const page = await signedIn('ben_woodworks');
    const titles = async () =>
      (await apiData<BoardRow>(page, '/v3/boards/ben_woodworks/workshop-projects/')).sections.map(
        (section) => section.title,
      );
    expect(await titles()).toEqual(['Joinery', 'Jigs', 'Finishing']);
    await page.goto(`${corkboard.url}/ben_woodworks/workshop-projects/`);
    await page.getByRole('button', { name: 'Edit sections', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit sections' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Move down Joinery' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(titles).toEqual(['Jigs', 'Joinery', 'Finishing']);
    // The focus followed Joinery: Enter again moves it once more.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Move down Joinery');
    await page.keyboard.press('Enter');
    await expect.poll(titles).toEqual(['Jigs', 'Finishing', 'Joinery']);

    await dialog.getByRole('button', { name: 'Rename Finishing' }).click();
    const name = dialog.getByLabel('New name for Finishing');
    await name.fill('Finishes');
    await page.keyboard.press('Enter');
    await expect.poll(titles).toEqual(['Jigs', 'Finishes', 'Joinery']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('renames a board and makes it secret, then deletes it after a confirmation', async () => {
    const page = await signedIn('ben_woodworks');
    const board = await apiData<BoardRow & { pin_count: number }>(
      page,
      '/v3/boards/ben_woodworks/mid-century-furniture/',
    );
    await page.goto(`${corkboard.url}/ben_woodworks/mid-century-furniture/`);
    const edit = page.getByRole('button', { name: 'Edit board', exact: true });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit your board' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText("Don't forget to name your board!").waitFor();
    await dialog.getByLabel('Name').fill('Mid-century Pieces');
    await dialog.getByRole('switch', { name: 'Keep this board secret' }).check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/ben_woodworks/mid-century-pieces/');
    await page.getByRole('heading', { level: 1, name: 'Mid-century Pieces' }).waitFor();
    expect(
      (await apiData<{ privacy: string }>(page, '/v3/boards/ben_woodworks/mid-century-pieces/'))
        .privacy,
    ).toBe('secret');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await edit.click();
    await dialog.getByRole('button', { name: 'Delete board', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Mid-century Pieces?' });
    await confirm.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete board', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/ben_woodworks/');
    await expect
      .poll(async () =>
        (
          await page.request.get(`${corkboard.url}/v3/boards/ben_woodworks/mid-century-pieces/`)
        ).status(),
      )
      .toBe(404);
    expect(board.pin_count).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('manual ordering', () => {
  test('reorders boards by keyboard; the order survives a reload', async () => {
    const page = await signedIn('gus_grows');
    const before = await apiData<{ id: string; name: string }[]>(
      page,
      '/v3/users/gus_grows/boards/?sort=custom&page_size=25',
    );
    expect(before.length).toBeGreaterThanOrEqual(3);
    const last = before.at(-1);
    if (!last) throw new Error('gus_grows has no boards');

    await page.goto(`${corkboard.url}/gus_grows/`);
    await page.getByRole('button', { name: 'Reorder' }).click();
    const list = page.getByRole('list', { name: 'Your boards, in order' });
    await list.getByRole('button').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard only: pick the last board up, take it to the top, drop it.
    const handle = list.getByRole('button', { name: `Move ${last.name}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.getByText(`Picked up ${last.name}.`, { exact: false }).waitFor({
      state: 'attached',
    });
    expect(await handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page
      .getByText(`Dropped ${last.name} at position 1 of ${before.length}.`)
      .waitFor({ state: 'attached' });
    // Focus stayed on the moved board, now first.
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null),
    ).toBe(`Move ${last.name}`);
    expect(await list.getByRole('button').first().getAttribute('aria-label')).toBe(
      `Move ${last.name}`,
    );
    // Saved: the profile's own sort is now custom, with the board first.
    await expect
      .poll(
        async () =>
          (await apiData<{ name: string }[]>(page, '/v3/users/gus_grows/boards/?page_size=1'))[0]
            ?.name,
      )
      .toBe(last.name);

    await page.reload();
    const names = page.locator('.board-grid .board-card__name');
    await names.first().waitFor();
    expect(await names.first().textContent()).toBe(last.name);
    expect(await page.getByLabel('Sort boards by').inputValue()).toBe('custom');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('reorders a board’s pins by keyboard in Reorder mode; the board sorts by Custom', async () => {
    const page = await signedIn('gus_grows');
    const board = await apiData<BoardRow>(page, '/v3/boards/gus_grows/shade-plants/');
    const before = await apiData<PinRow[]>(
      page,
      `/v3/boards/${board.id}/pins/?sort=custom&page_size=25`,
    );
    const last = before.at(-1);
    if (!last || before.length < 3) throw new Error('Shade Plants has too few pins');

    await page.goto(`${corkboard.url}/gus_grows/shade-plants/`);
    await page.getByRole('button', { name: 'Reorder' }).click();
    const list = page.getByRole('list', { name: 'Pins, in order' });
    await list.getByRole('button').first().waitFor();
    expect(await page.getByLabel('Sort Pins by').inputValue()).toBe('newest');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const handle = list.getByRole('button').last();
    const label = await handle.getAttribute('aria-label');
    await handle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page
      .getByText(`at position 1 of ${before.length}.`, { exact: false })
      .waitFor({ state: 'attached' });
    expect(await list.getByRole('button').first().getAttribute('aria-label')).toBe(label);
    await expect.poll(() => page.getByLabel('Sort Pins by').inputValue()).toBe('custom');
    // Saved: the board's own order now starts with the moved pin, for everyone.
    await expect
      .poll(
        async () =>
          (await apiData<PinRow[]>(page, `/v3/boards/${board.id}/pins/?page_size=1`))[0]?.id,
      )
      .toBe(last.id);
  });
});
