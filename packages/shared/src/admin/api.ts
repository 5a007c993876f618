// Admin answers shared by the API and the web (docs/decisions/019).

/** GET /v3/admin/overview/: counts of what the product holds. */
export interface AdminOverview {
  people: number;
  people_last_7_days: number;
  pins: number;
  pins_last_7_days: number;
  boards: number;
  secret_boards: number;
  images: number;
  operators: number;
  /**
   * Where mail goes: `smtp` (SMTP_URL is set) or `dev_mailbox` (stored in the database only,
   * readable at /dev/mailbox outside production). Issue 9: say it loudly in production.
   */
  mail_delivery: 'smtp' | 'dev_mailbox';
  production: boolean;
}
