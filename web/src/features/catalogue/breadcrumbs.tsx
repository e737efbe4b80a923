import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

/** Home › Curriculum › Subject › Topic: every level but the current one links up. */
export function CatalogueBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumb.Root size="sm" mb="4">
      <Breadcrumb.List flexWrap="wrap">
        {crumbs.map((crumb, index) => (
          <Fragment key={crumb.to ?? crumb.label}>
            {index > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {crumb.to ? (
                <Breadcrumb.Link asChild>
                  <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
