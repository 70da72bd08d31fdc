import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { PreownedGrade } from '@tradepost/shared/schemas/preowned.ts';
import { gradeDetails } from './preowned-labels.ts';

const gradeColors: Record<PreownedGrade, BadgeProps['color']> = {
  like_new: 'success',
  excellent: 'brand',
  good: 'informative',
  fair: 'warning',
};

/** The grade as a small coloured label; nothing for an ungraded draft. */
export function GradeBadge({ grade, size = 'medium' }: { grade: PreownedGrade | null; size?: BadgeProps['size'] }) {
  if (grade === null) return null;
  return (
    <Badge appearance="tint" color={gradeColors[grade]} size={size} title={gradeDetails[grade].description}>
      {gradeDetails[grade].label}
    </Badge>
  );
}
