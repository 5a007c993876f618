// The security settings' data (/v3/users/me/security/…, docs/decisions/041): the state of the
// viewer's second factors, re-authentication, enrolment and removal. Every change refreshes
// the state.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

const BASE = '/v3/users/me/security';

export interface SecurityState {
  totp_enabled: boolean;
  sms_phone_number_end: string | null;
  backup_codes_left: number;
  has_password: boolean;
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
