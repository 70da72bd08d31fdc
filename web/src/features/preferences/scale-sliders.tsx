import { Label, makeStyles, mergeClasses, Slider, tokens, typographyStyles, useId } from '@fluentui/react-components';
import { SCALE_SLIDER_STEP } from '@tradepost/shared/domain/preferences.ts';
import { useAtom } from 'jotai';
import { densityScaleAtom } from './density-scale-atom.ts';
import { fontScaleAtom } from './font-scale-atom.ts';
import { densitySliderConfig, type ScaleSliderConfig, textSizeSliderConfig } from './scale-marks.ts';

/** Fluent's medium slider: a 20 px thumb, whose centre stops 6 px inside each end of the rail. */
const THUMB_SIZE_PX = 20;
const THUMB_INSET_PX = 6;

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', minWidth: '160px' },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '8px' },
  value: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  slider: { width: '100%' },
  // The marks share the rail's geometry: the rail is the slider's width minus one thumb, centred.
  marks: {
    position: 'relative',
    height: '22px',
    marginLeft: `${THUMB_SIZE_PX / 2}px`,
    marginRight: `${THUMB_SIZE_PX / 2}px`,
  },
  mark: {
    position: 'absolute',
    top: 0,
    transform: 'translateX(-50%)',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '1px',
    ...typographyStyles.caption2,
    color: tokens.colorNeutralForeground3,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
  },
  tick: { width: '1px', height: '5px', backgroundColor: tokens.colorNeutralStroke1 },
  active: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
});

type ScaleSliderProps = { label: string; value: number; onChange: (value: number) => void; config: ScaleSliderConfig };

function ScaleSlider({ label, value, onChange, config }: ScaleSliderProps) {
  const styles = useStyles();
  const id = useId('scale-slider-');
  const shown = config.format(value);
  return (
    <div className={styles.wrap}>
      <div className={styles.head}>
        <Label htmlFor={id} size="small" weight="semibold">
          {label}
        </Label>
        <span className={styles.value} aria-hidden="true">
          {shown}
        </span>
      </div>
      <Slider
        id={id}
        className={styles.slider}
        min={config.min}
        max={config.max}
        step={SCALE_SLIDER_STEP}
        value={value}
        aria-valuetext={shown}
        onChange={(_event, data) => onChange(data.value)}
      />
      <div className={styles.marks} aria-hidden="true">
        {config.marks.map((mark) => (
          <span
            key={mark.value}
            className={mergeClasses(styles.mark, Math.abs(mark.value - value) < 0.001 && styles.active)}
            style={{ left: `clamp(${THUMB_INSET_PX}px, ${mark.percent}%, calc(100% - ${THUMB_INSET_PX}px))` }}
          >
            <span className={styles.tick} />
            {mark.label}
          </span>
        ))}
      </div>
    </div>
  );
}

/** Spec §2, §9: the text-size slider of the user menu and settings, 70–130% in steps of 5%, with marks. */
export function TextSizeSlider() {
  const [fontScale, setFontScale] = useAtom(fontScaleAtom);
  return <ScaleSlider label="Text size" value={fontScale} onChange={setFontScale} config={textSizeSliderConfig} />;
}

/** Spec §2, §9: the density slider, 50–130% in steps of 5%, marked at the old compact/default/comfortable densities. */
export function DensitySlider() {
  const [densityScale, setDensityScale] = useAtom(densityScaleAtom);
  return <ScaleSlider label="Density" value={densityScale} onChange={setDensityScale} config={densitySliderConfig} />;
}
