// The social module's credential kinds (core/credential-kinds.ts; docs/decisions/030): what the
// auth module's login and register routes accept besides e-mail and password, and what its
// settings route accepts to connect a provider (ADR 188). app.ts hands this
// list to the auth module through AppDeps.
import type { AppDeps } from '../../core/app-deps.ts';
import type { CredentialKinds } from '../../core/credential-kinds.ts';
import { facebookConnectKind, facebookLoginKind, facebookSignupKind } from './facebook.ts';
import { googleConnectKind, googleLoginKind, googleSignupKind } from './google.ts';
import { lineConnectKind, lineLoginKind, lineSignupKind } from './line.ts';
import { ssoCodeLoginKind, ssoIdTokenLoginKind, ssoSignupKind } from './sso.ts';

export const socialCredentialKinds: CredentialKinds<AppDeps> = {
  login: [googleLoginKind, ssoCodeLoginKind, ssoIdTokenLoginKind, facebookLoginKind, lineLoginKind],
  signup: [googleSignupKind, ssoSignupKind, facebookSignupKind, lineSignupKind],
  connect: [googleConnectKind, facebookConnectKind, lineConnectKind],
};
