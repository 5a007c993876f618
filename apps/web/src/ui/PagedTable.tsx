// The frame of a paged list shown as a table (the console's History; Billing's charges, order
// lines and documents): the spinner while the first page loads, the server's sentence (or the
// caller's) when it fails, the empty line, the table inside a scroll region keyboard users can
// focus and scroll, and the "more" button while pages remain. Callers bring the rows.
import type { ReactNode } from 'react';
import { serverMessage } from '../api/errorMessages.ts';
import { LoadingState } from './PageStates.tsx';
import './data-table.css';

/** What the frame reads of a TanStack infinite query. */
export interface PagedQueryState {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface PagedTableCopy {
  /** Names the table (its caption) and its scroll region. */
  label: string;
  /** Said when the first page came back with nothing. */
  empty: string;
  /** Said when the list failed and the server gave no sentence of its own. */
  error: string;
  /** The "load more" button. */
  more: string;
}

export function PagedTable({
  query,
  count,
  copy,
  head,
  children,
}: {
  query: PagedQueryState;
  /** Items loaded so far. */
  count: number;
  copy: PagedTableCopy;
  /** The header row (`<tr>` of `<th scope="col">`). */
  head: ReactNode;
  /** The body rows. */
  children: ReactNode;
}) {
  return (
    <>
      {query.isPending ? <LoadingState /> : null}
      {query.isError ? (
        <p className="data-table__error" role="alert">
          {serverMessage(query.error) ?? copy.error}
        </p>
      ) : null}
      {query.isSuccess && count === 0 ? <p>{copy.empty}</p> : null}
      {count > 0 ? (
        <div className="data-table-wrap" tabIndex={0} role="region" aria-label={copy.label}>
          <table className="data-table">
            <caption className="visually-hidden">{copy.label}</caption>
            <thead>{head}</thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      ) : null}
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {copy.more}
        </button>
      ) : null}
    </>
  );
}
