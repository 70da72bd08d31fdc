import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppErrorScreen, ProductsErrorScreen, SettingsUnavailableScreen } from '../features/errors/error-screens.tsx';
import { AppPublicSite } from '../features/public-site/app-public-site.tsx';
import { canOpenSystemSales, hasShopify } from '../features/shell/access.ts';
import type { AreaPath } from '../features/shell/areas.ts';
import { MainLayout } from '../features/shell/main-layout.tsx';
import { RedirectSignedIn } from './guards/redirect-signed-in.tsx';
import { RequireAdmin } from './guards/require-admin.tsx';
import { RequireSession } from './guards/require-session.tsx';
import { RequireUser } from './guards/require-user.tsx';
import { RoleScope } from './guards/role-scope.tsx';
import type { GuardHandle } from './guards/route-handle.ts';
import { UnknownRoute } from './guards/unknown-route.tsx';
import { LazyRoute, lazyPage, pageLoader } from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';

/*
 * The one route table (spec §2). Shape:
 *
 *   RootLayout (errorElement: AppErrorScreen)
 *   ├─ AppPublicSite › public: / (landing, signed-in → /dashboard), marketing pages, kiosk, auth pages
 *   ├─ redirects: /seller /buyer /auth → /login; quick-action aliases → /quick-actions#…;
 *   │             /buyer/* → network pages
 *   ├─ RequireSession (signed out → /, or /auth under the admin branch)
 *   │  ├─ mobile and scanner routes, no sidebar
 *   │  └─ RoleScope (a screen the role's permissions do not cover → home: the fulfillment role to
 *   │     │  /fulfillments, staff from Users to /dashboard; features/shell/access.ts) › MainLayout (sidebar)
 *   │     ├─ general screens; Shopify-only ones behind hasShopify (→ /dashboard)
 *   │     ├─ System Sales behind is_system_sales (→ /)
 *   │     └─ admin: RequireAdmin (not super-admin → Access Denied)
 *   └─ * → /dashboard when signed in, else /
 *
 * Every page is lazy (spinner and 'Loading page...'). Screens not built yet render
 * AreaUnavailablePage with their row of features/shell/areas.ts.
 */

const areaUnavailable = pageLoader(() => import('./area-page.tsx'), 'AreaPage');

/** A route whose screen is not built yet: the honest page, named and described by areas.ts. */
function area(path: AreaPath, routePath: string = path): RouteObject {
  return { path: routePath, element: <LazyRoute loader={areaUnavailable} props={{ path }} /> };
}

function redirect(path: string, to: string): RouteObject {
  return { path, element: <Navigate to={to} replace /> };
}

const adminHandle: GuardHandle = { signedOutTo: '/auth' };

const publicRoutes: RouteObject[] = [
  {
    element: <RedirectSignedIn to="/dashboard" />,
    children: [{ path: '/', element: lazyPage(() => import('../pages/public/landing/landing-page.tsx'), 'LandingPage', { retries: 5 }) }],
  },
  { path: '/features', element: lazyPage(() => import('../pages/public/features/features-page.tsx'), 'FeaturesPage') },
  { path: '/pricing', element: lazyPage(() => import('../pages/public/pricing/pricing-page.tsx'), 'PricingPage') },
  { path: '/testimonials', element: lazyPage(() => import('../pages/public/testimonials/testimonials-page.tsx'), 'TestimonialsPage') },
  { path: '/about', element: lazyPage(() => import('../pages/public/about/about-page.tsx'), 'AboutPage') },
  { path: '/kiosk', element: lazyPage(() => import('../pages/public/kiosk/kiosk-page.tsx'), 'KioskPage') },
  { path: '/mobile-login', element: lazyPage(() => import('../pages/auth/mobile-login/mobile-login-page.tsx'), 'MobileLoginPage') },
  { path: '/login', element: lazyPage(() => import('../pages/auth/login/login-page.tsx'), 'LoginPage', { retries: 5 }) },
  { path: '/register', element: lazyPage(() => import('../pages/auth/register/register-page.tsx'), 'RegisterPage', { retries: 5 }) },
  {
    path: '/accept-invitation/:token',
    element: lazyPage(() => import('../pages/auth/accept-invitation/accept-invitation-page.tsx'), 'AcceptInvitationPage'),
  },
];

