import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import type { TPlanFeature, TPlanProduct } from '@hirecast/domain/billing';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

export const FEATURES_TABLE_LABEL = 'Plan features';

// Phones: the table scrolls sideways under a feature column that stays put, so plan names keep a readable
// width however many plans there are.
const FEATURE_COLUMN_XS = 156;
const PLAN_COLUMN_XS = 112;
const stickyFeatureColumn = {
  position: { xs: 'sticky', sm: 'static' },
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: { xs: 'inset -1px 0 0 #E2E5E2', sm: 'none' },
} as const;

/** Features by category, in catalogue order. */
function byCategory(features: readonly TPlanFeature[]) {
  const groups = new Map<string, TPlanFeature[]>();
  for (const feature of features)
    groups.set(feature.category, [...(groups.get(feature.category) ?? []), feature]);
  return [...groups];
}

// spec 2 §2 Plans, §3 Plan product features: which plan includes what, by category. A feature's action
// (actionContent, e.g. 'Contact us') opens the custom plan request about it.
export function FeaturesTable({
  products,
  features,
  canAct,
  onFeatureAction,
}: {
  products: readonly TPlanProduct[];
  features: readonly TPlanFeature[];
  canAct: boolean;
  onFeatureAction: (feature: TPlanFeature) => void;
}) {
  if (features.length === 0) return null;
  return (
    <ScrollRegion label={FEATURES_TABLE_LABEL} outlined sx={{ borderRadius: 3 }}>
      <Table
        aria-label={FEATURES_TABLE_LABEL}
        sx={{
          tableLayout: 'fixed',
          minWidth: { xs: FEATURE_COLUMN_XS + products.length * PLAN_COLUMN_XS, sm: 0 },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickyFeatureColumn, width: { xs: FEATURE_COLUMN_XS, sm: '46%' } }}>
              <Typography component="span" sx={{ fontWeight: 700 }}>
                Features
              </Typography>
            </TableCell>
            {products.map((product) => (
              <TableCell
                key={product.id}
                align="center"
                sx={{ px: { xs: 1, sm: 2 }, verticalAlign: 'bottom', fontSize: { xs: 13, sm: 14 } }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    height: 4,
                    borderRadius: 2,
                    bgcolor: product.borderColor,
                    mb: 1,
                    mx: 'auto',
                    width: 32,
                  }}
                />
                <Box component="span" sx={{ fontWeight: 650, lineHeight: 1.3, display: 'block' }}>
                  {product.name}
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {byCategory(features).map(([category, rows]) => (
            <Fragment key={category}>
              <TableRow sx={{ bgcolor: 'background.default' }}>
                <TableCell component="th" scope="colgroup" colSpan={products.length + 1} sx={{ py: 1 }}>
                  <Typography
                    variant="overline"
                    component="span"
                    color="text.secondary"
                    // Stays in view while the row scrolls sideways on a phone.
                    sx={{ position: 'sticky', left: 16, display: 'inline-block' }}
                  >
                    {category}
                  </Typography>
                </TableCell>
              </TableRow>
              {rows.map((feature) => (
                <TableRow key={`${category}-${feature.name}`}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ ...stickyFeatureColumn, verticalAlign: 'top', px: { xs: 1.5, sm: 2 } }}
                  >
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
                      <Typography component="span" sx={{ fontWeight: 600, fontSize: { xs: 14, sm: 15 } }}>
                        {feature.name}
                      </Typography>
                      {feature.comingSoon && (
                        <Chip
                          label="Coming soon"
                          size="small"
                          color="secondary"
                          variant="outlined"
                          // The secondary colour is 4.2:1 on white; its dark shade reads at AA.
                          sx={{ color: 'secondary.dark' }}
                        />
                      )}
                    </Box>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ mt: 0.25, fontSize: { xs: 13, sm: 14 } }}
                    >
                      {feature.description}
                    </Typography>
                    {feature.actionContent && (
                      <Button
                        size="small"
                        disabled={!canAct}
                        onClick={() => onFeatureAction(feature)}
                        sx={{ mt: 0.5, ml: -1 }}
                        aria-label={`${feature.actionContent} about ${feature.name}`}
                      >
                        {feature.actionContent}
                      </Button>
                    )}
                  </TableCell>
                  {products.map((product) => {
                    const included = feature.plans.includes(product.id);
                    return (
                      <TableCell key={product.id} align="center" sx={{ px: { xs: 1, sm: 2 } }}>
                        {included ? (
                          <CheckIcon color="success" titleAccess={`Included in ${product.name}`} />
                        ) : (
                          <RemoveIcon
                            sx={{ color: 'text.disabled' }}
                            titleAccess={`Not in ${product.name}`}
                          />
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
