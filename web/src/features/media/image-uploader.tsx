import { Badge, Button, makeStyles, mergeClasses, ProgressBar, Text, Tooltip, tokens, typographyStyles } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  ArrowLeftRegular,
  ArrowRightRegular,
  CameraRegular,
  DeleteRegular,
  DismissRegular,
  ImageAddRegular,
} from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import { MAX_IMAGES_PER_ITEM, mediaThumbUrl } from '@tradepost/shared/schemas/media.ts';
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { prepareImage, type UploadHandle, uploadImage } from './upload-image.ts';

/** A photo on an item, as products keep them (`thumb_url` is derived when absent). */
export type UploadedImage = { media_id: string; url: string; thumb_url?: string };

type Pending = { key: string; file: File; name: string; preview: string; progress: number; error: string | null };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0, margin: 0, padding: 0, border: 'none' },
  zone: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 12px',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  zoneActive: { border: `1px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  zoneText: { ...typographyStyles.body1, color: tokens.colorNeutralForeground2, flexBasis: '100%' },
  hiddenInput: { display: 'none' },
  head: { display: 'flex', flexDirection: 'column', gap: '2px', padding: 0, marginBottom: '12px' },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  /** Read by screen readers, not shown. */
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
    gap: '10px',
  },
  tile: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '4px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  tileDragging: { opacity: 0.5 },
  image: {
    display: 'block',
    width: '100%',
    aspectRatio: '1 / 1',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  cover: { position: 'absolute', top: '8px', left: '8px' },
  tools: { display: 'flex', justifyContent: 'space-between' },
  progress: { display: 'flex', flexDirection: 'column', gap: '2px', padding: '0 2px 2px' },
  caption: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  error: { ...typographyStyles.caption1, color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
});

const coarsePointer = () => typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

function uploadErrorText(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError?.fromServer) return apiError.details[0]?.message ?? apiError.message;
  if (apiError !== undefined) return 'The upload did not reach Tradepost. Check your connection and retry.';
  return error instanceof Error ? error.message : 'The upload failed.';
}

type ImageUploaderProps = {
  scope: BusinessScope | undefined;
  /** The photos, cover first. */
  value: readonly UploadedImage[];
  onChange: (next: UploadedImage[]) => void;
  label?: string;
  hint?: string;
  /** A message from the API about the photos (`images…` fields). */
  validationMessage?: string;
  max?: number;
  /** True while any upload is running, so a form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
  /** What the photos show, for their alternative text ('Air Jordan 4 Bred'). */
  subject?: string;
  /** The label is read by screen readers only, when a heading above already says it. */
  labelHidden?: boolean;
};

/**
 * Photos for an item: drop files, pick them, or take one with the phone camera. Each upload shows
 * its progress; finished photos can be reordered (the first is the cover) and removed, with the
 * keyboard as well as by dragging.
 */