/** Spec §2 Redirects; /auth is where the admin guard sends signed-out visitors, and signing in happens at /login. */
const redirectRoutes: RouteObject[] = [
  redirect('/seller', '/login'),
  redirect('/buyer', '/login'),
  redirect('/auth', '/login'),
  redirect('/quick-actions/in-store-purchase', '/quick-actions#in-store-purchase'),
  redirect('/trade', '/quick-actions#trade'),
  redirect('/highest-bid-report', '/quick-actions#highest-bid'),
  redirect('/check-payouts', '/quick-actions#check-payouts'),
  redirect('/inventory-search', '/quick-actions#inventory-search'),
  redirect('/single-product-intake', '/quick-actions#single-product-intake'),
  redirect('/buyer/inventory', '/available-inventory'),
  redirect('/buyer/purchases', '/purchase-history'),
  redirect('/buyer/offers', '/offers'),
];

/** Spec §2: signed in, full screen, no sidebar. */
const mobileRoutes: RouteObject[] = [
  area('/mobile'),
  area('/mobile-photos'),
  area('/mobile-photos/:productId/capture'),
  area('/mobile-photos/quick-capture'),
  area('/mobile-photos/:productId/complete'),
  area('/mobile-scanner'),
  area('/mobile-payouts'),
  area('/mobile-remote-scanner'),
  area('/product-scanner'),
  area('/remote-scanner'),
];

const shopifyOnly: RouteObject = {
  element: <RequireUser allow={hasShopify} redirectTo="/dashboard" />,
  children: [
    { path: '/shopify', element: lazyPage(() => import('../pages/marketplaces/overview/marketplace-overview-page.tsx'), 'ShopifyPage') },
    {
      path: '/shopify-success',
      element: lazyPage(() => import('../pages/channels/shopify-success/shopify-success-page.tsx'), 'ShopifySuccessPage'),
    },
    { path: '/shopify-sync', element: lazyPage(() => import('../pages/marketplaces/sync/marketplace-sync-page.tsx'), 'ShopifySyncPage') },
    area('/retail/shopify'),
  ],
};

const adminRoutes: RouteObject = {
  handle: adminHandle,
  element: <RequireAdmin />,
  children: [
    { path: '/admin', element: lazyPage(() => import('../pages/admin/overview/admin-page.tsx'), 'AdminPage') },
    { path: '/admin/bug-reports', element: lazyPage(() => import('../pages/admin/bug-reports/bug-reports-page.tsx'), 'BugReportsPage') },
    {
      path: '/admin/manual-size-conversion-matching',
      element: lazyPage(() => import('../pages/admin/size-matching/size-matching-page.tsx'), 'SizeMatchingPage'),
    },
    area('/admin/product-sales-reports'),
    // Limited to the super-admin accounts: the admin guard is that limit.
    area('/admin/marketplace-sales'),
  ],
};

/** Spec §6: the one named account; everyone else goes to the root page. */
const systemSalesRoutes: RouteObject = {
  element: <RequireUser allow={canOpenSystemSales} redirectTo="/" />,
  children: [area('/system-sales'), area('/system-sales', '/admin/system-sales')],
};

