import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import styles from './Pager.module.css';

/** How many pages `total` items fill, `pageSize` to a page: at least one. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

type PagerProps = { page: number; pages: number; onPage: (page: number) => void; className?: string };

/** Previous / 'Page n of m' / Next under a paged list; nothing when everything fits on one page. */
export const Pager = ({ page, pages, onPage, className }: PagerProps) => {
  const { t } = useTranslation('ui');
  return pages > 1 ? (
    <nav
      className={className ? `${styles.pager} ${className}` : styles.pager}
      aria-label={t('pageOf', { page, pages })}
    >
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span>{t('pageOf', { page, pages })}</span>
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  ) : null;
};
