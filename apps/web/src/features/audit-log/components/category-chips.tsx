import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AUDIT_CATEGORIES, type AuditCategory } from '@snowgear/contracts';

/** Which areas to show: any of the five, or all of them (none chosen). */
export function CategoryChips({
  value,
  onChange,
}: {
  value: AuditCategory[];
  onChange: (categories: AuditCategory[]) => void;
}) {
  const { t } = useTranslation();
  const toggle = (category: AuditCategory) =>
    onChange(
      value.includes(category)
        ? value.filter((c) => c !== category)
        : AUDIT_CATEGORIES.filter((c) => c === category || value.includes(c)),
    );
  return (
    <div className="audit-chips" role="group" aria-label={t('auditLog.categoriesLabel')}>
      <Button
        size="small"
        shape="rounded"
        color={value.length === 0 ? 'primary' : 'default'}
        fill={value.length === 0 ? 'solid' : 'outline'}
        aria-pressed={value.length === 0}
        onClick={() => onChange([])}
      >
        {t('auditLog.allCategories')}
      </Button>
      {AUDIT_CATEGORIES.map((category) => {
        const on = value.includes(category);
        return (
          <Button
            key={category}
            size="small"
            shape="rounded"
            color={on ? 'primary' : 'default'}
            fill={on ? 'solid' : 'outline'}
            aria-pressed={on}
            onClick={() => toggle(category)}
          >
            {t(`auditLog.categories.${category}`)}
          </Button>
        );
      })}
    </div>
  );
}
