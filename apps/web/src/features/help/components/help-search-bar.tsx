import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';

/** Search box that opens the search page with the keyword. */
export function HelpSearchBar({
  initial = '',
  onSearch,
}: {
  initial?: string;
  onSearch?: (k: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  return (
    <form
      role="search"
      className="help-search-bar"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <SearchBar
        value={value}
        onChange={setValue}
        placeholder={t('help.searchPlaceholder')}
        aria-label={t('help.searchPlaceholder')}
        showCancelButton={() => false}
        onSearch={(keyword) => {
          const k = keyword.trim();
          if (!k) return;
          if (onSearch) onSearch(k);
          else void navigate(Paths.helpSearch(k));
        }}
      />
    </form>
  );
}
