// The account chooser every sign-in peer shows: one "Continue as …" button per test account, a
// form to make up a new account, and Cancel (so a denied authorization can be tested). Plain
// forms, so it works from the keyboard and without script.
import { html, renderPage, type SafeHtml } from './html.ts';

export interface ChooserAccount {
  /** The value posted as `account` when this account is chosen. */
  readonly id: string;
  readonly name: string;
  /** A second line: e-mail, user name, or a note such as "no e-mail address". */
  readonly detail: string;
  readonly pictureUrl?: string;
}

export type NewAccountField =
  | 'email'
  | 'name'
  | 'given_name'
  | 'family_name'
  | 'email_verified'
  | 'locale'
  | 'birthdate'
  | 'username';

export interface ChooserPageOptions {
  /** The banner, e.g. "Development identity provider — not Google". */
  readonly banner: string;
  readonly title: string;
  /** The line under the heading, e.g. "to continue to Corkboard". */
  readonly lead: string;
  /** Where every form posts. */
  readonly action: string;
  /** Hidden fields carried by every form (the request being answered). */
  readonly hidden: Readonly<Record<string, string>>;
  readonly accounts: readonly ChooserAccount[];
  /** Fields of the "use another account" form; none hides the form. */
  readonly newAccountFields: readonly NewAccountField[];
  readonly emailRequired?: boolean;
  /** Values to put back in the new-account form (after an error, or a login hint). */
  readonly values?: Readonly<Record<string, string>>;
  readonly error?: string;
  /** Label of the per-account button; default "Continue as {name}". */
  readonly continueLabel?: (account: ChooserAccount) => string;
  readonly cancelLabel?: string;
  /** Extra controls inside the accounts form, before the accounts (e.g. permission checkboxes). */
  readonly extraFields?: SafeHtml;
}

const FIELD_LABELS: Record<NewAccountField, string> = {
  email: 'E-mail address',
  name: 'Full name',
  given_name: 'Given name',
  family_name: 'Family name',
  email_verified: 'The e-mail address is verified',
  locale: 'Locale (for example en or ja)',
  birthdate: 'Birthdate',
  username: 'User name',
};

function hiddenInputs(hidden: Readonly<Record<string, string>>): SafeHtml {
  return html`${Object.entries(hidden).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  )}`;
}

function newAccountInput(field: NewAccountField, options: ChooserPageOptions): SafeHtml {
  const value = options.values?.[field] ?? '';
  const id = `new-${field}`;
  if (field === 'email_verified') {
    const checked = options.values ? options.values.email_verified === 'on' : true;
    return html`<label class="inline" for="${id}"
      ><input type="checkbox" id="${id}" name="email_verified" ${checked ? html`checked` : ''} />
      ${FIELD_LABELS[field]}</label
    >`;
  }
  const type = field === 'email' ? 'email' : field === 'birthdate' ? 'date' : 'text';
  const autocomplete: Record<string, string> = {
    email: 'email',
    name: 'name',
    given_name: 'given-name',
    family_name: 'family-name',
    birthdate: 'bday',
    username: 'username',
    locale: 'off',
  };
  const required = (field === 'email' && options.emailRequired !== false) || field === 'username';
  return html`<label for="${id}">${FIELD_LABELS[field]}${required ? ' (required)' : ''}</label>
    <input
      type="${type}"
      id="${id}"
      name="${field}"
      value="${value}"
      autocomplete="${autocomplete[field] ?? 'off'}"
      ${required ? html`required` : ''}
    />`;
}

export function renderChooserPage(options: ChooserPageOptions): string {
  const continueLabel = options.continueLabel ?? ((account) => `Continue as ${account.name}`);
  // One form holds every account button, the extra fields and Cancel: each submit button posts
  // its own `account` value, so this works without script and from the keyboard.
  const accounts = options.accounts.map(
    (account) =>
      html`<li class="choice">
        ${account.pictureUrl ? html`<img src="${account.pictureUrl}" alt="" width="40" height="40" />` : ''}
        <span class="who"
          ><span>${account.name}</span><span class="detail">${account.detail}</span></span
        >
        <button type="submit" name="account" value="${account.id}">
          ${continueLabel(account)}
        </button>
      </li>`,
  );
  const body = html`<h1>${options.title}</h1>
    <p>${options.lead}</p>
    ${options.error ? html`<p role="alert" class="error">${options.error}</p>` : ''}
    <form method="post" action="${options.action}">
      ${hiddenInputs(options.hidden)} ${options.extraFields ?? ''}
      ${
        options.accounts.length
          ? html`<h2>Test accounts</h2>
              <ul class="choices">
                ${accounts}
              </ul>`
          : ''
      }
      <div class="actions">
        <button type="submit" class="secondary" name="account" value="cancel">
          ${options.cancelLabel ?? 'Cancel'}
        </button>
      </div>
    </form>
    ${
      options.newAccountFields.length
        ? html`<h2>Use another account</h2>
            <form method="post" action="${options.action}">
              ${hiddenInputs(options.hidden)}
              <input type="hidden" name="account" value="new" />
              ${options.newAccountFields.map((field) => newAccountInput(field, options))}
              <div class="actions"><button type="submit">Continue with this account</button></div>
            </form>`
        : ''
    }`;
  return renderPage({ title: options.title, banner: options.banner, body });
}

/** A full page for a failed request (bad client, redirect URI not registered, expired request). */
export function renderErrorPage(banner: string, title: string, lines: readonly string[]): string {
  return renderPage({
    title,
    banner,
    body: html`<h1>${title}</h1>
      ${lines.map((line) => html`<p>${line}</p>`)}`,
  });
}
