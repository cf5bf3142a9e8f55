import { useEffect } from 'react';
import { uz } from '../i18n/uz';

/** Sets the document title for the page; 'Portfolio Master' alone by default. */
export function useTitle(title?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${uz.appName}` : uz.appName;
  }, [title]);
}
