import { lazy, Suspense } from 'react';
import { withMessages } from '../../../i18n/messages';
import { useAuth } from '../../auth/api/get-me';
import type { ReportButtonProps } from './report-button';

const loadButton = withMessages(
  'src/features/moderation/components/report-button.tsx',
  () => import('./report-button'),
);
const ReportButton = lazy(() => loadButton().then((module) => ({ default: module.ReportButton })));

/**
 * `ReportButton` where a page offers it: only signed-in people see it, on what others wrote, so its code
 * is fetched only for them (the server, rendering for everyone, never shows it).
 */
export function ReportAction(props: ReportButtonProps) {
  const { user } = useAuth();
  if (!user || user._id === props.ownerId) return null;
  return (
    <Suspense fallback={null}>
      <ReportButton {...props} />
    </Suspense>
  );
}
