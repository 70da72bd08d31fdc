import { Tooltip, useMergedRefs } from '@fluentui/react-components';
import { cloneElement, type ReactElement, type Ref, type RefObject, useLayoutEffect, useRef } from 'react';

type SidebarTooltipPieceProps = {
  content: string;
  relationship: 'label' | 'description';
  visible?: boolean | undefined;
  children: ReactElement;
  /** Whether the stand-in this replaces had the focus: the trigger takes it back when it mounts. */
  hadFocus: RefObject<boolean>;
};

/** The sidebar's tooltip once its code is here (loaded by sidebar-tooltip.tsx, with Fluent's positioning). */
export function SidebarTooltipPiece({ content, relationship, visible, children, hadFocus }: SidebarTooltipPieceProps) {
  const own = useRef<HTMLElement>(null);
  const ref = useMergedRefs(own, (children.props as { ref?: Ref<HTMLElement> }).ref);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes the trigger over
  useLayoutEffect(() => {
    if (hadFocus.current) own.current?.focus();
    hadFocus.current = false;
  }, []);
  return (
    <Tooltip content={content} relationship={relationship} positioning="after" visible={visible}>
      {cloneElement(children, { ref } as object)}
    </Tooltip>
  );
}
