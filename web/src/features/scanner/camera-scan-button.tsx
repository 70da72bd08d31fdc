import {
  Button,
  type ButtonProps,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { Camera20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { createCodeDetector } from './barcode-detector.ts';
import { cameraErrorMessage } from './camera-errors.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(560px, calc(100vw - 24px))' },
  viewport: {
    position: 'relative',
    width: '100%',
    aspectRatio: '4 / 3',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  video: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  // The aiming frame: a wide box suits 1D codes and still fits a QR code.
  aim: {
    position: 'absolute',
    inset: '30% 12%',
    border: `2px solid ${tokens.colorNeutralForegroundInverted}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: `0 0 0 100vmax rgba(0, 0, 0, 0.35)`,
    pointerEvents: 'none',
  },
  overlay: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForegroundInverted,
  },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, marginTop: '8px' },
  last: { ...typographyStyles.body1Strong, marginTop: '8px', fontVariantNumeric: 'tabular-nums' },
});

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'error'; message: string };

type CameraScanButtonProps = {
  onScan: (code: string) => void;
  /** Keep the camera open after a read (counting, receiving); otherwise one read closes it. */
  continuous?: boolean;
  label?: string;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  disabled?: boolean;
};

// The same code in front of the camera is read many times a second; one read per item is meant.
const repeatPauseMs = 1500;
const detectEveryMs = 150;

/** Scans with the device camera: the browser's BarcodeDetector, else the bundled zxing-wasm reader. */
export function CameraScanButton({
  onScan,
  continuous = false,
  label = 'Scan with camera',
  appearance,
  size,
  disabled,
}: CameraScanButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<Camera20Regular />} appearance={appearance} size={size} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? <CameraDialog continuous={continuous} onScan={onScan} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CameraDialog({ onScan, continuous, onClose }: { onScan: (code: string) => void; continuous: boolean; onClose: () => void }) {
  const styles = useStyles();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [lastCode, setLastCode] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The callers' functions change on every render; the camera must not restart for that.
  const latestOnScan = useRef(onScan);
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnScan.current = onScan;
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    // `attempt` restarts the camera after "Try again".
    void attempt;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lastRead = { code: '', at: 0 };

    const start = async () => {
      setState({ kind: 'starting' });
      if (!window.isSecureContext || navigator.mediaDevices?.getUserMedia === undefined) {
        setState({ kind: 'error', message: cameraErrorMessage(null, window.isSecureContext) });
        return;
      }
      try {
        const [media, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
          createCodeDetector(),
        ]);
        stream = media;
        const element = video.current;
        if (stopped || element === null) return;
        element.srcObject = media;
        await element.play();
        setState({ kind: 'scanning' });
        const tick = async () => {
          if (stopped) return;
          if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const codes = await detector.detect(element).catch(() => []);
            const code = codes[0]?.rawValue;
            const now = Date.now();
            if (!stopped && code !== undefined && code !== '' && (code !== lastRead.code || now - lastRead.at > repeatPauseMs)) {
              lastRead.code = code;
              lastRead.at = now;
              setLastCode(code);
              latestOnScan.current(code);
              if (!continuous) {
                latestOnClose.current();
                return;
              }
            }
          }
          timer = setTimeout(() => void tick(), detectEveryMs);
        };
        void tick();
      } catch (error) {
        if (!stopped) setState({ kind: 'error', message: cameraErrorMessage(error, window.isSecureContext) });
      }
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [attempt, continuous]);

  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>Scan with camera</DialogTitle>
          <DialogContent>
            {state.kind === 'error' ? (
              <MessageBar intent="error">
                <MessageBarBody>{state.message}</MessageBarBody>
              </MessageBar>
            ) : (
              <div className={styles.viewport}>
                <video ref={video} className={styles.video} muted playsInline aria-label="Camera preview" />
                <div className={styles.aim} />
                {state.kind === 'starting' ? (
                  <div className={styles.overlay}>
                    <Spinner label="Starting camera…" appearance="inverted" />
                  </div>
                ) : null}
              </div>
            )}
            <p className={styles.hint}>Hold the barcode inside the frame. EAN, UPC, Code 128, Code 39 and QR codes are read.</p>
            {continuous && lastCode !== null ? (
              <p className={styles.last} aria-live="polite">
                Last read: {lastCode}
              </p>
            ) : null}
          </DialogContent>
          <DialogActions>
            {state.kind === 'error' ? (
              <Button appearance="primary" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            ) : null}
            <Button appearance={state.kind === 'error' ? 'secondary' : 'primary'} onClick={onClose}>
              {continuous ? 'Done' : 'Close'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
