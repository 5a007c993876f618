// View variants that the flows reach only through later issues' entry points: account switch,
// business viewer, the social slot with its OR divider, the suspended dialog without a reason.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AppProviders } from '../../app/App.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { stubApi } from '../../test/api.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { AuthSurface } from './AuthSurface.tsx';
import type { AuthFlowConfig } from './flowTypes.ts';
import { LoginView } from './LoginView.tsx';
import { RecoveryDialogs } from './RecoveryDialogs.tsx';
import { SignupView } from './SignupView.tsx';

const config: AuthFlowConfig = {
  initialView: 'login',
  container: 'login_page',
  signupSource: 'defaultSource',
  loginSource: 'defaultSource',
  next: '/pin/5/',
};

function renderView(node: React.ReactNode) {
  const i18n = createI18n('en');
  ensureAuthCatalogue(i18n);
  stubApi(() => undefined);
  return render(
    <AppProviders queryClient={createTestQueryClient()} i18n={i18n}>
      <MemoryRouter>
        <AuthSurface>{node}</AuthSurface>
      </MemoryRouter>
    </AppProviders>,
  );
}

const noop = () => undefined;
const loginProps = {
  headingId: 'h',
  identity: null,
  email: '',
  password: '',
  onEmailChange: noop,
  onPasswordChange: noop,
  errors: {},
  formError: null,
  onSubmit: noop,
  onSwitchToSignup: noop,
  onForgetIdentity: noop,
  emailRef: { current: null },
  passwordRef: { current: null },
};

describe('login view variants', () => {
  test('an account switch says how to switch', () => {
    renderView(<LoginView {...loginProps} config={{ ...config, isAccountSwitch: true }} />);
    expect(
      screen.getByText('Have another account? Log in to easily switch between them'),
    ).toBeInTheDocument();
  });

  test("a business viewer's footer is 'Create new account', with next", () => {
    renderView(<LoginView {...loginProps} config={{ ...config, businessViewer: true }} />);
    expect(screen.getByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      '/business/create?next=%2Fpin%2F5%2F',
    );
    expect(screen.queryByText(/Not on Corkboard yet/)).not.toBeInTheDocument();
  });

  test('a social-only remembered account has no password field and says which button to use', () => {
    renderView(
      <LoginView
        {...loginProps}
        config={config}
        identity={{
          username: 'ana',
          firstName: 'Ana',
          imageUrl: null,
          maskedEmail: 'a•••a@example.com',
          hasPassword: false,
          connectedToGoogle: true,
          connectedToFacebook: false,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Welcome back, Ana!' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(
      screen.getByText('Your account is connected to Google. Use the Google button to log in.'),
    ).toBeInTheDocument();
  });

  test('the social slot comes with the OR divider', () => {
    renderView(
      <SignupView
        headingId="h"
        config={{ ...config, initialView: 'signup', container: 'home_page' }}
        pathname="/"
        email=""
        password=""
        onEmailChange={noop}
        onPasswordChange={noop}
        errors={{}}
        formError={null}
        emailFormShown
        onShowEmailForm={noop}
        onSubmit={noop}
        onSwitchToLogin={noop}
        emailRef={{ current: null }}
        passwordRef={{ current: null }}
        social={<button type="button">Social provider</button>}
      />,
    );
    expect(screen.getByRole('separator')).toHaveTextContent('OR');
  });

  test('without social buttons there is no divider', () => {
    renderView(<LoginView {...loginProps} config={config} />);
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
  });
});

describe('the suspended dialog without a known reason', () => {
  test('lists the three reasons and a contact link', () => {
    renderView(<RecoveryDialogs dialog={{ kind: 'suspended' }} identifier="" onClose={noop} />);
    const dialog = screen.getByRole('dialog', { name: 'Your account has been deactivated' });
    const reasons = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(reasons).toEqual([
      'they violate our community guidelines,',
      'we notice unusual activity on them, or',
      'we receive a request to close them.',
    ]);
    expect(within(dialog).getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/terms/#contact',
    );
  });
});
