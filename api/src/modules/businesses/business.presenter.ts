import type { BusinessSummary } from '@tradepost/shared/schemas/auth.ts';
import type { Business } from './business.entity.ts';

export function presentBusiness(business: Business): BusinessSummary {
  return {
    id: business.id,
    business_name: business.name,
    currency: business.currency,
    timezone: business.timezone,
    shopify_enabled: business.shopifyEnabled,
    trial_ends_at: business.trialEndsAt.toISOString(),
  };
}
