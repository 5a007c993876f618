// The auth flow's reducer on its own (auth.md §4, §8): what each reported event does to the view,
// the fields, the errors, the dialog and the focus.
import { describe, expect, test } from 'vitest';
import type { AuthErrorOutcome, AuthMessage } from './authErrors.ts';
import {
  authFlowReducer,
  initialAuthFlowState,
  type AuthFlowAction,
  type AuthFlowState,
} from './authFlowState.ts';
import { NO_CONSENT } from './consent.ts';
import type { RememberedIdentity } from './cookies.ts';

const identity: RememberedIdentity = {
  username: 'ana',
  firstName: 'Ana',
  imageUrl: null,
  maskedEmail: 'a•••a@example.com',
  hasPassword: true,
  connectedToFacebook: false,
  connectedToGoogle: false,
};

const start = initialAuthFlowState({
  identity: null,
  view: 'signup',
  email: 'ana@example.com',
  emailFormShown: false,
  underage: false,
});

function run(actions: AuthFlowAction[], from: AuthFlowState = start): AuthFlowState {
  return actions.reduce(authFlowReducer, from);
}

const required: AuthMessage = { key: 'validation.password.required' };
const failed = (
  outcome: AuthErrorOutcome,
  formView: 'signup' | 'login' = 'signup',
  stepUpAllowed = false,
): AuthFlowAction => ({ type: 'failed', outcome, formView, stepUpAllowed });