const mainLayoutRoutes: RouteObject[] = [
  // Diagnostics.
  area('/scanner-test'),
  area('/scanner-debug-logs'),

  {
    path: '/dashboard',
    element: lazyPage(() => import('../pages/dashboard/overview/dashboard-page.tsx'), 'DashboardPage', { retries: 5 }),
  },

  // Analytics.
  area('/analytics'),
  area('/analytics/inventory'),
  area('/analytics/product-report'),
  area('/analytics/sales'),
  area('/analytics/financial'),
  area('/analytics/operational'),

  // Inventory.
  { path: '/inventory', element: lazyPage(() => import('../pages/inventory/overview/inventory-page.tsx'), 'InventoryPage') },
  { path: '/inventory/debug', element: lazyPage(() => import('../pages/inventory/debug/inventory-debug-page.tsx'), 'InventoryDebugPage') },
  {
    path: '/inventory/debug2',
    element: lazyPage(() => import('../pages/inventory/debug2/inventory-debug2-page.tsx'), 'InventoryDebug2Page'),
  },
  {
    path: '/inventory/adjustments',
    element: lazyPage(() => import('../pages/inventory/adjustments/adjustments-page.tsx'), 'AdjustmentsPage'),
  },
  { path: '/inventory/transfer', element: lazyPage(() => import('../pages/inventory/transfer/transfer-page.tsx'), 'TransferPage') },
  { path: '/inventory/counts', element: lazyPage(() => import('../pages/inventory/counts/counts-page.tsx'), 'CountsPage') },
  { path: '/inventory/counts/:countId', element: lazyPage(() => import('../pages/inventory/counts/count-page.tsx'), 'CountPage') },
  {
    path: '/inventory/counts/:countId/scanner',
    element: lazyPage(() => import('../pages/inventory/counts/count-scanner-page.tsx'), 'CountScannerPage'),
  },

  // Channels and retail.
  shopifyOnly,
  {
    path: '/square-dashboard',
    element: lazyPage(() => import('../pages/marketplaces/overview/marketplace-overview-page.tsx'), 'SquareDashboardPage'),
  },
  { path: '/square-sync', element: lazyPage(() => import('../pages/marketplaces/sync/marketplace-sync-page.tsx'), 'SquareSyncPage') },
  { path: '/sales-channels', element: lazyPage(() => import('../pages/channels/list/sales-channels-page.tsx'), 'SalesChannelsPage') },
  {
    path: '/sales-channels-management',
    element: lazyPage(() => import('../pages/channels/management/sales-channels-management-page.tsx'), 'SalesChannelsManagementPage'),
  },
  { path: '/retail/sales', element: lazyPage(() => import('../pages/retail/sales/retail-sales-page.tsx'), 'RetailSalesPage') },
  {
    path: '/retail/fulfillments',
    element: lazyPage(() => import('../pages/retail/fulfillments/retail-fulfillments-page.tsx'), 'RetailFulfillmentsPage'),
  },
  { path: '/retail/customers', element: lazyPage(() => import('../pages/retail/customers/customers-page.tsx'), 'CustomersPage') },
  { path: '/retail/pricing', element: lazyPage(() => import('../pages/retail/pricing/pricing-page.tsx'), 'PricingPage') },

  // Listings.
  {
    path: '/listings/inventory-control',
    element: lazyPage(() => import('../pages/listings/inventory-control/inventory-control-page.tsx'), 'InventoryControlPage'),
  },
  { path: '/sync-health', element: lazyPage(() => import('../pages/sync-health/sync-health-page.tsx'), 'SyncHealthPage') },
  {
    path: '/ebay-listings',
    element: lazyPage(() => import('../pages/marketplaces/ebay-listings/ebay-listings-page.tsx'), 'EbayListingsPage'),
  },
  {
    path: '/ebay/products/:productId',
    element: lazyPage(() => import('../pages/marketplaces/ebay-product/ebay-product-page.tsx'), 'EbayProductPage'),
  },
  area('/ebay-templates'),
  area('/ebay-templates/create'),
  area('/ebay-templates/edit/:id'),
  area('/shopify-sizing-templates'),
  area('/shopify-sizing-templates/create'),
  area('/shopify-sizing-templates/edit/:id'),
  area('/shopify-sizing-templates/settings'),
  area('/templates/listing/create'),
  area('/templates/listing/:id/edit'),
  {
    path: '/business/size-formats',
    element: lazyPage(() => import('../pages/business/size-formats/size-formats-page.tsx'), 'SizeFormatsPage'),
  },
  {
    path: '/business/size-formats/create',
    element: lazyPage(() => import('../pages/business/size-formats/create-size-format-page.tsx'), 'CreateSizeFormatPage'),
  },
  area('/repricing'),
  area('/liquidation'),
  { path: '/pick-rules', element: lazyPage(() => import('../pages/pick-rules/pick-rules-page.tsx'), 'PickRulesPage') },

  // Sales and fulfillment.
  { path: '/sales', element: lazyPage(() => import('../pages/sales/list/sales-page.tsx'), 'SalesPage') },
  { path: '/fulfillments', element: lazyPage(() => import('../pages/fulfillment/list/fulfillments-page.tsx'), 'FulfillmentsPage') },
  {
    path: '/scanning-mode',
    element: lazyPage(() => import('../pages/fulfillment/scanning-mode/scanning-mode-page.tsx'), 'ScanningModePage'),
  },
  { path: '/cancelled-sales', element: lazyPage(() => import('../pages/sales/cancelled/cancelled-sales-page.tsx'), 'CancelledSalesPage') },
  { path: '/failed-orders', element: lazyPage(() => import('../pages/sales/failed-orders/failed-orders-page.tsx'), 'FailedOrdersPage') },

  // Purchasing.
  { path: '/vendors', element: lazyPage(() => import('../pages/purchasing/vendors/vendors-page.tsx'), 'VendorsPage') },
  {
    path: '/purchase-orders',
    element: lazyPage(() => import('../pages/purchasing/purchase-orders/purchase-orders-page.tsx'), 'PurchaseOrdersPage'),
  },
  {
    path: '/purchase-orders/create',
    element: lazyPage(() => import('../pages/purchasing/purchase-order-create/purchase-order-create-page.tsx'), 'PurchaseOrderCreatePage'),
  },
  {
    path: '/purchase-orders/pdf-import/create',
    element: lazyPage(() => import('../pages/purchasing-import/pdf-import-create-page.tsx'), 'PdfImportCreatePage'),
  },
  {
    path: '/purchase-orders/pdf-import',
    element: lazyPage(() => import('../pages/purchasing-import/pdf-import-page.tsx'), 'PdfImportPage'),
  },
  {
    path: '/purchase-orders/:id',
    element: lazyPage(() => import('../pages/purchasing/purchase-order-detail/purchase-order-detail-page.tsx'), 'PurchaseOrderDetailPage'),
  },
  {
    path: '/purchase-orders/:purchaseOrderId/upc-scanner',
    element: lazyPage(() => import('../pages/purchasing-receive/upc-scanner-page.tsx'), 'UpcScannerPage'),
  },
  {
    path: '/purchase-orders/:purchaseOrderId/barcode-variants',
    element: lazyPage(() => import('../pages/purchasing-receive/barcode-variants-page.tsx'), 'BarcodeVariantsPage'),
  },
  {
    path: '/purchase-orders/:purchaseOrderId/payout-settings',
    element: lazyPage(() => import('../pages/payout-settings/payout-settings-page.tsx'), 'PayoutSettingsPage'),
  },
  {
    path: '/purchase-orders/select-variants',
    element: lazyPage(() => import('../pages/purchase-order-select-variants/select-variants-page.tsx'), 'PurchaseOrderSelectVariantsPage'),
  },
  {
    path: '/in-store-purchase/select-variants',
    element: lazyPage(() => import('../pages/in-store-purchase/select-variants-page.tsx'), 'InStoreSelectVariantsPage'),
  },
  {
    path: '/create-products-from-listings',
    element: lazyPage(
      () => import('../pages/marketplaces/create-from-listings/create-products-from-listings-page.tsx'),
      'CreateProductsFromListingsPage',
    ),
  },

  // Wholesale.
  area('/wholesale-orders'),
  area('/wholesale-orders/create'),
  area('/wholesale-orders/:orderId'),
  area('/wholesale-orders/:orderId/edit'),
  area('/wholesale-orders/:orderId/packing-list'),
  area('/wholesale'),
  area('/wholesale/list'),
  area('/wholesale/reservations'),
  area('/wholesale/price-management'),
  area('/wholesale/offers'),

  // Other.
  area('/finances'),
  area('/expenses'),
  {
    // Its code is also fetched 2 s after start by AppRuntime (spec §9).
    path: '/settings',
    element: lazyPage(() => import('../pages/account/settings/settings-page.tsx'), 'SettingsPage', { retries: 5 }),
    errorElement: <SettingsUnavailableScreen />,
  },
  // team:manage, the owner's alone (RoleScope).
  { path: '/users', element: lazyPage(() => import('../pages/account/users/users-page.tsx'), 'UsersPage') },
  { path: '/add-product', element: lazyPage(() => import('../pages/products/add-product/add-product-page.tsx'), 'AddProductPage') },
  {
    path: '/products',
    element: lazyPage(() => import('../pages/products/list/products-page.tsx'), 'ProductsPage', { retries: 5 }),
    errorElement: <ProductsErrorScreen />,
  },
  {
    path: '/products/create-custom',
    element: lazyPage(() => import('../pages/products/create-custom/create-custom-product-page.tsx'), 'CreateCustomProductPage'),
  },
  {
    path: '/products/:productId/configure',
    element: lazyPage(() => import('../pages/products/configure/configure-product-page.tsx'), 'ConfigureProductPage'),
  },
  { path: '/preowned', element: lazyPage(() => import('../pages/preowned/list/preowned-page.tsx'), 'PreownedPage') },
  { path: '/preowned/drafts', element: lazyPage(() => import('../pages/preowned/drafts/preowned-drafts-page.tsx'), 'PreownedDraftsPage') },
  { path: '/profile', element: lazyPage(() => import('../pages/account/profile/profile-page.tsx'), 'ProfilePage') },
  area('/market-review'),
  { path: '/quick-actions', element: lazyPage(() => import('../pages/quick-actions/quick-actions-page.tsx'), 'QuickActionsPage') },
  area('/billing'),
  area('/subscription'),

  // Admin and the named accounts.
  adminRoutes,
  systemSalesRoutes,
  {
    path: '/batch-operations',
    element: lazyPage(() => import('../pages/batch-operations/list/batch-operations-page.tsx'), 'BatchOperationsPage'),
  },
  {
    path: '/batch-operations/debug/:batchId',
    element: lazyPage(() => import('../pages/batch-operations/debug/batch-debug-page.tsx'), 'BatchDebugPage'),
  },

  // Consignment.
  area('/consignment'),
  area('/consignment/settings'),
  area('/consignment/consignors'),
  area('/consignment/intake'),
  area('/consignment/intakes'),
  area('/consignment/intakes/:intakeId'),

  // Network.
  area('/network'),
  area('/network/connections'),
  area('/network/inventory'),
  area('/network/sales'),
  area('/network/purchases'),
  area('/want-to-buy'),
  area('/messages'),
  area('/available-inventory'),
  area('/purchase-history'),
  area('/offers'),

  // Whatnot.
  area('/whatnot'),
  area('/whatnot/shows/:showId/edit'),
  area('/whatnot/shows/:showId/csv-review'),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorScreen />,
    children: [
      // The public pages' session, theme and links come from the app here (features/public-site/public-site-context.ts).
      { element: <AppPublicSite />, children: publicRoutes },
      ...redirectRoutes,
      {
        element: <RequireSession />,
        children: [
          ...mobileRoutes,
          {
            element: <RoleScope />,
            children: [{ element: <MainLayout />, children: mainLayoutRoutes }],
          },
        ],
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
