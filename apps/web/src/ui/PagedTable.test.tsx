// The paged-table frame the console's lists share (docs/decisions/195): one state at a time, the
// server's sentence before the caller's, the table named by its caption in a focusable region,
// and "more" only while pages remain (disabled while one is on its way).
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { createStrictI18n } from '../test/i18n.ts';
import { PagedTable, type PagedQueryState } from './PagedTable.tsx';

const COPY = {
  label: 'Invoices',
  empty: 'No invoices yet.',
  error: 'Could not load.',
  more: 'More',
};

function query(overrides: Partial<PagedQueryState> = {}): PagedQueryState {
  return {
    isPending: false,
    isError: false,
    isSuccess: true,
    error: null,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    ...overrides,
  };
}

function show(state: PagedQueryState, rows: string[]) {
  return render(
    <I18nextProvider i18n={createStrictI18n()}>
      <PagedTable
        query={state}
        count={rows.length}
        copy={COPY}
        head={
          <tr>
            <th scope="col">Number</th>
          </tr>
        }
      >
        {rows.map((row) => (
          <tr key={row}>
            <td>{row}</td>
          </tr>
        ))}
      </PagedTable>
    </I18nextProvider>,
  );
}

describe('PagedTable', () => {
  test('while the first page loads: a status, no table, no empty line', () => {
    show(query({ isPending: true, isSuccess: false }), []);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(COPY.empty)).toBeNull();
  });

  test("a failure says the server's sentence, else the caller's", () => {
    const failed = new ApiError({
      code: 1703,
      httpStatus: 403,
      message: "You don't have permission to do that for this business.",
    });
    const { unmount } = show(query({ isError: true, isSuccess: false, error: failed }), []);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "You don't have permission to do that for this business.",
    );
    unmount();
    show(query({ isError: true, isSuccess: false, error: new TypeError('Failed to fetch') }), []);
    expect(screen.getByRole('alert')).toHaveTextContent(COPY.error);
  });

  test('an empty first page says so and draws no table', () => {
    show(query(), []);
    expect(screen.getByText(COPY.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('rows: a table named by its caption inside a focusable region of the same name', () => {
    show(query(), ['CB-7-000001', 'CB-7-000002']);
    const region = screen.getByRole('region', { name: COPY.label });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: COPY.label });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText(COPY.empty)).toBeNull();
    expect(screen.queryByRole('button', { name: COPY.more })).toBeNull();
  });

  test('"more" fetches the next page and waits while one is on its way', () => {
    const fetchNextPage = vi.fn();
    const { unmount } = show(query({ hasNextPage: true, fetchNextPage }), ['a']);
    fireEvent.click(screen.getByRole('button', { name: COPY.more }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    unmount();
    show(query({ hasNextPage: true, isFetchingNextPage: true }), ['a']);
    expect(screen.getByRole('button', { name: COPY.more })).toBeDisabled();
  });
});
