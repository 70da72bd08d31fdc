import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { formatMoney } from '../catalog/money.ts';
import { type VariantInfo, variantInfos } from '../catalog/variant-info.ts';

type SizeMenuProps = {
  product: Product;
  currency: string;
  label: string;
  onChoose: (choice: VariantInfo) => void;
  /** Sizes with nothing available are shown but cannot be chosen (an order cannot take them). */
  requireStock?: boolean;
};

/** A button that opens the product's sizes with their stock and price; choosing one hands it back. */
export function SizeMenu({ product, currency, label, onChoose, requireStock = false }: SizeMenuProps) {
  const choices = variantInfos(product);
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          icon={<ChevronDownRegular />}
          iconPosition="after"
          aria-label={`${label}: ${product.title}`}
          disabled={choices.length === 0}
        >
          {label}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {choices.map((choice) => (
            <MenuItem
              key={choice.variantId}
              disabled={requireStock && choice.available <= 0}
              onClick={() => onChoose(choice)}
              secondaryContent={choice.priceCents === null ? undefined : formatMoney(choice.priceCents, currency)}
            >
              {`Size ${choice.size} · ${choice.available} available`}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
