import { useEffect } from 'react';

export const PRODUCT_NAME = 'Polyblok';

export function formatPageTitle(page: string): string {
  return `${page} | ${PRODUCT_NAME}`;
}

/** Sets the tab title to `<page> | Polyblok` while the calling screen is mounted. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = formatPageTitle(page);
  }, [page]);
}
