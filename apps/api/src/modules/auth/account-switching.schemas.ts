// Account switching's request body at the edge (ADR 161). Kept out of
// @corkboard/shared/auth/account-switching, which the web's first render imports (ADR 146).
import { z } from 'zod';

/** POST /v3/users/me/accounts/switch/ and …/logout/: the account, by user id. */
export const switchAccountSchema = z.strictObject({
  user_id: z.string().regex(/^[1-9]\d{0,18}$/),
});
export type SwitchAccountBody = z.infer<typeof switchAccountSchema>;
