import { PageTitle } from '../../../shared/components/PageTitle';

export function BillingPage() {
  return <PageTitle title="Your Video Testing Plan" />;
}
