import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import type { AuthorizeConnectionBody, ConnectionEnvironment, PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../account/api-form-errors.ts';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import {
  callbackUrlFor,
  environmentHints,
  environmentLabels,
  offeredEnvironments,
  platformLabels,
  simulatorDefaults,
} from './connection-labels.ts';
import { useAuthorizeConnection } from './use-connections.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(560px, calc(100vw - 24px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  group: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  heading: { ...typographyStyles.subtitle2, margin: 0 },
  callback: {
    ...typographyStyles.caption1,
    margin: 0,
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
    overflowWrap: 'anywhere',
  },
  fill: { width: '100%', minWidth: 0 },
});

const fields = [
  'environment',
  'base_url',
  'auth_base_url',
  'shop_domain',
  'app.client_id',
  'app.client_secret',
  'app.redirect_uri',
] as const;
type FieldName = (typeof fields)[number];

type ConnectDialogProps = {
  scope: BusinessScope | undefined;
  entry: PlatformConnection;
  onClose: () => void;
};

/**
 * Connect a marketplace: where it is (live, the platform's sandbox, or a local simulator), the
 * store for Shopify, and the app's credentials when the server has none; then the browser goes to
 * the platform's consent page and comes back through our callback.
 */
export function ConnectDialog({ scope, entry, onClose }: ConnectDialogProps) {
  const styles = useStyles();
  const { platform } = entry;
  const label = platformLabels[platform];
  const authorize = useAuthorizeConnection(scope);
  const previous = entry.connection;
  const environments = offeredEnvironments(entry);
  const reusable = previous !== null && environments.includes(previous.environment) ? previous : null;
  const [environment, setEnvironment] = useState<ConnectionEnvironment>(reusable?.environment ?? 'production');
  const [baseUrl, setBaseUrl] = useState(reusable?.environment === 'simulator' ? reusable.api_base_url : '');
  const [shopDomain, setShopDomain] = useState(previous?.shop_domain ?? '');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [ruName, setRuName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const [leaving, setLeaving] = useState(false);
  // An edited field's message goes away; the server says again on the next try if it is still wrong.
  const edited = (field: FieldName, set: (value: string) => void) => (_: unknown, data: { value: string }) => {
    set(data.value);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // A simulator's credentials never match the server's app, so they are asked for there too.
  const askApp = !entry.app_configured || environment === 'simulator';
  const callback = callbackUrlFor(platform, window.location.origin);

  const chooseEnvironment = (next: ConnectionEnvironment) => {
    setEnvironment(next);
    setErrors({});
    const defaults = simulatorDefaults[platform];
    if (next === 'simulator') {
      if (baseUrl.trim() === '') setBaseUrl(defaults.baseUrl);
      if (defaults.shopDomain && shopDomain.trim() === '') setShopDomain(defaults.shopDomain);
    } else if (baseUrl === defaults.baseUrl) {
      setBaseUrl('');
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const body: AuthorizeConnectionBody = {
      environment,
      ...(environment !== 'production' && baseUrl.trim() !== '' ? { base_url: baseUrl.trim() } : {}),
      ...(platform === 'shopify' ? { shop_domain: shopDomain.trim() } : {}),
      ...(askApp && (clientId.trim() !== '' || clientSecret.trim() !== '' || !entry.app_configured)
        ? {
            app: {
              client_id: clientId.trim(),
              client_secret: clientSecret.trim(),
              ...(platform === 'ebay' ? { redirect_uri: ruName.trim() } : {}),
            },
          }
        : {}),
    };
    authorize.mutate(
      { platform, body },
      {
        onSuccess: ({ authorize_url }) => {
          // The platform's consent page; it sends the browser back to our callback.
          setLeaving(true);
          window.location.assign(authorize_url);
        },
        onError: (error) => {
          const result = apiFormErrors(error, fields, `${label} could not be connected.`);
          setErrors(result.fields);
          setGeneral(result.general);
        },
      },
    );
  };

  const busy = authorize.isPending || leaving;
  return (
    <Dialog open onOpenChange={(_, data) => (data.open || busy ? undefined : onClose())}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={onSubmit} noValidate aria-label={`Connect ${label}`}>
          <DialogBody>
            <DialogTitle>Connect {label}</DialogTitle>
            <DialogContent className={styles.content}>
              <p className={styles.text}>
                You will approve Tradepost on {label}’s own page, then come back here. Tradepost never sees your {label} password; the
                access it gets is stored encrypted.
              </p>
              <Field label="Where is the account?" validationMessage={errors.environment}>
                <RadioGroup value={environment} onChange={(_, data) => chooseEnvironment(data.value as ConnectionEnvironment)}>
                  {environments.map((value) => (
                    <Radio key={value} value={value} label={`${environmentLabels[value]} — ${environmentHints[value]}`} />
                  ))}
                </RadioGroup>
              </Field>
              {environment === 'production' ? null : (
                <Field
                  label={environment === 'simulator' ? 'Simulator address' : 'Sandbox address (optional)'}
                  hint={environment === 'sandbox' ? `Leave empty for ${label}’s own sandbox.` : 'Printed by pnpm sandbox.'}
                  required={environment === 'simulator'}
                  validationMessage={errors.base_url}
                >
                  <Input className={styles.fill} type="url" value={baseUrl} onChange={edited('base_url', setBaseUrl)} />
                </Field>
              )}
              {platform === 'shopify' ? (
                <Field label="Shop domain" hint="e.g. my-store.myshopify.com" required validationMessage={errors.shop_domain}>
                  <Input className={styles.fill} value={shopDomain} onChange={edited('shop_domain', setShopDomain)} />
                </Field>
              ) : null}
              {askApp ? (
                <div className={styles.group}>
                  <h3 className={styles.heading}>{label} app</h3>
                  <p className={styles.text}>
                    {entry.app_configured
                      ? 'Enter the simulator’s app credentials (pnpm sandbox prints them).'
                      : `This server has no ${label} app configured. Enter the credentials of your app from ${label}’s developer site.`}
                  </p>
                  <Field label="Client id" required validationMessage={errors['app.client_id']}>
                    <Input className={styles.fill} value={clientId} onChange={edited('app.client_id', setClientId)} autoComplete="off" />
                  </Field>
                  <Field label="Client secret" required validationMessage={errors['app.client_secret']}>
                    <Input
                      className={styles.fill}
                      type="password"
                      value={clientSecret}
                      onChange={edited('app.client_secret', setClientSecret)}
                      autoComplete="off"
                    />
                  </Field>
                  {platform === 'ebay' ? (
                    <Field
                      label="RuName (redirect name)"
                      hint={`Its accept URL must be ${callback}`}
                      required
                      validationMessage={errors['app.redirect_uri']}
                    >
                      <Input className={styles.fill} value={ruName} onChange={edited('app.redirect_uri', setRuName)} autoComplete="off" />
                    </Field>
                  ) : (
                    <div>
                      <p className={styles.text}>Register this redirect URL with the app:</p>
                      <p className={styles.callback}>{callback}</p>
                    </div>
                  )}
                </div>
              ) : null}
              <FormErrorAlert message={general} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={onClose}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : <OpenRegular />}>
                Continue to {label}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
