import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppErrorPage } from './app-error-page.tsx';
import { RedirectSignedIn } from './guards/redirect-signed-in.tsx';
import { RequireSession } from './guards/require-session.tsx';
import { UnknownRoute } from './guards/unknown-route.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * The one route table (spec §2). Groups mirror the spec: public routes, signed-in routes (the main
 * layout with the sidebar wraps these later), redirects, and the catch-all. Every page is lazy.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorPage />,
    children: [
      // Public: `/` shows the landing page to visitors and sends signed-in users to the dashboard.
      {
        element: <RedirectSignedIn to="/dashboard" />,
        children: [{ path: '/', element: lazyPage(() => import('../pages/public/landing/landing-page.tsx'), 'LandingPage') }],
      },
      { path: '/login', element: lazyPage(() => import('../pages/auth/login/login-page.tsx'), 'LoginPage') },
      { path: '/register', element: lazyPage(() => import('../pages/auth/register/register-page.tsx'), 'RegisterPage') },

      // Signed in: unauthenticated users go to `/`.
      {
        element: <RequireSession />,
        children: [
          {
            path: '/dashboard',
            element: lazyPage(() => import('../pages/dashboard/overview/dashboard-page.tsx'), 'DashboardPage'),
          },
        ],
      },

      { path: '*', element: <UnknownRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
