import { useMergedRefs } from '@fluentui/react-components';
import { cloneElement, type ReactElement, type Ref, type RefObject, useLayoutEffect, useRef } from 'react';
import { deferred } from './deferred.tsx';

export type SidebarTooltipProps = {
  /** The tooltip's text; with `relationship="label"` also the trigger's accessible name. */
  content: string;
  relationship: 'label' | 'description';
  /** Forces the tooltip hidden (while the trigger's popover is open); otherwise it follows hover and focus. */
  visible?: boolean | undefined;
  /** The trigger: one element that takes a ref (a link or a button of the sidebar). */
  children: ReactElement;
};

type PieceProps = Omit<SidebarTooltipProps, 'children'> & { children: ReactElement; hadFocus: RefObject<boolean> };

// Fluent's tooltip brings its positioning engine (floating-ui, ~15 KB gzip), and the sidebar draws
// tooltips only when it is collapsed to icons: its code is not part of the first screen (issue #16).
const FluentTooltip = deferred<PieceProps>(() => import('./sidebar-tooltip-piece.tsx').then((module) => module.SidebarTooltipPiece));

const refOf = (element: ReactElement): Ref<HTMLElement> | undefined => (element.props as { ref?: Ref<HTMLElement> }).ref;

/**
 * What the trigger is before the tooltip's code is here: the same element, named as the tooltip
 * would name it. When it is replaced by the tooltip's own copy, it notes whether it had the focus,
 * so the copy can take it over (a layout effect's cleanup runs before the element leaves the page).
 */
function StandIn({ content, relationship, children, hadFocus }: PieceProps) {
  const own = useRef<HTMLElement>(null);
  const ref = useMergedRefs(own, refOf(children));
  useLayoutEffect(
    () => () => {
      hadFocus.current = own.current !== null && own.current === own.current.ownerDocument.activeElement;
    },
    [hadFocus],
  );
  return cloneElement(children, { ref, ...(relationship === 'label' ? { 'aria-label': content } : {}) } as object);
}

/**
 * A tooltip of the collapsed sidebar (Fluent's Tooltip, positioned after its trigger). Until its code
 * has loaded the trigger stands alone with the same accessible name, then the tooltip takes it over
 * (keeping the focus if the trigger had it). A Fluent trigger component, so it can sit inside a
 * PopoverTrigger: the popover's props reach the trigger through it, as they do through Fluent's Tooltip.
 */
export function SidebarTooltip(props: SidebarTooltipProps) {
  const hadFocus = useRef(false);
  return <FluentTooltip {...props} hadFocus={hadFocus} fallback={<StandIn {...props} hadFocus={hadFocus} />} />;
}
SidebarTooltip.isFluentTriggerComponent = true;
/** Fetches the tooltip's code ahead of the sidebar's collapse (idempotent). */
SidebarTooltip.preload = FluentTooltip.preload;