describe('auth flow state (auth.md §4)', () => {
  test('starts on the given view with the given email, nothing typed, nothing wrong', () => {
    expect(start).toMatchObject({
      view: 'signup',
      email: 'ana@example.com',
      password: '',
      birthday: '',
      errors: {},
      formError: null,
      consent: NO_CONSENT,
      consentRequired: false,
      dialog: null,
      stepUp: false,
      busy: false,
      emailFormShown: false,
      underage: false,
      focus: null,
    });
  });

  test('typing changes only that field', () => {
    const typed = run([
      { type: 'edited', field: 'password', value: 'secret1' },
      { type: 'edited', field: 'birthday', value: '1990-04-02' },
    ]);
    expect(typed).toMatchObject({
      email: 'ana@example.com',
      password: 'secret1',
      birthday: '1990-04-02',
    });
  });

  test('a field check names one field, on the view that has it, and focuses it', () => {
    const onLogin = run([
      failed({ formError: { key: 'errors.tooFast' } }, 'login'),
      { type: 'fieldFailed', field: 'password', message: required, formView: 'login' },
    ]);
    expect(onLogin).toMatchObject({
      view: 'login',
      errors: { password: required },
      focus: 'password',
      // A field error does not take the form error away; the next submit does.
      formError: { key: 'errors.tooFast' },
    });
    const birthday = run([
      {
        type: 'fieldFailed',
        field: 'birthday',
        message: { key: 'validation.birthday.invalid' },
        formView: 'signup',
      },
    ]);
    expect(birthday).toMatchObject({ view: 'birthday', focus: 'birthday' });
    expect(Object.keys(birthday.errors)).toEqual(['birthday']);
  });

  test('a submit clears the previous answer; clearing errors keeps the form error', () => {
    const shown = run([
      failed({ formError: { key: 'errors.tooFast' } }, 'login'),
      { type: 'fieldFailed', field: 'email', message: required, formView: 'login' },
    ]);
    expect(run([{ type: 'errorsCleared' }], shown)).toMatchObject({
      errors: {},
      formError: { key: 'errors.tooFast' },
    });
    expect(run([{ type: 'submitted' }], shown)).toMatchObject({ errors: {}, formError: null });
  });

  test('switching between signup and login keeps the email and drops the password', () => {
    const switched = run([
      { type: 'edited', field: 'password', value: 'secret1' },
      { type: 'fieldFailed', field: 'password', message: required, formView: 'signup' },
      { type: 'switched', view: 'login' },
    ]);
    expect(switched).toMatchObject({
      view: 'login',
      email: 'ana@example.com',
      password: '',
      errors: {},
      formError: null,
      focus: 'view',
    });
  });

  test('opening the email form focuses the email field', () => {
    expect(run([{ type: 'emailFormOpened' }])).toMatchObject({
      emailFormShown: true,
      focus: 'email',
    });
  });

  test('a failure that names a view opens it and clears the errors (EmailAlreadyExist)', () => {
    const state = run([
      { type: 'fieldFailed', field: 'email', message: required, formView: 'signup' },
      failed({ view: 'EmailAlreadyExist' }),
    ]);
    expect(state).toMatchObject({ view: 'EmailAlreadyExist', errors: {}, focus: 'view' });
  });

  test('AUTH_CONSENT_REQUIRED turns the consent step on for good', () => {
    const state = run([failed({ view: 'consents' })]);
    expect(state).toMatchObject({ view: 'consents', consentRequired: true });
    expect(run([{ type: 'viewOpened', view: 'birthday' }], state).consentRequired).toBe(true);
  });

  test('a server under-age answer marks under-age and shows the confirmation', () => {
    const state = run([
      failed({
        view: 'UnderageConfirmation',
        underage: true,
        field: { name: 'birthday', message: { key: 'validation.birthday.underAge' } },
      }),
    ]);
    expect(state).toMatchObject({ view: 'UnderageConfirmation', underage: true, errors: {} });
  });

  test('a field failure from the server goes to the form the request came from', () => {
    const message: AuthMessage = { key: 'errors.incorrectPassword' };
    const state = run([failed({ field: { name: 'password', message } }, 'login')]);
    expect(state).toMatchObject({ view: 'login', errors: { password: message } });
  });

  test('a dialog carries the suspension reason', () => {
    const state = run([
      failed(
        {
          dialog: 'suspended',
          suspensionReason: 'unusual_activity',
          field: { name: 'email', message: { key: 'errors.cantLogIn' } },
        },
        'login',
      ),
    ]);
    expect(state.dialog).toEqual({ kind: 'suspended', suspensionReason: 'unusual_activity' });
    expect(run([{ type: 'dialogClosed' }], state).dialog).toBeNull();
  });

  test('a captcha step-up arms the challenge, or shows rate-limited past the local limit', () => {
    const tooFast: AuthErrorOutcome = { formError: { key: 'errors.tooFast' }, captchaStepUp: true };
    expect(run([failed(tooFast, 'login', true)])).toMatchObject({
      stepUp: true,
      dialog: null,
      formError: { key: 'errors.tooFast' },
    });
    expect(run([failed(tooFast, 'login', false)])).toMatchObject({
      stepUp: false,
      dialog: { kind: 'rateLimited' },
    });
  });

  test('a toast-only failure clears the field errors and stays on the view', () => {
    const state = run([
      { type: 'fieldFailed', field: 'password', message: required, formView: 'signup' },
      failed({ toast: { key: 'errors.generic' } }),
    ]);
    expect(state).toMatchObject({ view: 'signup', errors: {}, formError: null });
  });

  test('a client-side under-age birthday marks it and shows the confirmation; Edit goes back', () => {
    const found = run([
      { type: 'fieldFailed', field: 'birthday', message: required, formView: 'signup' },
      { type: 'underageFound' },
    ]);
    expect(found).toMatchObject({
      view: 'UnderageConfirmation',
      underage: true,
      errors: {},
      focus: 'view',
    });
    expect(run([{ type: 'underageCleared' }], found)).toMatchObject({
      view: 'birthday',
      underage: false,
    });
  });

  test("'Not you?' forgets the remembered person and keeps the login view", () => {
    const personalised = initialAuthFlowState({
      identity,
      view: 'login',
      email: '',
      emailFormShown: false,
      underage: false,
    });
    expect(run([{ type: 'identityForgotten' }], personalised)).toMatchObject({
      identity: null,
      view: 'login',
      focus: 'view',
    });
  });

  test('success shows the welcome view; focus requests are consumed once', () => {
    const welcome = run([{ type: 'authenticated' }]);
    expect(welcome).toMatchObject({ view: 'welcome', focus: 'view' });
    const focused = run([{ type: 'focused' }], welcome);
    expect(focused.focus).toBeNull();
    expect(run([{ type: 'focused' }], focused)).toBe(focused);
  });

  test('busy is reported, not inferred', () => {
    const busy = run([{ type: 'busyChanged', busy: true }]);
    expect(busy.busy).toBe(true);
    expect(run([{ type: 'busyChanged', busy: false }], busy).busy).toBe(false);
  });
});
