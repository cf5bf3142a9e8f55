import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { createQueryClient } from '../lib/query-client';
import { uz } from '../i18n/uz';
import { router } from './router';

function AppCrash() {
  return (
    <main className="container page crash">
      <h1>{uz.errors.somethingWrong}</h1>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {uz.errors.reload}
      </button>
    </main>
  );
}

/** App-level providers; the outermost error boundary catches what the routes' boundaries cannot. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={() => <AppCrash />}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
