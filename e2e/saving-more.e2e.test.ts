// More saving journeys (issue 4's proof): an e-mail collaborator invitation sent from the
// create-board form, received over real SMTP and accepted by a person who signs up from its link,
// who then saves to the board; an invitation by name, accepted on the invitee's profile; and a
// save the server refuses (the session ended in another tab), which shows the server's sentence
// in the error toast and puts the row back as it was.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';
import { savedPinIdFromToast } from './support/saving.ts';
import { signInAsDemoUser } from './support/sign-in.ts';
import { useJourneyServer } from './support/journey-server.ts';

const corkboard = useJourneyServer();
const mailDir = inject('mailDir');
/** Unique per run, so board names and addresses never collide with an earlier run's. */
const run = Date.now().toString(36);

let browser: Browser;
/** ines_interiors, logged in once for the invitation journeys: the board owner. */
let owner: BrowserContext;
const contexts: BrowserContext[] = [];

interface PinSummary {
  id: string;
  images: { '736x': { url: string } };
}

interface FailureEnvelope {
  resource_response: { error: { message: string; message_detail?: string | null } };
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${corkboard.url}${path}`);
  const body = (await response.json()) as { resource_response: { data: T } };
  return body.resource_response.data;
}

/**
 * A pin of tomas_travels not yet used by a journey of this file (the file has a server of its
 * own, support/journey-server.ts, so no other file's saves are on it).
 */
const usedPins = new Set<string>();
async function somebodyElsesPin(page: Page): Promise<PinSummary> {
  const pins = await apiData<PinSummary[]>(page, '/v3/users/tomas_travels/pins/?page_size=50');
  const pin = pins.find((candidate) => !usedPins.has(candidate.id));
  if (!pin) throw new Error('no unused pin of tomas_travels');
  usedPins.add(pin.id);
  return pin;
}

const header = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page) => header(page).getByRole('button', { name: 'Your account' });

async function openSaveModal(page: Page, pin: PinSummary): Promise<Locator> {
  await page.goto(`${corkboard.url}/pin/${pin.id}/`);
  await accountButton(page).waitFor({ timeout: 30_000 });
  await page.getByRole('main').getByRole('button', { name: 'Save', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Repin modal' });
  await modal.getByRole('heading', { name: 'Choose board' }).waitFor();
  return modal;
}

/**
 * A collaborator saves somebody's pin to the shared board from the save modal; answers the new
 * pin's id after checking, through the API, where it went and who saved it.
 */
async function saveToSharedBoard(page: Page, boardName: string, pinner?: string): Promise<string> {
  const modal = await openSaveModal(page, await somebodyElsesPin(page));
  const row = modal.getByRole('option', { name: new RegExp(boardName) }).first();
  await row.waitFor();
  await row.click();
  await page
    .getByTestId('saved-pin-modal')
    .getByRole('heading', { name: `Saved to ${boardName}` })
    .waitFor();
  const newId = await savedPinIdFromToast(page, boardName);
  const saved = await apiData<{ board: { name: string }; pinner: { username: string } }>(
    page,
    `/v3/pins/${newId}/`,
  );
  expect(saved.board.name).toBe(boardName);
  if (pinner) expect(saved.pinner.username).toBe(pinner);
  return newId;
}

beforeAll(async () => {
  browser = await launchJourneyBrowser();
  owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsDemoUser(owner, corkboard.url, 'ines_interiors');
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await owner?.close();
  await browser?.close();
});

describe('collaborator invitation by e-mail', () => {
  test('invite from the create-board form → mail over SMTP → sign up from the link → accept → save to the board', async () => {
    const boardName = `Shared nook ${run}`;
    const invitee = `invitee-${run}@example.com`;

    // The owner makes a new secret board from the save modal, inviting a fresh address.
    const page = await owner.newPage();
    const modal = await openSaveModal(page, await somebodyElsesPin(page));
    const search = modal.getByRole('combobox', { name: 'Search your boards' });
    await search.fill(boardName);
    await search.press('Enter');
    await modal.getByRole('heading', { name: 'Create board' }).waitFor();
    await modal.getByRole('switch', { name: 'Secret' }).check();
    await modal.getByLabel('Add collaborators (optional)').fill(invitee);
    const addressRow = modal.getByRole('button', { name: invitee, exact: true });
    await addressRow.waitFor();
    const captionId = (await addressRow.getAttribute('aria-describedby')) ?? '';
    await expect
      .poll(() => page.locator(`[id="${captionId}"]`).textContent())
      .toBe('Click to send!');
    await addressRow.click();
    await modal
      .getByRole('list', { name: 'Collaborators to invite' })
      .getByText(invitee, { exact: true })
      .waitFor();
    const invitedAt = Date.now();
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await page
      .getByTestId('saved-pin-modal')
      .getByRole('heading', { name: `Saved to ${boardName}` })
      .waitFor({ timeout: 20_000 });
    // No 'some invitations could not be sent' toast.
    expect(await page.getByText('some invitations could not be sent').count()).toBe(0);

    // The invitation mail, received by the SMTP sink.
    const mail = await waitForMail(mailDir, invitee, invitedAt - 1000);
    expect(mail.subject).toContain(`invited you to the board "${boardName}" on Corkboard`);
    const link = /https?:\/\/[^\s"'<>]+\/invite\/board\/\?token=[A-Za-z0-9_%-]+/.exec(
      mail.text,
    )?.[0];
    expect(link, mail.text).toBeDefined();
    expect(new URL(link ?? '').origin).toBe(corkboard.url);

    // A visitor in a fresh browser context opens the link.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(link ?? '');
    await visitor
      .getByRole('heading', {
        level: 1,
        name: new RegExp(`invited you to collaborate on ${boardName}$`),
      })
      .waitFor();
    expect(await seriousAxeViolations(visitor)).toEqual([]);

    // Sign up (the one new account of this run), and come back to the invitation.
    await visitor.getByRole('button', { name: 'Sign up to accept' }).click();
    const dialog = visitor.getByRole('dialog');
    await dialog.getByLabel('Email').fill(invitee);
    await dialog.getByLabel('Password').fill(`invitee-Password-${run}`);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog
      .getByRole('heading', { name: 'Enter your birthdate' })
      .waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Birthdate').fill('1991-07-08');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await accountButton(visitor).waitFor({ timeout: 30_000 });
    expect(new URL(visitor.url()).pathname).toBe('/invite/board/');
    const accept = visitor.getByRole('button', { name: 'Accept invitation' });
    await accept.waitFor();
    expect(await seriousAxeViolations(visitor)).toEqual([]);
    await accept.click();
    await expect.poll(() => new URL(visitor.url()).pathname).toMatch(/^\/ines_interiors\/[^/]+\/$/);
    const boardPath = new URL(visitor.url()).pathname;

    // The new collaborator saves a pin: the shared board is in the picker.
    const newId = await saveToSharedBoard(visitor, boardName);

    // The pin is on the board page, for the collaborator and for the owner.
    await visitor.goto(`${corkboard.url}${boardPath}`);
    await visitor.locator(`main a[href="/pin/${newId}/"]`).first().waitFor();
    await page.goto(`${corkboard.url}${boardPath}`);
    await page.locator(`main a[href="/pin/${newId}/"]`).first().waitFor();
  });
});

describe('collaborator invitation by name', () => {
  test('invite a person from the create-board form → they accept on their profile → save to the board', async () => {
    const boardName = `Workshop corner ${run}`;

    // The owner makes a board from the save modal and picks Ben (whom she follows) by name.
    const page = await owner.newPage();
    const modal = await openSaveModal(page, await somebodyElsesPin(page));
    const search = modal.getByRole('combobox', { name: 'Search your boards' });
    await search.fill(boardName);
    await search.press('Enter');
    await modal.getByRole('heading', { name: 'Create board' }).waitFor();
    await modal.getByLabel('Add collaborators (optional)').fill('Ben');
    const benRow = modal.getByRole('button', { name: 'Ben Hollis', exact: true });
    await benRow.waitFor();
    await benRow.click();
    await modal
      .getByRole('list', { name: 'Collaborators to invite' })
      .getByText('Ben Hollis')
      .waitFor();
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await page
      .getByTestId('saved-pin-modal')
      .getByRole('heading', { name: `Saved to ${boardName}` })
      .waitFor({ timeout: 20_000 });

    // Ben logs in and finds the invitation on his own profile.
    const benContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(benContext);
    await signInAsDemoUser(benContext, corkboard.url, 'ben_woodworks');
    const ben = await benContext.newPage();
    await ben.goto(`${corkboard.url}/ben_woodworks/`);
    const invitations = ben.getByRole('region', { name: /^Board invitations?$/ });
    await invitations.getByText(boardName, { exact: true }).waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(ben)).toEqual([]);
    await invitations
      .getByRole('button', { name: `Accept the invitation to ${boardName}` })
      .click();
    await ben.getByText(`You joined ${boardName}.`).waitFor();
    await expect.poll(() => invitations.getByText(boardName, { exact: true }).count()).toBe(0);

    // Now a collaborator, he saves a pin to the board from the picker.
    await saveToSharedBoard(ben, boardName, 'ben_woodworks');
  });
});

describe('a save the server refuses', () => {
  /** Clicks `row` and answers the server's failure sentence: message_detail, else message. */
  async function clickAndReadFailure(page: Page, row: Locator): Promise<string> {
    const answered = page.waitForResponse(
      (response) =>
        /\/resource\/(Pin|Repin)Resource\/create\//.test(response.url()) &&
        response.request().method() === 'POST',
    );
    await row.click();
    const response = await answered;
    expect(response.ok()).toBe(false);
    const { error } = ((await response.json()) as FailureEnvelope).resource_response;
    const sentence = error.message_detail?.trim() || error.message;
    expect(sentence).toBeTruthy();
    return sentence;
  }

  test('logged out in another tab → Save → the server’s error in the toast, the row reset', async () => {
    // A session of its own (the owner's journeys above keep theirs), so the tests of this file
    // pass in any order.
    const session = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(session);
    await signInAsDemoUser(session, corkboard.url, 'ines_interiors');
    // The create page (its row resets and the page stays) and the save modal (docs/decisions/011:
    // it closes on failure), both with the picker open.
    const createPage = await session.newPage();
    const pin = await somebodyElsesPin(createPage);
    const media = `${corkboard.url}${pin.images['736x'].url}`;
    const link = 'https://www.example.com/lamp';
    await createPage.goto(
      `${corkboard.url}/pin/create/create/?url=${encodeURIComponent(link)}&media=${encodeURIComponent(media)}`,
    );
    await createPage.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
    const createRow = createPage
      .getByRole('group', { name: 'All boards' })
      .getByRole('option')
      .first();
    await createRow.waitFor();
    const createRowName = (await createRow.textContent()) ?? '';

    const modalPage = await session.newPage();
    const modal = await openSaveModal(modalPage, await somebodyElsesPin(modalPage));
    const modalRow = modal.getByRole('group', { name: 'All boards' }).getByRole('option').first();
    await modalRow.waitFor();

    // The same person logs out in a third tab while both pickers are open.
    const other = await session.newPage();
    await other.goto(`${corkboard.url}/`);
    await accountButton(other).click();
    await other.getByRole('menuitem', { name: 'Log out' }).click();
    await header(other).getByRole('button', { name: 'Log in' }).waitFor();
    await other.close();

    // Create page: the toast says the server's sentence; the row is back to normal.
    const createSentence = await clickAndReadFailure(createPage, createRow);
    const createToast = createPage.locator('.saving-toast--error');
    await createToast.waitFor();
    expect((await createToast.textContent())?.trim()).toBe(createSentence);
    const sameRow = createPage
      .getByRole('group', { name: 'All boards' })
      .getByRole('option')
      .first();
    await expect.poll(() => sameRow.textContent()).toBe(createRowName);
    expect(await sameRow.locator('.picker-row__status').count()).toBe(0);
    expect(await sameRow.getAttribute('aria-disabled')).toBeNull();
    expect(
      await createPage
        .getByRole('combobox', { name: 'Search your boards' })
        .getAttribute('aria-disabled'),
    ).toBeNull();
    expect(await createPage.getByRole('heading', { level: 1, name: /^Saved to / }).count()).toBe(0);

    // Save modal: the same toast, and the modal closes; no pin-saved dialog.
    const modalSentence = await clickAndReadFailure(modalPage, modalRow);
    const modalToast = modalPage.locator('.saving-toast--error');
    await modalToast.waitFor();
    expect((await modalToast.textContent())?.trim()).toBe(modalSentence);
    await modal.waitFor({ state: 'detached' });
    expect(await modalPage.getByTestId('saved-pin-modal').count()).toBe(0);
  });
});

describe('spec details (issue 10)', () => {
  test('/_profile/pins/ opens your own pins; action=repin saves a pin again, naming who it came via', async () => {
    const page = await owner.newPage();
    // §2.10: the _profile segment marks the viewer's own profile pages.
    await page.goto(`${corkboard.url}/_profile/pins/`);
    await page.waitForURL(/\/ines_interiors\/\?tab=pins$/);
    await page
      .getByRole('navigation', { name: 'Profile content' })
      .getByRole('link', { name: 'Pins' })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // §2.1 action=repin: the create page saves an existing pin (RepinResource).
    const boards = await apiData<
      { name: string; section_count: number; owner: { username: string } }[]
    >(page, '/v3/users/ines_interiors/boards/?page_size=50');
    const board = boards.find(
      (candidate) => candidate.section_count === 0 && candidate.owner.username === 'ines_interiors',
    );
    if (!board) throw new Error('ines_interiors has no board without sections');
    const pin = await somebodyElsesPin(page);
    await page.goto(`${corkboard.url}/pin/create/bookmarklet/?action=repin&pin_id=${pin.id}`);
    await page.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const row = page.getByRole('option', { name: new RegExp(board.name) }).first();
    await row.waitFor();
    await row.click();
    const newId = await savedPinIdFromToast(page, board.name);
    // §3 Pin (read) "via pinner": the new pin names who saved the pin it came from.
    const saved = await apiData<{
      board: { name: string };
      via_pinner: { username: string } | null;
    }>(page, `/v3/pins/${newId}/`);
    expect(saved.board.name).toBe(board.name);
    expect(saved.via_pinner?.username).toBe('tomas_travels');
    await page.close();
  });
});
