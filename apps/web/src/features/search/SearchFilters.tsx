import {
  SEARCH_COLOR_FAMILIES,
  type SearchColorFamily,
  type SearchScope,
} from '@corkboard/shared/search/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../ui/forms.css';
import { SEARCH_NAMESPACE } from '../../i18n/searchCatalogue.ts';
import { FILTER_PARAMS } from './hooks.ts';

interface FilterValues {
  colors: string;
  domains: string;
  price_min: string;
  price_max: string;
}

function readFilters(params: URLSearchParams): FilterValues {
  return {
    colors: params.get('colors') ?? '',
    domains: params.get('domains') ?? '',
    price_min: params.get('price_min') ?? '',
    price_max: params.get('price_max') ?? '',
  };
}

/**
 * The filters of saving.md §2.10 that apply to what we hold: colour family and website for pins,
 * and a price range for buyable pins. Applying writes them to the address (the page's state);
 * every other parameter stays.
 */
export function SearchFilters({ scope }: { scope: SearchScope }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const shown = readFilters(params);
  const [values, setValues] = useState(shown);
  const [shownKey, setShownKey] = useState(params.toString());
  // Back/forward or a new search: the form shows the address's filters again.
  if (shownKey !== params.toString()) {
    setShownKey(params.toString());
    setValues(shown);
  }
  const id = useId();
  const withPrice = scope === 'buyable_pins';

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    for (const name of FILTER_PARAMS) {
      const value = values[name].trim();
      if (value === '' || (!withPrice && name.startsWith('price_'))) next.delete(name);
      else next.set(name, value);
    }
    next.delete('bookmark');
    setParams(next);
  };

  const clear = () => {
    const next = new URLSearchParams(params);
    for (const name of FILTER_PARAMS) next.delete(name);
    setParams(next);
  };

  const set = (name: keyof FilterValues) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  return (
    <form className="search-filters" aria-labelledby={`${id}-heading`} onSubmit={apply}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        {t('filters.heading')}
      </h2>
      <div className="field search-filters__field">
        <label className="field__label" htmlFor={`${id}-color`}>
          {t('filters.color')}
        </label>
        <select
          id={`${id}-color`}
          className="field__input"
          value={values.colors}
          onChange={(event) => set('colors')(event.target.value)}
        >
          <option value="">{t('filters.anyColor')}</option>
          {SEARCH_COLOR_FAMILIES.map((color: SearchColorFamily) => (
            <option key={color} value={color}>
              {t(`colors.${color}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field search-filters__field">
        <label className="field__label" htmlFor={`${id}-domain`}>
          {t('filters.domain')}
        </label>
        <input
          id={`${id}-domain`}
          className="field__input"
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder={t('filters.domainHint')}
          value={values.domains}
          onChange={(event) => set('domains')(event.target.value)}
        />
      </div>
      {withPrice ? (
        <>
          <div className="field search-filters__field">
            <label className="field__label" htmlFor={`${id}-min`}>
              {t('filters.priceMin')}
            </label>
            <input
              id={`${id}-min`}
              className="field__input"
              type="number"
              min="0"
              step="any"
              value={values.price_min}
              onChange={(event) => set('price_min')(event.target.value)}
            />
          </div>
          <div className="field search-filters__field">
            <label className="field__label" htmlFor={`${id}-max`}>
              {t('filters.priceMax')}
            </label>
            <input
              id={`${id}-max`}
              className="field__input"
              type="number"
              min="0"
              step="any"
              value={values.price_max}
              onChange={(event) => set('price_max')(event.target.value)}
            />
          </div>
        </>
      ) : null}
      <div className="search-filters__actions">
        <button type="submit" className="button button--primary">
          {t('filters.apply')}
        </button>
        <button type="button" className="button button--secondary" onClick={clear}>
          {t('filters.clear')}
        </button>
      </div>
    </form>
  );
}
