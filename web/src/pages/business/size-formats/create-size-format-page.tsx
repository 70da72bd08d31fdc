import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Select,
  Skeleton,
  SkeletonItem,
  Spinner,
  Textarea,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { AddRegular, ArrowSwapRegular, EyeRegular, RulerRegular, TextBulletListRegular } from '@fluentui/react-icons';
import { parseSizeList } from '@tradepost/shared/domain/sizes/custom-size-format.ts';
import { getSizeFormat, isSizeFormatId, SIZE_FORMATS, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { productCategories } from '@tradepost/shared/schemas/catalog.ts';
import { customSizeFormatBodySchema } from '@tradepost/shared/schemas/sizes.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccountFormStyles } from '../../../features/account/use-account-form-styles.ts';
import { fieldErrors, issuesToFields } from '../../../features/catalog/field-errors.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import {
  addSizes,
  bodyFromForm,
  emptySizeRunForm,
  formFromFormat,
  moveRow,
  removeRow,
  type SizeRow,
  type SizeRunForm,
} from '../../../features/sizes/size-run-editor.ts';
import { useSaveSizeFormat, useSizeFormat } from '../../../features/sizes/use-size-formats.ts';
import { categoryLabels } from './size-format-paths.ts';
import { type RowErrors, SizeRunRows } from './size-run-rows.tsx';

const useStyles = makeStyles({
  adder: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  adderInput: { flexGrow: 1, minWidth: '200px' },
  paste: { display: 'flex', flexDirection: 'column', gap: '8px' },
  pasteActions: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  note: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  preview: { display: 'flex', flexWrap: 'wrap', gap: '6px', margin: 0, padding: 0, listStyle: 'none' },
  chip: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    minWidth: '48px',
    padding: '4px 10px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    ...typographyStyles.body1Strong,
    fontVariantNumeric: 'tabular-nums',
  },
  chipConversion: { ...typographyStyles.caption2, color: tokens.colorNeutralForeground3 },
  sizesError: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1 },
});

const topFields = ['name', 'category', 'conversion_format', 'sizes'] as const;
type TopField = (typeof topFields)[number];

/** Messages at `sizes.3.value` belong to the row that was fourth when the form was sent, wherever it moves since. */
function splitErrors(fields: Record<string, string>, rows: readonly SizeRow[]) {
  const top: Partial<Record<TopField, string>> = {};
  const byRow: Record<string, RowErrors> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^sizes\.(\d+)\.(\w+)/.exec(path);
    const row = match === null ? undefined : rows[Number(match[1])];
    if (match !== null && row !== undefined) {
      const key = match[2] === 'converts_to' ? 'convertsTo' : 'value';
      byRow[row.key] = { ...byRow[row.key], [key]: message };
    } else {
      const field = topFields.find((name) => name === path) ?? 'sizes';
      top[field] = top[field] === undefined ? message : `${top[field]}, ${message}`;
    }
  }
  return { top, byRow };
}

