import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { lazyThemed } from '../components/lazy-themed.tsx';
import { HydrateFallback } from '../components/page-loader.tsx';
import { PrivateGuard, PublicOnlyGuard, type TRouteHandle } from './guards.tsx';
import { ToastSlot } from './toast-slot.tsx';
import { PRIVATE_ROUTE_ID } from './unauthorized.ts';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <ToastSlot />
    </>
  );
}

// The root's error screen is drawn with MUI; the app's first screen (/sign-in) loads no MUI (decision 035).
const RootRouteError = lazyThemed(() =>
  import('../components/route-error.tsx').then((m) => m.RootRouteError),
);
const routeErrorContent = () => import('../components/route-error.tsx');
const notFoundPage = () =>
  import('../components/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));

const companyNewHandle: TRouteHandle = { allowWithoutCompany: true };
const yourNameHandle: TRouteHandle = { namePage: true };

// spec 1 §2 Route table (and spec 2 §2). Every page module is lazy-loaded and exports `Component`.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback,
    errorElement: <RootRouteError />,
    children: [
      { index: true, element: <Navigate to="/jobs" replace /> },

      // Public; signed-in users are sent on; no header. /sign-in is the one page outside MUI's theme: plain HTML
      // and CSS, for its JavaScript budget (decision 035).
      {
        Component: PublicOnlyGuard,
        children: [{ path: 'sign-in', lazy: () => import('../features/auth/routes/sign-in.tsx') }],
      },

      // Every other page: under MUI's theme and baseline (a lazy layout route).
      {
        lazy: () => import('../components/theme-root.tsx'),
        children: [
          {
            Component: PublicOnlyGuard,
            children: [
              { path: 'sign-up', lazy: () => import('../features/auth/routes/sign-up.tsx') },
              { path: 'forgot-password', lazy: () => import('../features/auth/routes/forgot-password.tsx') },
              {
                path: 'verification-sent',
                lazy: () => import('../features/auth/routes/verification-sent.tsx'),
              },
            ],
          },

          // Open to everyone, signed in or not: no redirects.
          { path: 'confirm-email', lazy: () => import('../features/auth/routes/confirm-email.tsx') },
          { path: 'contact-us', lazy: () => import('../features/contact/routes/contact-us.tsx') },
          { path: 'token', lazy: () => import('../features/token/routes/token.tsx') },
          // spec 2 §4 Invite flow; the code is optional here so that a missing one gets its message.
          {
            path: 'accept-invite/:inviteCode?',
            lazy: () => import('../features/invite/routes/accept-invite.tsx'),
          },
          // Shows the outbox where the server serves it (this computer, no SMTP: DEV_MAILBOX); says so otherwise.
          { path: 'dev/mailbox', lazy: () => import('../features/dev-mailbox/routes/mailbox.tsx') },

          // Private: inside the shell.
          {
            id: PRIVATE_ROUTE_ID,
            Component: PrivateGuard,
            children: [
              // Issue 27: outside the shell, like the sign-in pages.
              {
                path: 'your-name',
                handle: yourNameHandle,
                lazy: () => import('../features/auth/routes/your-name.tsx'),
              },
              {
                // Lazy, so the public pages (sign-in first) do not download the shell's menus and drawer.
                lazy: () =>
                  import('../components/layout/app-shell.tsx').then((m) => ({ Component: m.AppShell })),
                children: [
                  {
                    // Errors of a page stay inside the shell, so the navigation still works.
                    lazy: () => routeErrorContent().then((m) => ({ ErrorBoundary: m.RouteErrorContent })),
                    children: [
                      {
                        path: 'company/new',
                        handle: companyNewHandle,
                        lazy: () => import('../features/company/routes/company-new.tsx'),
                      },
                      { path: 'jobs', lazy: () => import('../features/jobs/routes/jobs-dashboard.tsx') },
                      { path: 'jobs/:id/edit', lazy: () => import('../features/jobs/routes/job-edit.tsx') },
                      {
                        path: 'jobs/:id/view',
                        lazy: () => import('../features/applicants/routes/job-applicants.tsx'),
                      },
                      {
                        path: 'jobs/:id/interview/compare/:questionId',
                        lazy: () => import('../features/interview-compare/routes/interview-compare.tsx'),
                      },
                      {
                        path: 'applications/:jobId/:candidateId/view',
                        lazy: () => import('../features/applicant/routes/applicant-page.tsx'),
                      },
                      { path: 'settings', lazy: () => import('../features/settings/routes/settings.tsx') },
                      { path: 'plans', lazy: () => import('../features/plans/routes/plans.tsx') },
                      {
                        path: 'content',
                        lazy: () => import('../features/content/routes/content-library.tsx'),
                      },
                      // spec 3 §2: the animated video editor and its JSON preview.
                      {
                        path: 'content/json',
                        lazy: () => import('../features/content/routes/template-json-page.tsx'),
                      },
                      {
                        path: 'content/:action/:id?',
                        lazy: () => import('../features/content/routes/template-editor-page.tsx'),
                      },
                      {
                        path: 'onboarding',
                        lazy: () => import('../features/onboarding/routes/onboarding.tsx'),
                      },
                      { path: 'analytics', lazy: () => import('../features/analytics/routes/analytics.tsx') },
                      { path: 'employer', lazy: () => import('../features/employer/routes/employer.tsx') },
                    ],
                  },
                ],
              },
            ],
          },

          { path: '404', lazy: notFoundPage },
          { path: '*', lazy: notFoundPage },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
