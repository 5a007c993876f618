// The settings pages' data. Security (/v3/users/me/security/…, docs/decisions/041): the state of
// the viewer's second factors, re-authentication, enrolment and removal; every change refreshes
// the state. Account (/v3/users/me/…, docs/decisions/148–150): profile, password, e-mail,
// connected accounts (connecting one too, ADR 188), sessions and deactivation; a change refreshes
// what it affects (the viewer too when the name, username or avatar changed).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConnectableProvider,
  ConnectedAccounts,
  ConnectRequest,
  DeactivationAnswer,
  ProfileSettings,
  ProfileUpdate,
  SessionInfo,
} from '@corkboard/shared/auth/settings';
import type { PasskeyInfo } from '@corkboard/shared/auth/passkeys';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiGet, apiSend, apiUpload } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

const BASE = '/v3/users/me/security';

export interface SecurityState {
  totp_enabled: boolean;
  sms_phone_number_end: string | null;
  backup_codes_left: number;
  has_password: boolean;
  /** Passkeys registered; each is a second factor (ADR 166). */
  passkey_count: number;
  /** Until when this session may change security settings (ISO time), or null. */
  reauthenticated_until: string | null;
}

export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
  /** An SVG data URL made by our server. */
  qr_code: string;
}

export interface BackupCodes {
  backup_codes: string[] | null;
}

export function useSecurityState() {
  return useQuery({
    queryKey: queryKeys.securityState(),
    queryFn: ({ signal }) => apiGet<SecurityState>(`${BASE}/`, { signal }),
  });
}

/** Whether the session may change settings now (the server decides again on each change). */
export function isReauthenticated(state: SecurityState | undefined, now = Date.now()): boolean {
  const until = state?.reauthenticated_until;
  return until !== null && until !== undefined && Date.parse(until) > now;
}

function useRefreshing<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (data) => {
      if (data && typeof data === 'object' && 'totp_enabled' in data) {
        queryClient.setQueryData(queryKeys.securityState(), data);
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.securityState() });
    },
  });
}

export function useReauthenticate() {
  return useRefreshing((input: { password?: string; code?: string }) =>
    apiSend<SecurityState>('POST', `${BASE}/reauth/`, input),
  );
}

/**
 * Re-authentication with a passkey (ADR 189): the server's options, the browser's prompt (user
 * verification required), then the answer. A prompt closed or refused rejects without an ApiError.
 */
export function useReauthenticateWithPasskey() {
  return useRefreshing(async () => {
    const optionsJSON = await apiSend<PublicKeyCredentialRequestOptionsJSON>(
      'POST',
      `${BASE}/reauth/passkey/options/`,
      {},
    );
    const passkey = await startAuthentication({ optionsJSON });
    return apiSend<SecurityState>('POST', `${BASE}/reauth/`, { passkey });
  });
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () => apiSend<TotpEnrolment>('POST', `${BASE}/totp/`, {}),
  });
}

export function useConfirmTotp() {
  return useRefreshing((code: string) =>
    apiSend<BackupCodes>('POST', `${BASE}/totp/verify/`, { code }),
  );
}

export function useStartSms() {
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      apiSend<{ phone_number_end: string }>('POST', `${BASE}/sms/`, {
        phone_number: phoneNumber,
      }),
  });
}

export function useConfirmSms() {
  return useRefreshing((code: string) =>
    apiSend<BackupCodes>('POST', `${BASE}/sms/verify/`, { code }),
  );
}

export function useRemoveFactor() {
  return useRefreshing((kind: 'totp' | 'sms') =>
    apiSend<SecurityState>('DELETE', `${BASE}/factors/${kind}/`),
  );
}

export function useRegenerateBackupCodes() {
  return useRefreshing(() => apiSend<BackupCodes>('POST', `${BASE}/backup_codes/`, {}));
}

// ---- passkeys (ADR 166) ----------------------------------------------------------------------

export interface PasskeyList {
  passkeys: PasskeyInfo[];
  max: number;
}

export function usePasskeys() {
  return useQuery({
    queryKey: queryKeys.passkeys(),
    queryFn: ({ signal }) => apiGet<PasskeyList>(`${BASE}/passkeys/`, { signal }),
  });
}

function usePasskeyMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.passkeys() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.securityState() }),
      ]);
    },
  });
}

/**
 * Adds a passkey: registration options from the server (re-authentication needed), the browser's
 * own prompt (navigator.credentials.create through @simplewebauthn/browser), then verification.
 */
