// Pieces every social credential kind shares: the `next` field, and the "no account yet" answer
// that lets the page start the social signup (auth.md §4: "A social-account-not-found login code
// starts signup with the birthday step, or account recovery").
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps } from '../../core/app-deps.ts';
import { RESURRECTION_WINDOW_MS } from '../../plugins/auth/auth-engine.ts';
import { emailHasAccount } from './social.repository.ts';

/** Where to go after logging in or signing up; only our own paths are honoured (safeNextPath). */
export const nextField = { next: z.string().optional().catch(undefined) };

export interface ProfileHint {
  email: string | null;
  firstName: string;
  lastName: string;
}

/**
 * SOCIAL_ACCOUNT_NOT_FOUND with what the signup needs: the provider, whether the e-mail already
 * has an account (then the page offers to log in instead of a signup that would fail), and the
 * names to greet the person with.
 */
export async function notFound(
  deps: AppDeps,
  provider: string,
  profile: ProfileHint,
): Promise<AppError> {
  const cutoff = new Date(deps.now().getTime() - RESURRECTION_WINDOW_MS);
  const emailTaken =
    profile.email !== null && (await emailHasAccount(deps.db, profile.email, cutoff));
  return new AppError('SOCIAL_ACCOUNT_NOT_FOUND', {
    data: {
      provider,
      email_taken: emailTaken,
      profile: {
        email: profile.email,
        first_name: profile.firstName,
        last_name: profile.lastName,
      },
    },
  });
}
