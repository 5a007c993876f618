// The auth flow on screen (auth.md §4 "Modal views"): the view the state names — signup, login,
// loginMfa, birthday, consent, EmailCollection, EmailAlreadyExist, under-age confirmation,
// welcome — each its own
// component,
// the busy overlay and the recovery dialogs. The modal and the auth pages both render it; the
// state is the reducer in authFlowState.ts, its requests and side effects useAuthFlow's.
import type { AuthProvidersAnswer } from '@corkboard/shared/auth/social-api';
import { useEffect, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { BirthdayStep } from './BirthdayStep.tsx';
import { ConsentStep } from './ConsentStep.tsx';
import { EmailAlreadyExistView } from './EmailAlreadyExistView.tsx';
import { EmailCollectionStep } from './EmailCollectionStep.tsx';
import type { AuthFlowConfig, FlowView } from './flowTypes.ts';
import { LoginView } from './LoginView.tsx';
import { MfaStep } from './MfaStep.tsx';
import { PasskeyLoginButton } from './PasskeyLoginButton.tsx';
import { oneTapAllowed } from './oneTap.ts';
import { passkeysSupported } from './passkeys.ts';
import { useAuthProviders, useExperimentExposure } from './hooks.ts';
import { RecoveryDialogs } from './RecoveryDialogs.tsx';
import { SignupView } from './SignupView.tsx';
import { hasSocialButtons, SocialButtons } from './SocialButtons.tsx';
import { SocialUnavailableDialog } from './SocialUnavailableDialog.tsx';
import { UnderageConfirmation } from './UnderageConfirmation.tsx';
import type { AuthFlowState } from './authFlowState.ts';
import { useAuthFlow, type AuthFlowActions } from './useAuthFlow.ts';
import { WelcomeLoading } from './WelcomeLoading.tsx';

interface AuthFlowProps {
  config: AuthFlowConfig;
  /** Id for the current view's heading (the modal is labelled by it). */
  headingId: string;
  /** Closes the modal (absent on the auth pages). */
  onClose?: (() => void) | undefined;
  /** Told the view on screen (the modal is wider for loginMfa, auth.md §9). */
  onViewChange?: ((view: FlowView) => void) | undefined;
}

export function AuthFlow({ config, headingId, onClose, onViewChange }: AuthFlowProps) {
  const {
    state,
    actions,
    ssoActive,
    socialExperiments,
    containerRef,
    emailRef,
    passwordRef,
    birthdayRef,
    codeRef,
  } = useAuthFlow(config, onClose);
  useEffect(() => {
    onViewChange?.(state.view);
  }, [onViewChange, state.view]);
  // auth.md §2: the social buttons and the 'OR' divider, for the providers the server offers.
  const providers = useAuthProviders().data;
  // auth.md §2 (ADR 136): sign-up hides 'Continue with Facebook' under one experiment; Google's
  // button is a plain 'Connect with Google' under the other. Exposed where the choice shows.
  const signupView = state.view === 'signup';
  useExperimentExposure(
    'web_hide_facebook_signup',
    socialExperiments.decided && signupView && providers?.facebook != null,
  );
  useExperimentExposure(
    'web_disabled_google_sign_in',
    socialExperiments.decided &&
      (signupView || state.view === 'login') &&
      providers?.google != null,
  );
  const offered = (context: 'signin' | 'signup'): AuthProvidersAnswer | undefined =>
    providers && context === 'signup' && socialExperiments.hideFacebookSignup
      ? { ...providers, facebook: null }
      : providers;
  const social = (context: 'signin' | 'signup'): ReactNode => {
    if (!socialExperiments.decided) return null;
    const shown = offered(context);
    return shown && hasSocialButtons(shown) ? (
      <SocialButtons
        providers={shown}
        googlePlain={socialExperiments.googleDisabled}
        context={context}
        onGoogleCredential={actions.googleCredential}
        onFacebookResult={actions.facebookResult}
        onLineCredential={actions.lineCredential}
        facebookRerequest={state.facebookRerequest}
        facebookBanner={state.facebookBanner}
        message={state.socialMessage}
        busy={state.busy}
        onUnavailable={actions.showSocialUnavailable}
        onPopupBlocked={actions.popupBlocked}
        oneTap={oneTapAllowed({
          flow: config.isAccountSwitch ? 'switch' : context === 'signup' ? 'signup' : 'login',
          userAgent: navigator.userAgent,
          googleConnected: state.identity?.connectedToGoogle ?? false,
          googleAvailable: shown.google != null && !socialExperiments.googleDisabled,
        })}
      />
    ) : null;
  };
  return (
    <div ref={containerRef} className="auth" aria-busy={state.busy}>
      <CurrentView
        state={state}
        ssoActive={ssoActive}
        actions={actions}
        config={config}
        headingId={headingId}
        social={social}
        emailRef={emailRef}
        passwordRef={passwordRef}
        birthdayRef={birthdayRef}
        codeRef={codeRef}
      />
      {state.busy ? <LoadingOverlayText /> : null}
      {state.unavailable ? (
        <SocialUnavailableDialog
          provider={state.unavailable}
          onClose={actions.closeSocialUnavailable}
        />
      ) : null}
      {state.dialog ? (
        <RecoveryDialogs
          dialog={state.dialog}
          identifier={state.identity ? state.identity.username : state.email}
          onClose={actions.closeDialog}
        />
      ) : null}
    </div>
  );
}

interface CurrentViewProps {
  state: AuthFlowState;
  /** The typed e-mail signs in with SSO (auth.md §4). */
  ssoActive: boolean;
  actions: AuthFlowActions;
  config: AuthFlowConfig;
  headingId: string;
  social: (context: 'signin' | 'signup') => ReactNode;
  emailRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
  birthdayRef: RefObject<HTMLInputElement | null>;
  codeRef: RefObject<HTMLInputElement | null>;
}

function CurrentView({
  state,
  ssoActive,
  actions: flow,
  config,
  headingId,
  social,
  emailRef,
  passwordRef,
  birthdayRef,
  codeRef,
}: CurrentViewProps) {
  const location = useLocation();
  switch (state.view) {
    case 'signup':
      return (
        <SignupView
          headingId={headingId}
          config={config}
          pathname={location.pathname}
          email={state.email}
          password={state.password}
          onEmailChange={(value) => flow.edit('email', value)}
          onPasswordChange={(value) => flow.edit('password', value)}
          errors={state.errors}
          formError={state.formError}
          emailFormShown={state.emailFormShown}
          onShowEmailForm={flow.showEmailForm}
          onSubmit={flow.continueSignup}
          onSwitchToLogin={() => flow.switchTo('login')}
          emailRef={emailRef}
          passwordRef={passwordRef}
          social={social('signup')}
          sso={ssoActive}
        />
      );
    case 'login':
      return (
        <LoginView
          headingId={headingId}
          config={config}
          identity={state.identity}
          email={state.email}
          password={state.password}
          onEmailChange={(value) => flow.edit('email', value)}
          onPasswordChange={(value) => flow.edit('password', value)}
          errors={state.errors}
          formError={state.formError}
          onSubmit={flow.submitLogin}
          onSwitchToSignup={() => flow.switchTo('signup')}
          onForgetIdentity={flow.forgetIdentity}
          emailRef={emailRef}
          passwordRef={passwordRef}
          social={social('signin')}
          passkey={
            passkeysSupported() ? (
              <PasskeyLoginButton onLogIn={flow.logInWithPasskey} autofill={!state.identity} />
            ) : null
          }
          sso={ssoActive}
        />
      );
    case 'birthday':
      return (
        <BirthdayStep
          headingId={headingId}
          birthday={state.birthday}
          onBirthdayChange={(value) => flow.edit('birthday', value)}
          error={state.errors.birthday}
          underage={state.underage}
          onSubmit={flow.createAccount}
          birthdayRef={birthdayRef}
        />
      );
    case 'consents':
      return (
        <ConsentStep
          headingId={headingId}
          consent={state.consent}
          onChange={flow.changeConsent}
          onNext={flow.submitConsent}
          onBack={() => flow.openView('birthday')}
        />
      );
    case 'EmailAlreadyExist':
      return (
        <EmailAlreadyExistView
          headingId={headingId}
          email={state.email}
          onLogIn={() => flow.switchTo('login')}
        />
      );
    case 'UnderageConfirmation':
      return (
        <UnderageConfirmation
          headingId={headingId}
          birthday={state.birthday}
          onEdit={flow.editUnderage}
          onLeave={flow.leave}
        />
      );
    case 'loginMfa':
      return (
        <MfaStep
          headingId={headingId}
          phoneNumberEnd={state.mfa?.phoneNumberEnd ?? null}
          code={state.code}
          onCodeChange={(value) => flow.edit('code', value)}
          error={state.errors.code}
          formError={state.formError}
          onSubmit={flow.submitMfaCode}
          onResend={flow.resendMfaCode}
          codeRef={codeRef}
          passkey={(state.mfa?.passkey ?? false) && passkeysSupported()}
          onUsePasskey={flow.submitMfaPasskey}
        />
      );
    case 'EmailCollection':
      return (
        <EmailCollectionStep
          headingId={headingId}
          email={state.email}
          onEmailChange={(value) => flow.edit('email', value)}
          error={state.errors.email}
          onSubmit={flow.continueEmailCollection}
          onNotNow={flow.skipEmailCollection}
          emailRef={emailRef}
        />
      );
    case 'welcome':
      return <WelcomeLoading headingId={headingId} />;
  }
}

function LoadingOverlayText() {
  const { t } = useTranslation('auth');
  return <LoadingOverlay label={t('common.loading')} />;
}