export function ImageUploader({
  scope,
  value,
  onChange,
  label = 'Photos',
  hint = 'JPEG, PNG or WebP. The first photo is the cover; drag or use the arrows to reorder.',
  validationMessage,
  max = MAX_IMAGES_PER_ITEM,
  onBusyChange,
  subject = 'Item',
  labelHidden = false,
}: ImageUploaderProps) {
  const styles = useStyles();
  const fieldId = useId();
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dropping, setDropping] = useState(false);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  // Several uploads may finish between two renders: each must add to the latest list, not a stale one.
  const latest = useRef<readonly UploadedImage[]>(value);
  latest.current = value;
  const handles = useRef(new Map<string, UploadHandle>());
  const previews = useRef(new Set<string>());

  const running = pending.filter((p) => p.error === null).length;
  useEffect(() => onBusyChange?.(running > 0), [running, onBusyChange]);

  useEffect(() => {
    const open = handles.current;
    const urls = previews.current;
    return () => {
      for (const handle of open.values()) handle.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const commit = (next: UploadedImage[]) => {
    latest.current = next;
    onChange(next);
  };

  const patch = (key: string, change: Partial<Pending>) => setPending((prev) => prev.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const drop = (key: string) =>
    setPending((prev) => {
      const gone = prev.find((p) => p.key === key);
      if (gone !== undefined) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return prev.filter((p) => p.key !== key);
    });

  const start = async (item: Pending) => {
    if (scope === undefined) return;
    patch(item.key, { error: null, progress: 0 });
    try {
      const body = await prepareImage(item.file);
      const handle = uploadImage(scope.basePath, body, (fraction) => patch(item.key, { progress: fraction }));
      handles.current.set(item.key, handle);
      const media = await handle.promise;
      commit([...latest.current, { media_id: media.id, url: media.url, thumb_url: media.thumb_url }]);
      drop(item.key);
      setAnnouncement(`${item.name} uploaded`);
    } catch (error) {
      if (toApiError(error)?.code === 'ABORTED') return;
      patch(item.key, { error: uploadErrorText(error) });
      setAnnouncement(`${item.name} did not upload`);
    } finally {
      handles.current.delete(item.key);
    }
  };

  const addFiles = (files: readonly File[]) => {
    setNotice(null);
    const images = files.filter((file) => file.type === '' || file.type.startsWith('image/'));
    const refused = files.length - images.length;
    const room = Math.max(0, max - latest.current.length - running);
    const taken = images.slice(0, room);
    const notes: string[] = [];
    if (refused > 0)
      notes.push(`${refused === 1 ? 'One file is' : `${refused} files are`} not an image and ${refused === 1 ? 'was' : 'were'} skipped.`);
    if (images.length > room)
      notes.push(`An item holds ${max} photos; ${images.length - room} ${images.length - room === 1 ? 'was' : 'were'} left out.`);
    if (notes.length > 0) setNotice(notes.join(' '));
    const added = taken.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { key: `${Date.now()}-${Math.random()}`, file, name: file.name || 'Photo', preview, progress: 0, error: null };
    });
    if (added.length === 0) return;
    setPending((prev) => [...prev, ...added]);
    for (const item of added) void start(item);
  };

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles([...(event.target.files ?? [])]);
    // The same file can be chosen again after a failure or a removal.
    event.target.value = '';
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    commit(next);
    setAnnouncement(`Photo moved to position ${to + 1} of ${next.length}${to === 0 ? ', now the cover' : ''}`);
  };

  const remove = (index: number) => {
    commit(value.filter((_, i) => i !== index));
    setAnnouncement(`Photo ${index + 1} removed`);
  };

  const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  const full = value.length + running >= max;
  const describedBy = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;

  return (
    <fieldset className={styles.root} aria-describedby={validationMessage === undefined ? describedBy : `${describedBy} ${errorId}`}>
      <legend className={styles.head}>
        <Text weight="semibold" className={labelHidden ? styles.visuallyHidden : undefined}>
          {label}
        </Text>
        <Text id={describedBy} className={styles.hint}>
          {hint}
        </Text>
      </legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop area is a mouse shortcut; the buttons inside do the same by keyboard. */}
      <div
        className={mergeClasses(styles.zone, dropping && styles.zoneActive)}
        onDragOver={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setDropping(false);
          addFiles([...event.dataTransfer.files]);
        }}
      >
        <Text className={styles.zoneText}>{full ? `This item has its ${max} photos.` : 'Drag photos here, or'}</Text>
        <Button icon={<ImageAddRegular />} disabled={full || scope === undefined} onClick={() => pickerRef.current?.click()}>
          Choose photos
        </Button>
        {coarsePointer() ? (
          <Button icon={<CameraRegular />} disabled={full || scope === undefined} onClick={() => cameraRef.current?.click()}>
            Take photo
          </Button>
        ) : null}
        <input
          ref={pickerRef}
          className={styles.hiddenInput}
          type="file"
          accept="image/*"
          multiple
          aria-label="Photo files"
          aria-describedby={describedBy}
          onChange={onPicked}
        />
        <input
          ref={cameraRef}
          className={styles.hiddenInput}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label="Camera photo"
          onChange={onPicked}
        />
      </div>
      {notice === null ? null : (
        <Text className={styles.error} role="alert">
          {notice}
        </Text>
      )}
      {value.length === 0 && pending.length === 0 ? null : (
        <ul className={styles.grid} aria-label="Photos on this item">
          {value.map((image, index) => (
            <li
              key={image.media_id}
              className={mergeClasses(styles.tile, dragIndex === index && styles.tileDragging)}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
                setDragIndex(index);
              }}
              onDragEnd={() => setDragIndex(null)}
              onDragOver={(event) => {
                if (dragIndex !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragIndex === null) return;
                event.preventDefault();
                move(dragIndex, index);
                setDragIndex(null);
              }}
            >
              <img
                className={styles.image}
                src={image.thumb_url ?? mediaThumbUrl(image.media_id)}
                alt={`${subject}, view ${index + 1}${index === 0 ? ' (cover)' : ''}`}
                loading="lazy"
              />
              {index === 0 ? (
                <Badge className={styles.cover} appearance="filled" color="brand" size="small">
                  Cover
                </Badge>
              ) : null}
              <div className={styles.tools}>
                <Tooltip content="Move earlier" relationship="label">
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<ArrowLeftRegular />}
                    disabled={index === 0}
                    aria-label={`Move photo ${index + 1} earlier`}
                    onClick={() => move(index, index - 1)}
                  />
                </Tooltip>
                <Tooltip content="Remove" relationship="label">
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`Remove photo ${index + 1}`}
                    onClick={() => remove(index)}
                  />
                </Tooltip>
                <Tooltip content="Move later" relationship="label">
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<ArrowRightRegular />}
                    disabled={index === value.length - 1}
                    aria-label={`Move photo ${index + 1} later`}
                    onClick={() => move(index, index + 1)}
                  />
                </Tooltip>
              </div>
            </li>
          ))}
          {pending.map((item) => (
            <li key={item.key} className={styles.tile}>
              <img className={styles.image} src={item.preview} alt={`${item.name}, uploading`} />
              <div className={styles.progress}>
                {item.error === null ? (
                  <>
                    <ProgressBar value={item.progress} max={1} thickness="large" aria-label={`Uploading ${item.name}`} />
                    <span className={styles.caption}>
                      {item.progress >= 1 ? 'Processing…' : `Uploading ${Math.round(item.progress * 100)}%`}
                    </span>
                  </>
                ) : (
                  <>
                    <span className={styles.error}>{item.error}</span>
                    <div className={styles.tools}>
                      <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => void start(item)}>
                        Retry
                      </Button>
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<DismissRegular />}
                        aria-label={`Dismiss ${item.name}`}
                        onClick={() => drop(item.key)}
                      />
                    </div>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {validationMessage === undefined ? null : (
        <Text id={errorId} className={styles.error} role="alert">
          {validationMessage}
        </Text>
      )}
      <span aria-live="polite" className={styles.visuallyHidden}>
        {announcement}
      </span>
    </fieldset>
  );
}
