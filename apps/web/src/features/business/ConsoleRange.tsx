// The console's date range (docs/decisions/151): kept in the address (?start_date=&end_date=) so
// it survives moving between the overview and the reports and can be shared; without it the
// server's default range applies (the last 30 days up to today, UTC).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ConsoleRange {
  from: string;
  to: string;
  setRange(from: string, to: string): void;
}

export function useConsoleRange(): ConsoleRange {
  const [params, setParams] = useSearchParams();
  const read = (name: string) => {
    const value = params.get(name) ?? '';
    return ISO_DAY.test(value) ? value : '';
  };
  return {
    from: read('start_date'),
    to: read('end_date'),
    setRange: (from, to) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of [
            ['start_date', from],
            ['end_date', to],
          ] as const) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
  };
}

/** From / To inputs and a Show button; `shown` is the range the server answered. */
export function RangeForm({
  range,
  shown,
}: {
  range: ConsoleRange;
  shown: { from: string; to: string } | undefined;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const [from, setFrom] = useState(range.from || shown?.from || '');
  const [to, setTo] = useState(range.to || shown?.to || '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    range.setRange(from || shown?.from || '', to || shown?.to || '');
  };
  return (
    <form className="console__range" onSubmit={submit} aria-label={t('console.range.legend')}>
      <label>
        {t('console.from')}{' '}
        <input
          type="date"
          name="start_date"
          value={from || shown?.from || ''}
          onChange={(event) => setFrom(event.target.value)}
        />
      </label>
      <label>
        {t('console.to')}{' '}
        <input
          type="date"
          name="end_date"
          value={to || shown?.to || ''}
          onChange={(event) => setTo(event.target.value)}
        />
      </label>
      <button type="submit" className="button button--secondary">
        {t('console.range.apply')}
      </button>
    </form>
  );
}
