import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ImageOffRegular } from '@fluentui/react-icons';
import { mediaThumbUrl } from '@tradepost/shared/schemas/media.ts';

const useStyles = makeStyles({
  frame: {
    display: 'grid',
    placeItems: 'center',
    aspectRatio: '1 / 1',
    width: '100%',
    flexShrink: 0,
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground4,
    // The no-photo mark is an icon, sized by the font: a caller's className scales it with the frame.
    fontSize: '32px',
  },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
});

type PhotoThumbProps = {
  /** The first photo (its 400 px thumbnail is shown), or none yet. */
  image: { media_id: string } | null | undefined;
  /** What the photo shows; empty when the title stands beside it, so it is not read twice. */
  alt: string;
  /** Size (width, font size for the mark) and placement. */
  className?: string;
};

/** A product's or item's photo as a square thumbnail, or a quiet mark that it has none yet. */
export function PhotoThumb({ image, alt, className }: PhotoThumbProps) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.frame, className)}>
      {image ? (
        <img className={styles.image} src={mediaThumbUrl(image.media_id)} alt={alt} loading="lazy" />
      ) : alt === '' ? (
        <ImageOffRegular aria-hidden="true" />
      ) : (
        <ImageOffRegular aria-label="No photo yet" role="img" />
      )}
    </div>
  );
}
