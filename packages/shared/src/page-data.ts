/**
 * The id of the `<script type="application/json">` in which the server gives a visitor page's
 * first API answers (docs/decisions/207): the API writes it (apps/api/src/plugins/app/
 * page-meta.ts), the web app reads it before its first render (apps/web/src/app/pageData.ts).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