/** /business/size-formats/create (and ?edit=custom:…): a size run of the business's own. */
export function CreateSizeFormatPage() {
  const styles = useStyles();
  const formStyles = useAccountFormStyles();
  const scope = useBusinessScope();
  const navigate = useNavigate();
  const toast = useAppToast();
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  const existing = useSizeFormat(scope, editId);
  const save = useSaveSizeFormat(scope, editId);

  const [form, setForm] = useState<SizeRunForm>(emptySizeRunForm);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [single, setSingle] = useState('');
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasted, setPasted] = useState('');
  const [addNote, setAddNote] = useState<string | undefined>();
  const [top, setTop] = useState<Partial<Record<TopField, string>>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const [general, setGeneral] = useState<string | undefined>();

  // The stored format fills the form once; later refetches must not overwrite what is being typed.
  useEffect(() => {
    if (existing.data !== undefined && loadedId !== existing.data.id) {
      setForm(formFromFormat(existing.data));
      setLoadedId(existing.data.id);
    }
  }, [existing.data, loadedId]);

  const conversion = isSizeFormatId(form.conversionFormat) ? getSizeFormat(form.conversionFormat) : null;
  const set = <K extends keyof SizeRunForm>(key: K, value: SizeRunForm[K]) => setForm((prev) => ({ ...prev, [key]: value }));
  const setRows = (rows: SizeRow[]) => setForm((prev) => ({ ...prev, rows }));

  const add = (text: string): boolean => {
    const result = addSizes(form.rows, text);
    setRows(result.rows);
    setTop((prev) => ({ ...prev, sizes: undefined }));
    setAddNote(
      result.skipped === 0
        ? undefined
        : `${result.skipped} ${result.skipped === 1 ? 'size was' : 'sizes were'} already in the run and ${result.skipped === 1 ? 'was' : 'were'} skipped.`,
    );
    return result.added > 0 || result.skipped > 0;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyFromForm(form);
    const checked = customSizeFormatBodySchema.safeParse(body);
    setGeneral(undefined);
    if (!checked.success) {
      const split = splitErrors(issuesToFields(checked.error.issues), form.rows);
      setTop(split.top);
      setRowErrors(split.byRow);
      return;
    }
    setTop({});
    setRowErrors({});
    const rowsAtSubmit = form.rows;
    save.mutate(body, {
      onSuccess: (format) => {
        toast({
          intent: 'success',
          title: editId === null ? 'Size format created' : 'Size format saved',
          body: `${format.name} with ${format.sizes.length} ${format.sizes.length === 1 ? 'size' : 'sizes'}.`,
        });
        navigate('/business/size-formats');
      },
      onError: (error) => {
        const result = fieldErrors(
          error,
          (path) => topFields.some((field) => field === path) || path.startsWith('sizes.'),
          'The size format could not be saved.',
        );
        const split = splitErrors(result.fields, rowsAtSubmit);
        setTop(split.top);
        setRowErrors(split.byRow);
        setGeneral(result.general ?? (Object.keys(result.fields).length > 0 ? 'Check the highlighted fields.' : undefined));
      },
    });
  };

  const title = editId === null ? 'New size format' : 'Edit size format';
  if (editId !== null && existing.isPending) {
    return (
      <AppPage title={title}>
        <Skeleton aria-label="Loading the size format">
          <SkeletonItem size={128} />
        </Skeleton>
      </AppPage>
    );
  }
  if (editId !== null && existing.isError) {
    return (
      <AppPage title={title}>
        <MessageBar intent="error">
          <MessageBarBody>
            This size format could not be found. It may have been deleted.{' '}
            <ButtonLink to="/business/size-formats">Back to size formats</ButtonLink>
          </MessageBarBody>
        </MessageBar>
      </AppPage>
    );
  }

  const pastedCount = parseSizeList(pasted).length;

  return (
    <AppPage
      title={title}
      description={
        editId === null
          ? 'A size run of your own, in the order you sell it. Products pick it like any built-in format.'
          : 'Rename, reorder or add sizes freely: products using a renamed size follow it. A size products still use cannot be removed.'
      }
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={title}>
        <PageSection id="size-format-details" title="Details" icon={<RulerRegular />}>
          <div className={formStyles.grid}>
            <Field className={formStyles.field} label="Name" required hint="e.g. Youth 1Y–7Y, Rings, Hats" validationMessage={top.name}>
              <Input className={formStyles.input} value={form.name} onChange={(_, d) => set('name', d.value)} autoFocus />
            </Field>
            <Field
              className={formStyles.field}
              label="Category"
              hint="Optional: which products this run is meant for."
              validationMessage={top.category}
            >
              <Select value={form.category} onChange={(_, d) => set('category', d.value)}>
                <option value="">Any category</option>
                {productCategories.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabels[category]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        </PageSection>

        <PageSection
          id="size-format-sizes"
          title="Sizes"
          icon={<TextBulletListRegular />}
          description="Smallest first, or in whatever order your listings should show them."
        >
          <div className={styles.adder}>
            <Field className={styles.adderInput} label="Add a size" hint="Press Enter to add it to the end of the run.">
              <Input
                value={single}
                onChange={(_, d) => setSingle(d.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  if (single.trim() !== '' && add(single.replace(/[,;\t]/g, ' '))) setSingle('');
                }}
              />
            </Field>
            <Button
              icon={<AddRegular />}
              disabled={single.trim() === ''}
              onClick={() => {
                if (add(single.replace(/[,;\t]/g, ' '))) setSingle('');
              }}
            >
              Add
            </Button>
            <Button appearance="subtle" aria-expanded={pasteOpen} onClick={() => setPasteOpen((open) => !open)}>
              {pasteOpen ? 'Close the list box' : 'Paste a list'}
            </Button>
          </div>
          {pasteOpen ? (
            <div className={styles.paste}>
              <Field label="Paste sizes" hint="One per line, or separated by commas (a spreadsheet row works).">
                <Textarea
                  value={pasted}
                  rows={4}
                  resize="vertical"
                  onChange={(_, d) => setPasted(d.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                      event.preventDefault();
                      if (add(pasted)) setPasted('');
                    }
                  }}
                />
              </Field>
              <div className={styles.pasteActions}>
                <Button
                  appearance="primary"
                  disabled={pastedCount === 0}
                  onClick={() => {
                    if (add(pasted)) setPasted('');
                  }}
                >
                  {pastedCount === 0 ? 'Add sizes' : `Add ${pastedCount} ${pastedCount === 1 ? 'size' : 'sizes'}`}
                </Button>
                <span className={styles.note}>Ctrl+Enter adds them too.</span>
              </div>
            </div>
          ) : null}
          {addNote === undefined ? null : (
            <p className={styles.note} role="status">
              {addNote}
            </p>
          )}
          {top.sizes === undefined ? null : (
            <p className={styles.sizesError} role="alert">
              {top.sizes}
            </p>
          )}
          <SizeRunRows
            rows={form.rows}
            conversion={conversion}
            errors={rowErrors}
            onChange={(index, change) => {
              setRows(form.rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
              const key = form.rows[index]?.key;
              if (key !== undefined && rowErrors[key] !== undefined) setRowErrors((prev) => ({ ...prev, [key]: {} }));
            }}
            onMove={(from, to) => setRows(moveRow(form.rows, from, to))}
            onRemove={(index) => setRows(removeRow(form.rows, index))}
          />
        </PageSection>

        <PageSection
          id="size-format-conversions"
          title="Conversions"
          icon={<ArrowSwapRegular />}
          description="Optional. Give each size its equivalent in a built-in run, so marketplace sizes like “GS 6” are read into yours."
        >
          <div className={formStyles.grid}>
            <Field className={formStyles.field} label="Converts to" validationMessage={top.conversion_format}>
              <Select value={form.conversionFormat} onChange={(_, d) => set('conversionFormat', d.value)}>
                <option value="">No conversions</option>
                {SIZE_FORMATS.map((format) => (
                  <option key={format.id} value={format.id}>
                    {format.name}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {conversion === null ? null : (
            <p className={styles.note}>
              Pick each size’s {conversion.name} equivalent in the list above; leave it empty where there is none.
            </p>
          )}
        </PageSection>

        <PageSection
          id="size-format-preview"
          title="Preview"
          icon={<EyeRegular />}
          description="The run as products and listings will show it."
        >
          {form.rows.filter((row) => row.value.trim() !== '').length === 0 ? (
            <p className={styles.note}>Add sizes to see the run.</p>
          ) : (
            <ol className={styles.preview} aria-label="Preview of the run">
              {form.rows
                .filter((row) => row.value.trim() !== '')
                .map((row) => (
                  <li key={row.key} className={styles.chip}>
                    <span>{row.value.trim()}</span>
                    {conversion !== null && row.convertsTo !== '' ? (
                      <span className={styles.chipConversion}>→ {sizeLabel(conversion.id, row.convertsTo)}</span>
                    ) : null}
                  </li>
                ))}
            </ol>
          )}
        </PageSection>

        {general === undefined ? null : (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{general}</MessageBarBody>
          </MessageBar>
        )}
        <div className={formStyles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabledFocusable={save.isPending}
            icon={save.isPending ? <Spinner size="tiny" /> : undefined}
          >
            {editId === null ? 'Create size format' : 'Save changes'}
          </Button>
          <ButtonLink to="/business/size-formats" appearance="subtle">
            Cancel
          </ButtonLink>
        </div>
      </form>
    </AppPage>
  );
}
