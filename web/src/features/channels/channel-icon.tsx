import {
  BuildingMultipleRegular,
  BuildingShopRegular,
  CartRegular,
  EditRegular,
  GlobeRegular,
  PaymentRegular,
  PeopleCommunityRegular,
  VideoClipRegular,
} from '@fluentui/react-icons';
import type { ChannelKind } from '@tradepost/shared/schemas/sales.ts';
import type { ReactElement } from 'react';

const icons: Record<ChannelKind, () => ReactElement> = {
  ebay: () => <GlobeRegular />,
  shopify: () => <CartRegular />,
  square: () => <PaymentRegular />,
  whatnot: () => <VideoClipRegular />,
  in_store: () => <BuildingShopRegular />,
  wholesale: () => <BuildingMultipleRegular />,
  network: () => <PeopleCommunityRegular />,
  manual: () => <EditRegular />,
};

/** A recognisable glyph per kind of channel (decorative: the name is always beside it). */
export function ChannelIcon({ kind }: { kind: ChannelKind }) {
  return icons[kind]();
}
