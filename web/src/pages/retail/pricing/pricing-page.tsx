import { Badge, Button, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { EditRegular, TagRegular } from '@fluentui/react-icons';
import type { PriceRule } from '@tradepost/shared/schemas/sales.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useSearchParams } from 'react-router-dom';
import { ChannelIcon } from '../../../features/channels/channel-icon.tsx';
import { channelKindLabels } from '../../../features/channels/channel-labels.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { roundingShort } from '../../../features/retail/price-rule-draft.ts';
import { usePriceRules } from '../../../features/retail/use-price-rules.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { PriceRuleEditor } from './price-rule-editor.tsx';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  title: { ...typographyStyles.subtitle1, margin: 0 },
  channel: {
    padding: 0,
    minWidth: 0,
    height: 'auto',
    justifyContent: 'flex-start',
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

function ruleSummary(rule: PriceRule): string {
  if (!rule.enabled) return 'Base price';
  const markup = rule.markup_percent === 0 ? 'No markup' : `${rule.markup_percent > 0 ? '+' : ''}${rule.markup_percent}%`;
  return markup;
}

/** retail/pricing: per channel, how its prices follow from your base prices (markup, rounding, a margin floor). */
export function PricingPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const rules = usePriceRules(scope);
  const [params, setParams] = useSearchParams();
  const list = rules.data ?? [];
  const selected = list.find((rule) => rule.channel.id === params.get('channel')) ?? list[0];

  const choose = (channelId: string) => {
    setParams({ channel: channelId }, { replace: true });
    document.getElementById('price-rule-editor')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <AppPage
      wide
      title="Pricing"
      description="A rule per channel turns your base price into that channel’s price: a markup, rounding to a price ending, and a minimum margin over cost. See the effect on real products before you save."
      actions={
        <ButtonLink to="/sales-channels-management" icon={<TagRegular />}>
          Channel settings
        </ButtonLink>
      }
    >
      <section className={styles.card} aria-labelledby="rules-title">
        <h2 id="rules-title" className={styles.title}>
          Rules by channel
        </h2>
        {rules.isPending ? (
          <Spinner size="tiny" label="Loading price rules…" />
        ) : rules.isError ? (
          <LoadFailed subject="The price rules" onRetry={() => void rules.refetch()} retrying={rules.isFetching} />
        ) : (
          <DataTable
            label="Price rules"
            head={
              <>
                <th className={table.th}>Channel</th>
                <th className={table.th}>Markup</th>
                <th className={table.th}>Rounding</th>
                <th className={table.th}>Minimum margin</th>
                <th className={table.th}>Status</th>
                <th className={table.th}>
                  <span className={table.muted}>Edit</span>
                </th>
              </>
            }
          >
            {list.map((rule) => (
              <tr key={rule.channel.id} className={rule.channel.id === selected?.channel.id ? table.highlight : undefined}>
                <td className={table.td}>
                  {/* The name opens the rule too: on a phone the Edit column is off to the side. */}
                  <Button
                    appearance="transparent"
                    className={styles.channel}
                    icon={<ChannelIcon kind={rule.channel.kind} />}
                    onClick={() => choose(rule.channel.id)}
                  >
                    {rule.channel.name}
                  </Button>
                </td>
                <td className={`${table.td} ${table.nowrap}`}>{ruleSummary(rule)}</td>
                <td className={table.td}>{rule.enabled ? roundingShort[rule.rounding] : '—'}</td>
                <td className={table.td}>{rule.enabled && rule.min_margin_percent !== null ? `${rule.min_margin_percent}%` : '—'}</td>
                <td className={table.td}>
                  {rule.enabled ? (
                    <Badge appearance="tint" color="success" shape="rounded">
                      On
                    </Badge>
                  ) : (
                    <Badge appearance="tint" color="subtle" shape="rounded">
                      {rule.updated_at === null ? 'No rule' : 'Off'}
                    </Badge>
                  )}
                </td>
                <td className={table.td}>
                  <Button
                    size="small"
                    icon={<EditRegular />}
                    aria-label={`Edit the ${channelKindLabels[rule.channel.kind]} rule`}
                    onClick={() => choose(rule.channel.id)}
                  >
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <p className={styles.muted}>A channel without a rule, or with its rule off, sells at the base price of each size.</p>
      </section>
      {selected === undefined ? null : (
        <PriceRuleEditor key={`${selected.channel.id}-${selected.updated_at}`} scope={scope} rule={selected} />
      )}
    </AppPage>
  );
}
