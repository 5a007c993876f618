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
}
