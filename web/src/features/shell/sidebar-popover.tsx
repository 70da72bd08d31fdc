import { Popover, type PopoverProps, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';
import { type ReactElement, type ReactNode, type RefObject, useLayoutEffect } from 'react';

export type SidebarPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  positioning: PopoverProps['positioning'];
  /** The button that opens it (with `triggerRef` on it), or a tooltip around that button. */
  trigger: ReactElement;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** Whether the plain button drawn before this module loaded has the focus: it passes to the new one. */
  triggerFocused: RefObject<boolean>;
  surfaceClassName: string;
  labelledBy: string;
  children: ReactNode;
};

/**
 * A popover of the sidebar (the user menu, a collapsed group's panel): a small dialog that traps the
 * focus. In a module of its own because Fluent's popover brings its focus-trapping library (tabster)
 * along, which no first screen needs (issue #16): the sidebar draws its plain button first, and this
 * takes the button over once it has loaded, open already if the button was pressed in the meantime.
 */
export function SidebarPopover({
  open,
  onOpenChange,
  positioning,
  trigger,
  triggerRef,
  triggerFocused,
  surfaceClassName,
  labelledBy,
  children,
}: SidebarPopoverProps) {
  // Once, when it takes the button over (an opening moves the focus into the popover instead).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useLayoutEffect(() => {
    if (triggerFocused.current && !open) triggerRef.current?.focus();
  }, []);
  return (
    <Popover open={open} onOpenChange={(_event, data) => onOpenChange(data.open)} positioning={positioning} trapFocus>
      <PopoverTrigger disableButtonEnhancement>{trigger}</PopoverTrigger>
      <PopoverSurface className={surfaceClassName} aria-labelledby={labelledBy}>
        {children}
      </PopoverSurface>
    </Popover>
  );
}
