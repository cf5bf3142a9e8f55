import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/**
 * Every page but the landing list is its own chunk. React.lazy under the layout's Suspense (rather than
 * the router's `lazy`) lets the navbar and footer render at once on a first visit to any page.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return <Page />;
}

export const router = createBrowserRouter([
  {
    Component: Layout,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/page/1" replace /> },
          { path: 'page/:page', Component: HomeRoute },
          {
            path: 'portfolio/:linktitle',
            element: page(() => import('./routes/portfolio'), 'PortfolioRoute'),
          },
          {
            path: 'portfolio/:linktitle/edit',
            element: page(() => import('./routes/portfolio-edit'), 'PortfolioEditRoute'),
          },
          { path: 'create', element: page(() => import('./routes/create'), 'CreateRoute') },
          { path: 'auth/login', element: page(() => import('./routes/login'), 'LoginRoute') },
          { path: 'auth/register', element: page(() => import('./routes/register'), 'RegisterRoute') },
          {
            path: 'auth/register/emailverification',
            element: page(() => import('./routes/email-verification'), 'EmailVerificationRoute'),
          },
          { path: 'profile', element: page(() => import('./routes/profile'), 'MyProfileRoute') },
          { path: 'profile/:username', element: page(() => import('./routes/profile'), 'UserProfileRoute') },
          { path: 'about', element: page(() => import('./routes/about'), 'AboutRoute') },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
]);
