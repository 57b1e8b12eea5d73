import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSkeleton } from '../components/PageSkeleton';
import { ACCESS } from '../lib/access';
import { setApiNavigator } from '../lib/api-client';
import { AppLayout } from './AppLayout';
import { AUTHENTICATED, indexLoader, languageLoader, protect, publicOnly, rootLoader } from './guards';
import { lazyRoute } from './lazy-route';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** Every page below /:lang is its own chunk with its own error boundary. */
export const routes: RouteObject[] = [
  { path: '/', loader: rootLoader, HydrateFallback: PageSkeleton },
  {
    path: '/:lang',
    loader: languageLoader,
    Component: AppLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageSkeleton,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, loader: indexLoader },
          { path: 'login', loader: publicOnly, lazy: lazyRoute(() => import('../features/auth/routes/login')) },
          {
            path: 'my-service-orders',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.myServiceOrders),
            lazy: lazyRoute(() => import('../features/orders/routes/my-service-orders')),
          },
          {
            path: 'order/:refId',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.orderDetail),
            lazy: lazyRoute(() => import('../features/orders/routes/order-detail')),
            children: [{ index: true, lazy: lazyRoute(() => import('../features/orders/routes/quote-request-tab')) }],
          },
          {
            path: 'order-form',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.orderForm),
            lazy: lazyRoute(() => import('../features/orders/routes/order-form')),
          },
          { path: '404', lazy: lazyRoute(() => import('./routes/not-found')) },
          { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setApiNavigator((to) => void router.navigate(to, { replace: true }));
  return router;
}