export function useAddPasskey() {
  return usePasskeyMutation(async (name: string) => {
    const optionsJSON = await apiSend<PublicKeyCredentialCreationOptionsJSON>(
      'POST',
      `${BASE}/passkeys/options/`,
      {},
    );
    const response = await startRegistration({ optionsJSON });
    return apiSend<{ passkey: PasskeyInfo; backup_codes: string[] | null }>(
      'POST',
      `${BASE}/passkeys/`,
      { ...(name.trim() ? { name: name.trim() } : {}), response },
    );
  });
}

export function useRenamePasskey() {
  return usePasskeyMutation((input: { id: string; name: string }) =>
    apiSend<PasskeyInfo>('PUT', `${BASE}/passkeys/${input.id}/`, { name: input.name }),
  );
}

export function useRemovePasskey() {
  return usePasskeyMutation((id: string) =>
    apiSend<PasskeyList>('DELETE', `${BASE}/passkeys/${id}/`),
  );
}

// ---- account settings (ADR 148–150) --------------------------------------------------------

const ME = '/v3/users/me';

export function useProfileSettings() {
  return useQuery({
    queryKey: queryKeys.profileSettings(),
    queryFn: ({ signal }) => apiGet<ProfileSettings>(`${ME}/profile/`, { signal }),
  });
}

/** Uploads an avatar image through the media pipeline; answers its media_upload_id. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: Blob) =>
      (await apiUpload<{ media_upload_id: string }>('/v3/media/uploads/', file)).media_upload_id,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) =>
      apiSend<ProfileSettings>('POST', `${ME}/profile/`, update),
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKeys.profileSettings(), profile);
      // The header shows the name and avatar; the profile page is keyed by username.
      await queryClient.invalidateQueries({ queryKey: queryKeys.viewer() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.user(profile.username) });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      current_password?: string;
      new_password: string;
      recaptchaV3Token?: string | undefined;
    }) =>
      apiSend<{ has_password: true; other_sessions_revoked: number }>(
        'POST',
        `${ME}/password/`,
        input,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.connectedAccounts() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.viewer() });
    },
  });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: { email: string; password?: string }) =>
      apiSend<{ pending_email: string }>('POST', `${ME}/email/`, input),
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiSend<{ email: string }>('POST', `${ME}/email/confirm/`, { token }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.profileSettings() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.viewer() });
    },
  });
}

export function useConnectedAccounts() {
  return useQuery({
    queryKey: queryKeys.connectedAccounts(),
    queryFn: ({ signal }) => apiGet<ConnectedAccounts>(`${ME}/connected_accounts/`, { signal }),
  });
}

export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, password }: { provider: ConnectableProvider; password?: string }) =>
      apiSend<ConnectedAccounts>(
        'DELETE',
        `${ME}/connected_accounts/${provider}/`,
        password === undefined ? {} : { password },
      ),
    onSuccess: async (accounts) => {
      queryClient.setQueryData(queryKeys.connectedAccounts(), accounts);
      await queryClient.invalidateQueries({ queryKey: queryKeys.viewer() });
    },
  });
}

/**
 * Connects a provider (ADR 188): the token its log-in flow handed the page, with the password
 * when the account has one; answers the new list.
 */
export function useConnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, ...input }: { provider: ConnectableProvider } & ConnectRequest) =>
      apiSend<ConnectedAccounts>('POST', `${ME}/connected_accounts/${provider}/`, input),
    onSuccess: async (accounts) => {
      queryClient.setQueryData(queryKeys.connectedAccounts(), accounts);
      await queryClient.invalidateQueries({ queryKey: queryKeys.viewer() });
    },
  });
}

export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions(),
    // One page (SESSIONS_PAGE_SIZE, 50) covers every real person; the API pages beyond that.
    queryFn: ({ signal }) => apiGet<SessionInfo[]>(`${ME}/sessions/`, { signal }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => apiSend<null>('DELETE', `${ME}/sessions/${sessionId}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<{ revoked: number }>('POST', `${ME}/sessions/revoke_others/`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions() }),
  });
}

/**
 * Signs out everywhere. The page says what happened and offers a fresh start (a full load of the
 * home page drops everything cached for this person), so nothing here touches the cache.
 */
export function useDeactivate() {
  return useMutation({
    mutationFn: (input: { password?: string }) =>
      apiSend<DeactivationAnswer>('POST', `${ME}/deactivate/`, input),
  });
}
